/**
 * `make start`: the whole product in one process: the API, the admin and artist apps and the workers,
 * on embedded defaults (PGlite, the Postgres event log, local storage, the embedded identity provider)
 * unless the environment says otherwise, and a demo store on loopback that releases are delivered to
 * (infra/demoStore/demoStore.ts; DEMO_STORE=0 leaves it out, production never runs it).
 */
import { loadConfigOrExit, migrateLatest, stopOnSignals } from '../db/src/index.ts';
import { seedDemoCatalogue } from '../api/src/demo/demoCatalogue.ts';
import { seedDemoAccounts, type DemoAccount } from '../api/src/identityProvider/demoAccounts.ts';
import { createDeps, startServer } from '../api/src/server.ts';
import { startWorkers } from '../workers/src/index.ts';

const loaded = loadConfigOrExit();
const demoStoreOn = loaded.env !== 'production' && !['0', 'false'].includes(process.env.DEMO_STORE ?? '');
// The demo store answers within seconds, so the stores' acknowledgements are read every 2 s (unless
// DELIVERY_ACK_POLL_SECONDS says otherwise), not once a minute: a newcomer sees Live seconds after Sent.
const config =
  demoStoreOn && !process.env.DELIVERY_ACK_POLL_SECONDS
    ? { ...loaded, delivery: { ...loaded.delivery, ackPollMs: 2_000 } }
    : loaded;
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
// Before the workers, so that what they deliver first (the demo EP, on the first start) finds the store.
const demoStore = await startOrSwitchOffDemoStore();
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
if (config.env !== 'production')
  console.log(banner(config.publicUrl, config.identity.providerName, demos, Boolean(demoStore)));

stopOnSignals(logger, async () => {
  await workers.stop();
  await server.close();
  await demoStore?.stop();
});

/** The demo store, unless it is switched off (then its drop box is too); a failure only costs the store. */
async function startOrSwitchOffDemoStore() {
  try {
    const { startDemoStore, switchOffDemoStore } = await import('../infra/demoStore/demoStore.ts');
    if (demoStoreOn)
      return await startDemoStore({ ...deps, logger: logger.child({ component: 'demo-store' }) });
    await switchOffDemoStore(deps.db);
  } catch (error) {
    logger.warn({ err: error }, 'the demo store could not start; the product runs without it');
  }
  return null;
}

/** The framed "ready" box: where the product is and who to sign in as. */
function banner(url: string, providerName: string, demos: DemoAccount[], demoStore: boolean): string {
  const lines = [
    `Riffline is ready at ${url}`,
    '',
    `  artist app      ${url}/`,
    `  admin console   ${url}/admin`,
    `  API             ${url}/api`,
  ];
  if (demoStore) lines.push(`  demo store      Deezer on this machine: approved releases go live there`);
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
