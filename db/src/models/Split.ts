import type { RelationMappings } from 'objection';
import { BaseModel } from './BaseModel.ts';
import { hasMany } from './relations.ts';

/** One version of a release's split (or of one track's), applying from the sale month `effectiveFrom` on. */
export class Split extends BaseModel {
  static override tableName = 'splits';

  id!: string;
  releaseId!: string;
  trackId!: string | null;
  effectiveFrom!: string;
  createdBy!: string;
  createdAt!: Date;
  shares?: SplitShare[];

  static override get relationMappings(): RelationMappings {
    return { shares: hasMany(SplitShare, 'splits.id', 'split_shares.splitId') };
  }
}

/** A payee's percentage (2 decimals) in a split version; a version's shares add up to 100. */
export class SplitShare extends BaseModel {
  static override tableName = 'split_shares';
  static override idColumn = ['splitId', 'payeeId'];

  splitId!: string;
  payeeId!: string;
  percent!: string;
}
