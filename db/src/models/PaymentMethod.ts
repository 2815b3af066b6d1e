import type { RelationMappings } from 'objection';
import type { PaymentMethodType } from '@riffline/contracts';
import { TimestampedModel } from './BaseModel.ts';
import { belongsTo } from './relations.ts';
import { User } from './User.ts';

export class PaymentMethod extends TimestampedModel {
  static override tableName = 'payment_methods';

  id!: string;
  userId!: string;
  type!: PaymentMethodType;
  upiId!: string | null;
  paypalEmail!: string | null;
  accountHolderName!: string | null;
  accountNumber!: string | null;
  ifscCode!: string | null;
  isDefault!: boolean;

  static override get relationMappings(): RelationMappings {
    return { user: belongsTo(User, 'payment_methods.userId', 'users.id') };
  }
}
