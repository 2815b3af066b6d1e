import type { RelationMappings } from 'objection';
import { BaseModel } from './BaseModel.ts';
import { belongsTo } from './relations.ts';
import { User } from './User.ts';

export class PlatformSetting extends BaseModel {
  static override tableName = 'platform_settings';

  id!: string;
  settingKey!: string;
  settingValue!: string;
  updatedBy!: string | null;
  updatedAt!: Date;

  override $beforeUpdate(): void {
    this.updatedAt = new Date();
  }

  static override get relationMappings(): RelationMappings {
    return { updater: belongsTo(User, 'platform_settings.updatedBy', 'users.id') };
  }
}
