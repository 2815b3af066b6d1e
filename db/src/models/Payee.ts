import type { RelationMappings } from 'objection';
import type { PayeeStatus } from '@riffline/contracts';
import { BaseModel } from './BaseModel.ts';
import { belongsTo } from './relations.ts';
import { User } from './User.ts';

/**
 * Someone a release owner shares earnings with (docs/splits.md): the owner themself, or a collaborator
 * named by email, who receives as `userId` once they accept (until then their shares are held).
 */
export class Payee extends BaseModel {
  static override tableName = 'payees';

  id!: string;
  ownerId!: string;
  userId!: string | null;
  /** The invite's address, lower-cased (the owner's own, if known, on their row). */
  email!: string | null;
  name!: string | null;
  status!: PayeeStatus;
  createdAt!: Date;
  acceptedAt!: Date | null;
  /** The SHA-256 hash (hex) of the latest mailed invite link's token; null once accepted or withdrawn. */
  inviteTokenHash!: string | null;
  inviteExpiresAt!: Date | null;
  inviteSentAt!: Date | null;
  withdrawnAt!: Date | null;

  static override get relationMappings(): RelationMappings {
    return {
      owner: belongsTo(User, 'payees.ownerId', 'users.id'),
      user: belongsTo(User, 'payees.userId', 'users.id'),
    };
  }
}
