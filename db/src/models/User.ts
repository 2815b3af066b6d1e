import type { RelationMappings } from 'objection';
import type { Currency, Role } from '@riffline/contracts';
import { Application } from './Application.ts';
import { TimestampedModel } from './BaseModel.ts';
import { PaymentMethod } from './PaymentMethod.ts';
import { PaymentTransaction } from './PaymentTransaction.ts';
import { hasMany } from './relations.ts';
import { Release } from './Release.ts';
import { Royalty } from './Royalty.ts';
import { SupportTicket } from './SupportTicket.ts';
import { WithdrawalRequest } from './WithdrawalRequest.ts';

export class User extends TimestampedModel {
  static override tableName = 'users';

  id!: string;
  username!: string | null;
  email!: string | null;
  firstName!: string | null;
  lastName!: string | null;
  profileImageUrl!: string | null;
  role!: Role;
  isApproved!: boolean;
  /** The issuer says the user owns `email` (set at each sign-in from its `email_verified` claim). */
  emailVerified!: boolean;
  preferredCurrency!: Currency;
  /** decimal(10,2) as an exact string, e.g. "120.50". */
  coins!: string;
  /** Not a column: whether they are someone's accepted payee, when read with the session (sessions.ts). */
  isPayee?: boolean;

  static override modifiers = {
    /** What a list shows of a row's user: who it is and how to reach them. */
    contact: (query: ReturnType<typeof User.query>) =>
      query.select('users.id', 'users.email', 'users.username'),
  };

  static override get relationMappings(): RelationMappings {
    return {
      applications: hasMany(Application, 'users.id', 'applications.userId'),
      releases: hasMany(Release, 'users.id', 'releases.userId'),
      royalties: hasMany(Royalty, 'users.id', 'royalties.userId'),
      supportTickets: hasMany(SupportTicket, 'users.id', 'support_tickets.userId'),
      paymentMethods: hasMany(PaymentMethod, 'users.id', 'payment_methods.userId'),
      withdrawalRequests: hasMany(WithdrawalRequest, 'users.id', 'withdrawal_requests.userId'),
      paymentTransactions: hasMany(PaymentTransaction, 'users.id', 'payment_transactions.userId'),
    };
  }
}
