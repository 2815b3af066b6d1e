import type { RelationMappings } from 'objection';
import { BaseModel } from './BaseModel.ts';
import { Release } from './Release.ts';
import { belongsTo } from './relations.ts';

/**
 * One row of store usage: streams, downloads and revenue of a release (and track) on a store, country and
 * usage period (`date` to `endDate`: a day, or the month a monthly report covers), summed from the lines of
 * one store report.
 */
export class Analytics extends BaseModel {
  static override tableName = 'analytics';

  id!: string;
  releaseId!: string;
  platform!: string;
  track!: string | null;
  country!: string | null;
  streams!: number;
  downloads!: number;
  date!: string;
  /** The last day of the usage period (the same as `date` for a day). */
  endDate!: string;
  createdAt!: Date;
  /** The release's artist (imported rows; null on rows written before imports). */
  userId!: string | null;
  trackId!: string | null;
  /** Net revenue in USD, numeric(24,8) as text. */
  revenueUsd!: string;
  listeners!: number | null;
  /** The store report the row was imported from. */
  reportId!: string;

  static override get relationMappings(): RelationMappings {
    return { release: belongsTo(Release, 'analytics.releaseId', 'releases.id') };
  }
}
