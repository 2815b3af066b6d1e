import type { RelationMappings } from 'objection';
import type { Currency, RoyaltyStatus } from '@riffline/contracts';
import { BaseModel } from './BaseModel.ts';
import { belongsTo } from './relations.ts';
import { Release } from './Release.ts';
import { User } from './User.ts';

export class Royalty extends BaseModel {
  static override tableName = 'royalties';

  id!: string;
  userId!: string;
  releaseId!: string | null;
  amount!: string;
  currency!: Currency;
  period!: string;
  status!: RoyaltyStatus;
  paidAt!: Date | null;
  createdAt!: Date;
  /** The store report this amount came from (its lines name this row), with the gross and the commission. */
  reportId!: string | null;
  grossUsd!: string | null;
  commissionPercent!: string | null;
  lines!: number | null;

  static override get relationMappings(): RelationMappings {
    return {
      user: belongsTo(User, 'royalties.userId', 'users.id'),
      release: belongsTo(Release, 'royalties.releaseId', 'releases.id'),
    };
  }
}
