import {
  addSmartLinkStats,
  clearSmartLinkStats,
  eventsAfterPosition,
  type Db,
  type SmartLinkStatsRow,
} from '@riffline/db';
import { statsOf } from './projection.ts';

/**
 * `make replay`: rebuilds SmartLinks' numbers from the event log with the projection's own fold, page by
 * page, replacing `smartlink_stats` in one transaction. Returns how many events moved a number.
 */
export async function replaySmartLinkStats(db: Db): Promise<{ events: number }> {
  return db.transaction(async (trx) => {
    await clearSmartLinkStats(trx);
    let position = '0';
    let events = 0;
    for (;;) {
      const page = await eventsAfterPosition(trx, position, 5_000);
      if (!page.length) break;
      const rows = page.map(statsOf).filter((row): row is SmartLinkStatsRow => row !== null);
      await addSmartLinkStats(trx, rows);
      events += rows.length;
      position = page.at(-1)!.position;
    }
    return { events };
  });
}
