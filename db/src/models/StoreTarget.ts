import { BaseModel } from './BaseModel.ts';

/** A store's drop box (docs/delivery.md); `credentials` is the encrypted blob (db/src/delivery/credentials.ts). */
export class StoreTarget extends BaseModel {
  static override tableName = 'store_targets';

  id!: string;
  store!: string;
  protocol!: 'sftp' | 's3';
  host!: string | null;
  port!: number | null;
  folder!: string;
  username!: string | null;
  bucket!: string | null;
  region!: string | null;
  endpoint!: string | null;
  credentials!: string;
  dpid!: string;
  profile!: 'batch' | 'release';
  mode!: 'live' | 'test';
  enabled!: boolean;
  createdAt!: Date;
  updatedAt!: Date;

  override $beforeUpdate(): void {
    this.updatedAt = new Date();
  }
}
