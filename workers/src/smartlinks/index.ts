import { addSmartLinkStats, type DbTransaction, type SmartLinkStatsRow } from '@riffline/db';
import type { ConsumerGroup, LoggedEvent } from '../events/log.ts';
import { smartLinkStatEventTypes, statsOf } from './projection.ts';

export const SMARTLINK_STATS_GROUP = 'smartlinkStats';

async function project(events: readonly LoggedEvent[], trx: DbTransaction): Promise<void> {
  await addSmartLinkStats(
    trx,
    events.map(statsOf).filter((row): row is SmartLinkStatsRow => row !== null),
  );
}

/**
 * The `smartlinkStats` consumer group: SmartLinks' views, store clicks, pre-saves and confirmed fans per
 * day, country, UTM source and campaign, and store (`smartlink_stats`), so the artist's numbers are read
 * from a projection, never counted from rows.
 */
export function smartLinkStats(): ConsumerGroup {
  return {
    group: SMARTLINK_STATS_GROUP,
    handlers: Object.fromEntries(
      smartLinkStatEventTypes.map((type) => [
        type,
        (event: LoggedEvent, trx: DbTransaction) => project([event], trx),
      ]),
    ),
    handleBatch: project,
  };
}
