import type { ExportFile, ExportKind, ExportScope, ExportStatus, ReleaseStatus } from '@riffline/contracts';
import { raw, type QueryBuilder } from 'objection';
import { TimestampedModel } from './BaseModel.ts';

/** A file an export wrote (or links to), with the storage key it is read from. */
export interface ExportManifestEntry extends ExportFile {
  key: string;
}

/** A release export and its job state (db/src/exports/ writes the workers' progress and outcome). */
export class Export extends TimestampedModel {
  static override tableName = 'exports';
  static override jsonAttributes = ['files'];

  id!: string;
  kind!: ExportKind;
  scope!: ExportScope;
  title!: string;
  releaseId!: string | null;
  releaseStatus!: ReleaseStatus | null;
  releaseIds!: string[];
  totalReleases!: number;
  releasesDone!: number;
  status!: ExportStatus;
  /** The export's folder in object storage (`exports/<id>`). */
  folderKey!: string;
  files!: ExportManifestEntry[];
  error!: string | null;
  requestedBy!: string | null;
  startedAt!: Date | null;
  completedAt!: Date | null;
  /** With the `summary` modifier: how many files, without the manifest itself. */
  fileCount?: number;

  static override modifiers = {
    /** A list's columns: the manifest and the release list (thousands of entries) stay behind. */
    summary: (query: QueryBuilder<Export>) =>
      query.select(
        ...[
          'id',
          'kind',
          'scope',
          'title',
          'releaseId',
          'releaseStatus',
          'totalReleases',
          'releasesDone',
          'status',
          'folderKey',
          'error',
          'requestedBy',
          'createdAt',
          'updatedAt',
          'startedAt',
          'completedAt',
        ].map((column) => `exports.${column}`),
        raw('jsonb_array_length(exports.files)::int as file_count'),
      ),
  };
}
