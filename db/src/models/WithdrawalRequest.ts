import type { RelationMappings } from 'objection';
import type { WithdrawalRequestStatus } from '@riffline/contracts';
import { TimestampedModel } from './BaseModel.ts';
import { PaymentMethod } from './PaymentMethod.ts';
import { belongsTo } from './relations.ts';
import { User } from './User.ts';

export class WithdrawalRequest extends TimestampedModel {
  static override tableName = 'withdrawal_requests';

  id!: string;
  userId!: string;
  paymentMethodId!: string | null;
  /** USD, decimal(10,2) as an exact string. */
  amount!: string;
  status!: WithdrawalRequestStatus;
  adminNotes!: string | null;
  /** The UTR, or the PayPal or bank reference, recorded when it was marked completed. */
  paymentReference!: string | null;
  processedBy!: string | null;
  processedAt!: Date | null;

  static override get relationMappings(): RelationMappings {
    return {
      user: belongsTo(User, 'withdrawal_requests.userId', 'users.id'),
      paymentMethod: belongsTo(PaymentMethod, 'withdrawal_requests.paymentMethodId', 'payment_methods.id'),
      processor: belongsTo(User, 'withdrawal_requests.processedBy', 'users.id'),
    };
  }
}
