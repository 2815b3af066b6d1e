import {
  addToStats,
  lockStatSubjects,
  saveStatSubject,
  statSubjectKey,
  type DbTransaction,
} from '@riffline/db';
import type { ConsumerGroup, LoggedEvent } from '../events/log.ts';
import { applyEvent, changesOf, statEventTypes } from './projection.ts';

export { applyEvent, changesOf, statEventTypes } from './projection.ts';
export { replayStats } from './replay.ts';

export const STATS_GROUP = 'stats';

/**
 * Applies one event to the stats projection in the caller's transaction: locks the subjects it speaks
 * of, writes them as they now are, and moves each stat by what changed.
 */
export async function projectStats(event: LoggedEvent, trx: DbTransaction): Promise<void> {
  const changes = changesOf(event);
  if (!changes.length) return;
  const subjects = await lockStatSubjects(trx, changes);
  const moves = applyEvent(subjects, event);
  for (const { kind, id } of changes)
    await saveStatSubject(trx, kind, id, subjects.get(statSubjectKey(kind, id))!);
  await addToStats(trx, moves);
}

/**
 * The `stats` consumer group: keeps the admin console's top stats (pending applications, approved
 * artists, releases, open tickets) from the log, so `GET /api/admin/stats` reads four numbers instead
 * of counting four tables.
 */
export function stats(): ConsumerGroup {
  return {
    group: STATS_GROUP,
    handlers: Object.fromEntries(statEventTypes.map((type) => [type, projectStats])),
  };
}
