import type { DeliveryStatus } from '@riffline/contracts';
import { BaseModel } from './BaseModel.ts';

/** One delivery of a release to a store (docs/delivery.md): its batch, its MessageId, its state. */
export class Delivery extends BaseModel {
  static override tableName = 'deliveries';

  id!: string;
  releaseId!: string;
  targetId!: string;
  kind!: 'new' | 'update' | 'takedown' | 'purge';
  /** The takedown or purge it carries (docs/delivery.md). */
  changeId!: string | null;
  batchId!: string;
  messageId!: string;
  status!: DeliveryStatus;
  error!: string | null;
  storeUrl!: string | null;
  attempts!: number;
  createdAt!: Date;
  deliveredAt!: Date | null;
  /** When the store made the acknowledgement that set `status` (a later one replaces it, an earlier not). */
  acknowledgedAt!: Date | null;
  updatedAt!: Date;

  override $beforeUpdate(): void {
    this.updatedAt = new Date();
  }
}
