/** The API process alone (docker compose `api`); `make start` runs bin/start.ts, API and workers together. */
import { loadConfigOrExit, migrateLatest, stopOnSignals } from '@riffline/db';
import { createDeps, startServer } from './server.ts';

const config = loadConfigOrExit();
const deps = createDeps(config);
const ran = await migrateLatest(deps.db);
if (ran.length) deps.logger.info({ migrations: ran }, 'database migrated');
const server = await startServer(deps);
deps.logger.info({ url: config.publicUrl }, `Riffline API is running on ${config.publicUrl}`);

stopOnSignals(deps.logger, async () => {
  await server.close();
});
