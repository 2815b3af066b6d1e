import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterAll } from 'vitest';
import { startWorkers } from '@riffline/workers';
import { apiTest } from './api.ts';
import { uniqueName } from './database.ts';

/**
 * `apiTest` with the workers running beside the API for the whole file, on the API's own storage (the
 * workers read what the API stored), a database of the file's own (the workers handle every event they
 * find) and a throwaway data folder named after `name`, plus any settings of `env`: a flow across the packages.
 */
export function apiWithWorkers(name: string, env: Record<string, string> = {}) {
  const flowTest = apiTest.extend(
    'workers',
    { scope: 'file', auto: true },
    async ({ app, db }, { onCleanup }) => {
      const workers = await startWorkers({
        config: app.deps.config,
        db,
        storage: app.deps.storage,
        logger: pino({ level: 'silent' }),
      });
      onCleanup(() => workers.stop());
      return workers;
    },
  );
  const dataDir = path.join(os.tmpdir(), uniqueName(`riffline-${name}`));
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));
  return flowTest.extend({ freshDb: true, serverEnv: { DATA_DIR: dataDir, ...env } });
}
