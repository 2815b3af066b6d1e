/**
 * `make replay`: rebuilds the store-report projections (analytics, royalties, report lines), the admin
 * stats and SmartLinks' numbers from the event log on the configured database (workers/src/storeReports/replay.ts,
 * workers/src/stats/replay.ts, workers/src/smartlinks/replay.ts). Run it with the product stopped on
 * the embedded database (PGlite has one process); on PostgreSQL it can run beside the workers.
 */
import pino from 'pino';
import { connect, createStorage, loadConfigOrExit, migrateLatest } from '@riffline/db';
import { replayStoreReports } from './storeReports/replay.ts';
import { replaySmartLinkStats } from './smartlinks/replay.ts';
import { replayStats } from './stats/replay.ts';

const config = loadConfigOrExit();
const logger = pino({ name: 'replay', level: config.logLevel });
const db = connect(config);
try {
  await migrateLatest(db); // a database the product has not started on yet has nothing to rebuild
  const started = Date.now();
  const { reports, lines } = await replayStoreReports({
    db,
    storage: createStorage(config),
    logger,
    commissionPercent: config.royalties.commissionPercent,
  });
  const stats = await replayStats(db);
  const smartLinks = await replaySmartLinkStats(db);
  console.log(
    `Rebuilt the projections of ${reports} store report(s), ${lines} line(s), the admin stats of ${stats.events} event(s) and SmartLinks' numbers of ${smartLinks.events}, from the event log in ${((Date.now() - started) / 1000).toFixed(1)} s.`,
  );
} finally {
  await db.destroy();
}
