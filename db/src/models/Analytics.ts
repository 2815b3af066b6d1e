import type { RelationMappings } from 'objection';
import { BaseModel } from './BaseModel.ts';
import { Release } from './Release.ts';
import { belongsTo } from './relations.ts';

/** One row of store usage: streams and downloads of a release (and track) on a store, country and day. */
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
  createdAt!: Date;

  static override get relationMappings(): RelationMappings {
    return { release: belongsTo(Release, 'analytics.releaseId', 'releases.id') };
  }
}
