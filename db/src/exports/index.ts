import type { ReleaseStatus } from '@riffline/contracts';
import { calendarDay, type Db, type DbTransaction } from '../connection.ts';
import { Export, type ExportManifestEntry } from '../models/Export.ts';
import { FailedEvent } from '../models/FailedEvent.ts';
import { Release } from '../models/Release.ts';
import type { Track } from '../models/Track.ts';

/**
 * Release exports' reads and writes: what a request counts (api), and the job's state as the workers'
 * `exports` group builds it. Progress is written on a connection of its own, outside the handling
 * transaction, so the export page shows it while the export runs (PostgreSQL; PGlite has one connection,
 * so there it is written with the outcome).
 */

/** The releases an export of every release (or of those of one status) covers, oldest first. */
export async function releaseIdsToExport(
  db: Db | DbTransaction,
  filter: { status?: ReleaseStatus } = {},
): Promise<string[]> {
  const query = Release.query(db).select('id').orderBy('createdAt', 'asc').orderBy('id', 'asc');
  if (filter.status) query.where('status', filter.status);
  return (await query).map((r) => r.id);
}

/** Releases with their tracks in track order, in the order of `ids` (those deleted since are left out). */
export async function releasesForExport(
  db: Db | DbTransaction,
  ids: readonly string[],
): Promise<Array<Release & { tracks: Track[] }>> {
  if (!ids.length) return [];
  const rows = await Release.query(db)
    .whereIn('id', [...ids])
    .withGraphFetched('tracks(inOrder)')
    .modifiers({ inOrder: (q) => q.orderBy('trackNumber', 'asc') });
  // PGlite reads a date column as a Date (pg is told to keep "YYYY-MM-DD"): the same text on both.
  for (const row of rows) {
    row.releaseDate = calendarDay(row.releaseDate);
    row.originalReleaseDate = calendarDay(row.originalReleaseDate);
  }
  const byId = new Map(rows.map((r) => [r.id, r as Release & { tracks: Track[] }]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** The job an `export.requested` event names. */
export function exportById(db: Db | DbTransaction, id: string) {
  return Export.query(db).findById(id);
}

/** The build started (again, after a failed attempt: its progress starts over). */
export async function markExportRunning(db: Db | DbTransaction, id: string, at: Date): Promise<void> {
  await Export.query(db)
    .findById(id)
    .whereIn('status', ['pending', 'running'])
    .patch({ status: 'running', startedAt: at, releasesDone: 0, error: null });
}

/** How many of its releases the running build has written. */
export async function saveExportProgress(
  db: Db | DbTransaction,
  id: string,
  releasesDone: number,
): Promise<void> {
  await Export.query(db).findById(id).where('status', 'running').patch({ releasesDone });
}

/** Every file is in storage: the manifest, and the job done. */
export async function completeExport(
  trx: DbTransaction,
  id: string,
  outcome: { files: ExportManifestEntry[]; releasesDone: number; at: Date },
): Promise<void> {
  await Export.query(trx).findById(id).patch({
    status: 'completed',
    files: outcome.files,
    releasesDone: outcome.releasesDone,
    completedAt: outcome.at,
    error: null,
  });
}

/** The build gave up: why. */
export async function failExport(trx: DbTransaction, id: string, error: string, at: Date): Promise<void> {
  await Export.query(trx).findById(id).patch({ status: 'failed', error, completedAt: at });
}

/** The failed attempts a consumer group has counted at an event so far (0 on the first). */
export async function failedAttemptsAt(
  db: Db | DbTransaction,
  group: string,
  eventId: string,
): Promise<number> {
  const row = await FailedEvent.query(db).findOne({ groupName: group, eventId }).select('attempts');
  return row ? Number(row.attempts) : 0;
}
