import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../infra/lib/ports.ts';
import { uniqueName } from '#test/support/database.ts';
import { demoAccounts } from '../api/src/identityProvider/demoAccounts.ts';
import { Browser } from '#test/support/browser.ts';
import { runEntry, waitForHttp } from '#test/support/processes.ts';
import { signIn } from '#test/support/signIn.ts';

const dataDir = path.join(os.tmpdir(), uniqueName('riffline-start'));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

describe('bin/start.ts (what `make start` runs)', () => {
  it('serves GET /api/health with db ok on embedded PGlite, and stops cleanly on SIGTERM', async () => {
    const port = await freePort();
    const proc = runEntry('bin/start.ts', { PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn' });
    try {
      const res = await waitForHttp(`http://127.0.0.1:${port}/api/health`, proc);
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ db: 'ok', events: 'ok', storage: 'ok' });
      expect(fs.existsSync(path.join(dataDir, 'pglite', 'PG_VERSION'))).toBe(true);
    } finally {
      expect(await proc.stop()).toBe(0);
    }
  });

  it('keeps its data across a restart and lets the demo admin and artist sign in', async () => {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const proc = runEntry('bin/start.ts', {
      PORT: String(port),
      PUBLIC_URL: base,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'info',
    });
    try {
      const res = await waitForHttp(`${base}/api/health`, proc);
      expect(res.status).toBe(200);
      // The schema is already there: the second boot runs no migration.
      expect(proc.output()).not.toContain('database migrated');
      expect(proc.output()).toContain('Sign in with "Continue with Riffline ID" as:');
      // Development logs are readable lines, not JSON, and the framed banner comes after them.
      expect(proc.output()).not.toMatch(/^\{"level"/m);
      expect(proc.output()).toMatch(/^\[\d\d:\d\d:\d\d\] INFO: Riffline is running on /m);
      expect(proc.output().indexOf(`│ Riffline is ready at ${base}`)).toBeGreaterThan(
        proc.output().indexOf('Riffline is running on'),
      );
      for (const demo of demoAccounts) {
        expect(proc.output()).toContain(demo.email);
        const browser = new Browser();
        await signIn(browser, base, demo.email, demo.password);
        expect((await browser.get(`${base}/api/auth/user`)).json()).toMatchObject({
          email: demo.email,
          role: demo.role,
          isApproved: true,
        });
      }
    } finally {
      expect(await proc.stop()).toBe(0);
    }
  });

  it('refuses to start on a bad configuration, naming every problem', async () => {
    const proc = runEntry('bin/start.ts', { PORT: 'http', DATABASE_URL: 'mysql://x', NODE_ENV: 'prod' });
    expect(await proc.exited).toBe(1);
    expect(proc.output()).toContain('Invalid configuration');
    expect(proc.output()).toContain('PORT');
    expect(proc.output()).toContain('DATABASE_URL');
    expect(proc.output()).toContain('NODE_ENV');
  });
});
