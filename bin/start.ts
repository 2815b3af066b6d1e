/**
 * `make start`: the whole product in one process: the API, the admin and artist apps and the workers,
 * on embedded defaults (PGlite, the Postgres event log, local storage, the embedded identity provider)
 * unless the environment says otherwise.
 */
import { loadConfigOrExit, migrateLatest, stopOnSignals } from '../db/src/index.ts';
import { seedDemoAccounts } from '../api/src/identity/demoAccounts.ts';
import { createDeps, startServer } from '../api/src/server.ts';
import { startWorkers } from '../workers/src/index.ts';

const config = loadConfigOrExit();
const deps = createDeps(config);
const { logger } = deps;

const ran = await migrateLatest(deps.db);
if (ran.length) logger.info({ migrations: ran }, 'database migrated');
const demos = process.env.SEED_DEMO === 'false' ? [] : await seedDemoAccounts(deps.db, config);
const workers = await startWorkers({ ...deps, logger: logger.child({ component: 'workers' }) });
const server = await startServer(deps);
logger.info(
  {
    database: config.database.url ? 'postgres' : `pglite (${config.dataDir}/pglite)`,
    eventLog: config.kafka.brokers.length ? 'kafka' : 'postgres',
    storage: config.storage.driver,
    identity: config.identity.mode,
  },
  `Riffline is running on ${config.publicUrl} (artist app /, admin console /admin, API /api)`,
);
if (demos.length) {
  const lines = demos.map((d) => `  ${d.label.padEnd(12)} ${d.email.padEnd(24)} password: ${d.password}`);
  console.log(
    `\nRiffline is ready at ${config.publicUrl}\nSign in with "Continue with ${config.identity.providerName}" as:\n${lines.join('\n')}\n`,
  );
}

stopOnSignals(logger, async () => {
  await workers.stop();
  await server.close();
});
