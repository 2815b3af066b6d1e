import type { AdminStats } from '@riffline/contracts';
import {
  eventsAfterPosition,
  replacePlatformStats,
  statNames,
  type Db,
  type StatSubject,
  type StatSubjectKind,
} from '@riffline/db';
import { addMoves, applyEvent } from './projection.ts';

/**
 * `make replay`: rebuilds the admin console's stats from the event log. The log is folded in memory with
 * the projection's own functions (every subject, then each stat as the sum of its moves), and the result
 * replaces the tables in one transaction. Returns how many events it read and how many subjects it found.
 */
export async function replayStats(db: Db): Promise<{ events: number; subjects: number; stats: AdminStats }> {
  const subjects = new Map<string, StatSubject>();
  const stats = Object.fromEntries(statNames.map((name) => [name, 0])) as AdminStats;
  return db.transaction(async (trx) => {
    let position = '0';
    let events = 0;
    for (;;) {
      const page = await eventsAfterPosition(trx, position, 5_000);
      if (!page.length) break;
      for (const event of page) addMoves(stats, applyEvent(subjects, event));
      events += page.length;
      position = page.at(-1)!.position;
    }
    const rows = [...subjects].map(([key, subject]) => {
      const [kind, id] = splitKey(key);
      return { kind, id, subject };
    });
    await replacePlatformStats(trx, rows, stats);
    return { events, subjects: rows.length, stats };
  });
}

/** `statSubjectKey`'s parts again (a kind never holds a colon; an id may). */
function splitKey(key: string): [StatSubjectKind, string] {
  const colon = key.indexOf(':');
  return [key.slice(0, colon) as StatSubjectKind, key.slice(colon + 1)];
}
