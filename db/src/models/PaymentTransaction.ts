import type { RelationMappings } from 'objection';
import type { TransactionStatus, TransactionType } from '@riffline/contracts';
import { TimestampedModel } from './BaseModel.ts';
import { belongsTo } from './relations.ts';
import { Release } from './Release.ts';
import { User } from './User.ts';

export class PaymentTransaction extends TimestampedModel {
  static override tableName = 'payment_transactions';

  id!: string;
  userId!: string;
  type!: TransactionType;
  orderId!: string;
  gatewayOrderId!: string | null;
  amount!: string;
  customerMobile!: string | null;
  paymentUrl!: string | null;
  status!: TransactionStatus;
  utr!: string | null;
  remark1!: string | null;
  remark2!: string | null;
  redirectUrl!: string | null;
  releaseId!: string | null;
  completedAt!: Date | null;

  static override get relationMappings(): RelationMappings {
    return {
      user: belongsTo(User, 'payment_transactions.userId', 'users.id'),
      release: belongsTo(Release, 'payment_transactions.releaseId', 'releases.id'),
    };
  }
}
