/**
 * `make start`: the whole product in one process: the API, the admin and artist apps and the workers,
 * on embedded defaults (PGlite, the Postgres event log, local storage, the embedded identity provider)
 * unless the environment says otherwise.
 */
import { loadConfigOrExit, migrateLatest, stopOnSignals } from '../db/src/index.ts';
import { seedDemoCatalogue } from '../api/src/demo/demoCatalogue.ts';
import { seedDemoAccounts, type DemoAccount } from '../api/src/identityProvider/demoAccounts.ts';
import { createDeps, startServer } from '../api/src/server.ts';
import { startWorkers } from '../workers/src/index.ts';

const config = loadConfigOrExit();
const deps = createDeps(config);
const { logger } = deps;

const ran = await migrateLatest(deps.db);
if (ran.length) logger.info({ migrations: ran }, 'database migrated');
const demos = process.env.SEED_DEMO === 'false' ? [] : await seedDemoAccounts(deps.db, config);
// The demo artist's live EP and its store report (the workers import it): numbers from the first start.
if (demos.length) {
  await seedDemoCatalogue(deps).catch((err: unknown) =>
    logger.warn({ err }, 'the demo catalogue could not be seeded; the product runs without it'),
  );
}
const workers = await startWorkers({ ...deps, logger: logger.child({ component: 'workers' }) });
// One process, one GET /metrics: the API's and the workers' metrics together.
const server = await startServer({ ...deps, extraMetrics: [workers.metrics] });
logger.info(
  {
    database: config.database.url ? 'postgres' : `pglite (${config.dataDir}/pglite)`,
    eventLog: config.kafka.brokers.length ? 'kafka' : 'postgres',
    storage: config.storage.driver,
    identity: config.identity.mode,
  },
  `Riffline is running on ${config.publicUrl} (artist app /, admin console /admin, API /api)`,
);
// Last, after every startup line, so it is the one thing on screen; JSON logs only in production.
if (config.env !== 'production') console.log(banner(config.publicUrl, config.identity.providerName, demos));

stopOnSignals(logger, async () => {
  await workers.stop();
  await server.close();
});

/** The framed "ready" box: where the product is and who to sign in as. */
function banner(url: string, providerName: string, demos: DemoAccount[]): string {
  const lines = [
    `Riffline is ready at ${url}`,
    '',
    `  artist app      ${url}/`,
    `  admin console   ${url}/admin`,
    `  API             ${url}/api`,
  ];
  if (demos.length) {
    lines.push('', `Sign in with "Continue with ${providerName}" as:`);
    for (const d of demos) {
      lines.push(`  ${d.label.padEnd(12)} ${d.email.padEnd(24)} password: ${d.password}`);
    }
  }
  lines.push('', 'Ctrl-C stops it; the data stays for the next start.');
  const width = Math.max(...lines.map((l) => l.length));
  const rule = '─'.repeat(width + 2);
  return ['', `┌${rule}┐`, ...lines.map((l) => `│ ${l.padEnd(width)} │`), `└${rule}┘`, ''].join('\n');
}
