import {
  addToStats,
  lockStatSubjects,
  saveStatSubjects,
  statSubjectKey,
  type DbTransaction,
} from '@riffline/db';
import type { ConsumerGroup, LoggedEvent } from '../events/log.ts';
import { addMoves, applyEvent, changesOf, statEventTypes } from './projection.ts';

export { applyEvent, changesOf, statEventTypes } from './projection.ts';
export { replayStats } from './replay.ts';

export const STATS_GROUP = 'stats';

/**
 * Applies events, in log order, to the stats projection in the caller's transaction: locks every
 * subject they speak of at once, folds the events into them, writes the subjects that changed in one
 * statement and moves each stat once by the sum of its moves.
 */
export async function projectStats(events: readonly LoggedEvent[], trx: DbTransaction): Promise<void> {
  const changes = events.flatMap(changesOf);
  if (!changes.length) return;
  const touched = new Map(changes.map(({ kind, id }) => [statSubjectKey(kind, id), { kind, id }]));
  const subjects = await lockStatSubjects(trx, [...touched.values()]);
  const moves = {};
  for (const event of events) addMoves(moves, applyEvent(subjects, event));
  await saveStatSubjects(
    trx,
    [...touched].map(([key, { kind, id }]) => ({ kind, id, subject: subjects.get(key)! })),
  );
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
    handlers: Object.fromEntries(
      statEventTypes.map((type) => [
        type,
        (event: LoggedEvent, trx: DbTransaction) => projectStats([event], trx),
      ]),
    ),
    handleBatch: projectStats,
  };
}
