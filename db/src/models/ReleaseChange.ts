import type { ReleaseChangeKind } from '@riffline/contracts';
import { BaseModel } from './BaseModel.ts';

/** A takedown or a purge of a release that went out to the stores (docs/delivery.md). */
export class ReleaseChange extends BaseModel {
  static override tableName = 'release_changes';

  id!: string;
  releaseId!: string;
  kind!: ReleaseChangeKind;
  /** null: every store that has the release. */
  stores!: string[] | null;
  /** null: everywhere. */
  territories!: string[] | null;
  /** YYYY-MM-DD; null: at once. */
  effectiveOn!: string | null;
  requestedBy!: string | null;
  createdAt!: Date;
}
