import type { CorrectionFields, ReleaseChangeKind, ReleaseChangeStatus } from '@riffline/contracts';
import type { Pojo } from 'objection';
import { calendarDay } from '../connection.ts';
import { BaseModel } from './BaseModel.ts';

/** A takedown, a purge or a correction of a release that went out to the stores (docs/delivery.md). */
export class ReleaseChange extends BaseModel {
  static override tableName = 'release_changes';

  id!: string;
  releaseId!: string;
  kind!: ReleaseChangeKind;
  /** A correction waits for review (`pending`); takedowns and purges are `approved` as they are asked. */
  status!: ReleaseChangeStatus;
  /** A correction: the values it proposes, and those they replace. */
  proposed!: CorrectionFields | null;
  previous!: CorrectionFields | null;
  reason!: string | null;
  decidedBy!: string | null;
  decidedAt!: Date | null;
  /** null: every store that has the release. */
  stores!: string[] | null;
  /** null: everywhere. */
  territories!: string[] | null;
  /** YYYY-MM-DD; null: at once. */
  effectiveOn!: string | null;
  requestedBy!: string | null;
  createdAt!: Date;

  static override jsonAttributes = ['proposed', 'previous'];

  /** The date as "YYYY-MM-DD" on either driver (PGlite reads a date as a Date). */
  override $parseDatabaseJson(json: Pojo): Pojo {
    const parsed = super.$parseDatabaseJson(json);
    if ('effectiveOn' in parsed) parsed.effectiveOn = calendarDay(parsed.effectiveOn as string | Date | null);
    return parsed;
  }
}
