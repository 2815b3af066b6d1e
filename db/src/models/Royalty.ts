import type { RelationMappings } from 'objection';
import type { Currency, RoyaltyStatus } from '@riffline/contracts';
import { BaseModel } from './BaseModel.ts';
import { belongsTo } from './relations.ts';
import { Release } from './Release.ts';
import { User } from './User.ts';

export class Royalty extends BaseModel {
  static override tableName = 'royalties';

  id!: string;
  /** Who receives it; null while it is held for a payee who has not accepted (docs/splits.md). */
  userId!: string | null;
  releaseId!: string | null;
  /** USD (or `currency`): a whole credit in cents, a payee's part of one at up to 8 decimals. */
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
  /** The split version and payee a part of a credit went to (null for a credit that was not split). */
  splitId!: string | null;
  payeeId!: string | null;
  /** The track whose own split cut this row (null for a row of the whole release). */
  trackId!: string | null;

  static override get relationMappings(): RelationMappings {
    return {
      user: belongsTo(User, 'royalties.userId', 'users.id'),
      release: belongsTo(Release, 'royalties.releaseId', 'releases.id'),
    };
  }
}
