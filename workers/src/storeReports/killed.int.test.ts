/**
 * A store report whose import is cut off by kill -9 (issue 38, docs/reports.md): the real workers process,
 * on the Postgres event log and a database of its own, imports a report an admin uploaded through the API,
 * and is SIGKILLed in the middle of reading it. The report reads `running` while its import is alive, and
 * `pending` (the console's "Waiting") once it is not, until the next workers process imports it whole.
 *
 * "In the middle" is a state, never a moment: the workers reach the S3 server through a relay
 * (test/support/freezingProxy.ts) that stops passing the file on after its first chunks; the import,
 * its transaction open, waits for the rest.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import type { AdminStoreReportResponse } from '@riffline/contracts';
import { createStorage, loadConfig } from '@riffline/db';
import { freePort } from '../../../infra/lib/ports.ts';
import { startS3, type LocalS3 } from '../../../infra/s3/s3.ts';
import { actor, type Actor } from '#test/support/actors.ts';
import { startTestServer, type TestServer } from '#test/support/api.ts';
import { uniqueName } from '#test/support/database.ts';
import { openFreshDb } from '#test/support/db.ts';
import { pollUntil } from '#test/support/eventLog.ts';
import { startFreezingProxy, type FreezingProxy } from '#test/support/freezingProxy.ts';
import { runEntry, within, type Proc } from '#test/support/processes.ts';

// Separate processes share the database only on a server (not in-process PGlite).
const runnable = Boolean(inject('databaseServerUrl'));

/** Lines in the report: a file of some megabytes, of which the relay passes the first chunks only. */
const LINES = 40_000;
/** Chunks of the S3 server's answers passed on before the relay freezes. */
const CHUNKS_PASSED = 8;
/** For the workers' process, from start to the state looked for. */
const RUN_TIMEOUT_MS = 60_000;

/** A report in Riffline's CSV whose lines name no recording of ours (each kept as unmatched). */
function reportCsv(): string {
  const lines = ['period,store,country,isrc,upc,sale_type,units,net_revenue,currency'];
  for (let i = 0; i < LINES; i++) {
    lines.push(`2026-10,Spotify,IN,QZKIL26${String(i).padStart(5, '0')},,stream,3,0.012,USD`);
  }
  return `${lines.join('\n')}\n`;
}

describe.skipIf(!runnable)('a store report import killed with kill -9 half way (the workers process)', () => {
  const root = path.join(os.tmpdir(), uniqueName('riffline-killed-import'));
  let fresh: Awaited<ReturnType<typeof openFreshDb>>;
  let s3: LocalS3;
  let proxy: FreezingProxy;
  let app: TestServer;
  let admin: Actor;
  let healthPort: number;
  const runs: Proc[] = [];

  beforeAll(async () => {
    [fresh, s3, healthPort] = await Promise.all([
      openFreshDb(),
      startS3({ directory: path.join(root, 's3') }),
      freePort(),
    ]);
    proxy = await startFreezingProxy('127.0.0.1', Number(new URL(s3.endpoint).port));
    // The API stores uploads straight into the S3 server; only the workers go through the relay.
    app = await startTestServer({ db: fresh.db, keepDb: true, storage: createStorage(loadConfig(s3.env)) });
    admin = await actor(app, fresh.db, 'admin');
  });
  afterEach(async () => {
    await Promise.all(runs.map((run) => run.kill()));
  });
  afterAll(async () => {
    await Promise.all(runs.map((run) => run.kill()));
    await app?.close();
    await proxy?.close();
    await Promise.all([s3?.stop(), fresh?.close()]);
    fs.rmSync(root, { recursive: true, force: true });
  });

  /** The workers entry (docker compose `workers`) on the Postgres log, its storage behind the relay. */
  function startWorkers(): Proc {
    const run = runEntry('workers/src/main.ts', {
      ...s3.env,
      S3_ENDPOINT: `http://127.0.0.1:${proxy.port}`,
      DATABASE_URL: fresh.url!,
      DATA_DIR: path.join(root, 'data'),
      WORKERS_HEALTH_PORT: String(healthPort),
      LOG_LEVEL: 'warn',
    });
    runs.push(run);
    return run;
  }

  const shown = async (id: string) => {
    const page = await admin.get(`/api/admin/reports/${id}`);
    expect(page.status).toBe(200);
    return page.json<AdminStoreReportResponse>();
  };
  const listed = async (status: string) =>
    (await admin.get(`/api/admin/reports?status=${status}`))
      .json<AdminStoreReportResponse[]>()
      .map((r) => r.id);

  it('reads running while the import is alive, pending once it is killed, and completes on the next start', async () => {
    const form = new FormData();
    form.append('file', new Blob([reportCsv()], { type: 'text/csv' }), 'october.csv');
    const upload = await admin.browser.request(`${app.url}/api/admin/reports`, {
      method: 'POST',
      body: form,
      headers: { origin: app.url },
    });
    expect(upload.status).toBe(201);
    const { id } = upload.json<AdminStoreReportResponse>();

    let chunks = 0;
    const frozen = proxy.freezeWhen(() => ++chunks > CHUNKS_PASSED);
    const first = startWorkers();
    await within('the import did not start reading the file', frozen, first, RUN_TIMEOUT_MS);
    // Its transaction is open, waiting for the rest of the file: the import is alive.
    expect(await shown(id)).toMatchObject({ status: 'running', linesTotal: 0 });
    expect(await listed('running')).toContain(id);

    await first.kill();
    // Nothing imports it now: it waits for the workers, as an upload does, its partial reading gone.
    const cut = await pollUntil(
      'the report still reads running after its import was killed',
      async () => {
        const report = await shown(id);
        return report.status === 'running' ? undefined : report;
      },
      () => 'running',
    );
    expect(cut).toMatchObject({ status: 'pending', progress: 0, linesRead: 0, linesTotal: 0, error: null });
    expect(await listed('pending')).toContain(id);
    expect(await listed('running')).not.toContain(id);

    proxy.thaw();
    const second = startWorkers();
    const done = await within(
      'the next workers did not import the report',
      pollUntil(
        'the report was not imported',
        async () => {
          const report = await shown(id);
          return report.status === 'completed' ? report : undefined;
        },
        () => 'not completed',
        { timeoutMs: RUN_TIMEOUT_MS },
      ),
      second,
      RUN_TIMEOUT_MS,
    );
    expect(done).toMatchObject({ progress: 100, linesTotal: LINES, linesUnmatched: LINES });
  });
});
