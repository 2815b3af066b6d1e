import { randomUUID } from 'node:crypto';
import { NO_RELEASES_TO_EXPORT, type ExportKind, type ReleaseStatus } from '@riffline/contracts';
import {
  appendEvent,
  Export,
  releaseIdsToExport,
  type Db,
  type DbTransaction,
  type User,
} from '@riffline/db';
import { ConflictError } from '../../errors.ts';
import { loadRelease } from '../releases/ownRelease.ts';

/**
 * Asks for a release export. The API builds nothing: in one transaction it counts the releases, inserts
 * the job row (`pending`) and appends `export.requested`; the workers' `exports` group builds the folder
 * or the document and moves the row along. The count answered is the count built.
 */
async function insertExport(
  trx: DbTransaction,
  user: User,
  fields: Pick<Export, 'kind' | 'scope' | 'title' | 'releaseId' | 'releaseStatus' | 'releaseIds'>,
): Promise<Export> {
  const id = randomUUID();
  const job = await Export.query(trx)
    .insert({
      ...fields,
      id,
      totalReleases: fields.releaseIds.length,
      folderKey: `exports/${id}`,
      requestedBy: user.id,
    })
    .returning('*');
  await appendEvent(trx, {
    type: 'export.requested',
    aggregateId: job.id,
    actorId: user.id,
    payload: {
      kind: job.kind,
      scope: job.scope,
      totalReleases: job.totalReleases,
      releaseId: job.releaseId,
      releaseStatus: job.releaseStatus,
    },
  });
  return job;
}

/** An admin's export of every release, or of those of one status; 409 when there are none. */
export function requestReleasesExport(
  db: Db,
  admin: User,
  kind: ExportKind,
  filter: { status?: ReleaseStatus },
): Promise<Export> {
  return db.transaction(async (trx) => {
    const releaseIds = await releaseIdsToExport(trx, filter);
    if (!releaseIds.length) throw ConflictError(NO_RELEASES_TO_EXPORT);
    return insertExport(trx, admin, {
      kind,
      scope: 'all',
      title: filter.status ? `All ${filter.status} releases` : 'All releases',
      releaseId: null,
      releaseStatus: filter.status ?? null,
      releaseIds,
    });
  });
}

/** One release's export, by its artist (or an admin); 404 for anyone else's. */
export function requestReleaseExport(
  db: Db,
  user: User,
  releaseId: string,
  kind: ExportKind,
): Promise<Export> {
  return db.transaction(async (trx) => {
    const release = await loadRelease(trx, user, releaseId, { admins: true });
    return insertExport(trx, user, {
      kind,
      scope: 'release',
      title: release.title,
      releaseId: release.id,
      releaseStatus: null,
      releaseIds: [release.id],
    });
  });
}
