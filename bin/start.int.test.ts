import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { DeliveryResponse, ReleaseResponse, StoreTargetResponse } from '@riffline/contracts';
import { freePort } from '../infra/lib/ports.ts';
import { uniqueName } from '#test/support/database.ts';
import { demoAccounts } from '../api/src/identityProvider/demoAccounts.ts';
import { Browser } from '#test/support/browser.ts';
import { runEntry, waitForHttp } from '#test/support/processes.ts';
import { signIn } from '#test/support/signIn.ts';

const dataDir = path.join(os.tmpdir(), uniqueName('riffline-start'));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

// Each test boots the whole product (migrations, the demo data, the demo store) in a process of its own.
/** The product on a free port of loopback, on this file's data folder, logging what it tells a newcomer. */
async function startProduct(env: Record<string, string> = {}) {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const proc = runEntry('bin/start.ts', {
    PORT: String(port),
    PUBLIC_URL: base,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'info',
    ...env,
  });
  return { base, proc };
}

describe('bin/start.ts (what `make start` runs)', { timeout: 120_000 }, () => {
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

  it('keeps its data across a restart, lets the demo admin and artist sign in, and runs the demo store', async () => {
    const { base, proc } = await startProduct();
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
      const signedIn: Record<string, Browser> = {};
      for (const demo of demoAccounts) {
        expect(proc.output()).toContain(demo.email);
        const browser = new Browser();
        await signIn(browser, base, demo.email, demo.password);
        expect((await browser.get(`${base}/api/auth/user`)).json()).toMatchObject({
          email: demo.email,
          role: demo.role,
          isApproved: true,
        });
        signedIn[demo.role] = browser;
      }

      // The demo store runs (docs/delivery.md): Deezer's drop box on loopback, moved to this start's port.
      expect(proc.output()).toContain('the demo store (Deezer, test mode) is running');
      expect(proc.output()).toContain('│   demo store ');
      const targets = (await signedIn.admin!.get(`${base}/api/admin/store-targets`)).json<
        StoreTargetResponse[]
      >();
      const deezer = targets.find((t) => t.store === 'deezer');
      expect(deezer).toMatchObject({ protocol: 's3', mode: 'test', enabled: true });
      expect(proc.output()).toContain(`"endpoint":"${deezer!.endpoint}"`);
      // The demo EP, delivered on the first start, is live there again after the restart: the store read its
      // drop box anew, and its link leads to the store's page on this start's port.
      const artist = signedIn.artist!;
      const releases = (await artist.get(`${base}/api/releases`)).json<ReleaseResponse[]>();
      const ep = releases.find((r) => r.title === 'Night Transit')!;
      const deliveries = () =>
        artist.get(`${base}/api/releases/${ep.id}/deliveries`).then((r) => r.json<DeliveryResponse[]>());
      await expect
        .poll(
          async () => {
            const [delivery] = await deliveries();
            if (delivery?.status !== 'live' || !delivery.storeUrl) return delivery?.status;
            return (await fetch(delivery.storeUrl).catch(() => null))?.status;
          },
          { timeout: 30_000, interval: 500 },
        )
        .toBe(200);
      const [delivery] = await deliveries();
      expect(delivery).toMatchObject({ store: 'deezer', kind: 'new', status: 'live' });
      expect(await (await fetch(delivery!.storeUrl!)).text()).toContain('<title>Night Transit</title>');
    } finally {
      expect(await proc.stop()).toBe(0);
    }
  });

  it('leaves the demo store out with DEMO_STORE=0, and switches its drop box off', async () => {
    const { base, proc } = await startProduct({ DEMO_STORE: '0' });
    try {
      await waitForHttp(`${base}/api/health`, proc);
      expect(proc.output()).not.toContain('the demo store (Deezer, test mode) is running');
      expect(proc.output()).not.toContain('│   demo store ');
      const admin = new Browser();
      const demo = demoAccounts.find((d) => d.role === 'admin')!;
      await signIn(admin, base, demo.email, demo.password);
      const targets = (await admin.get(`${base}/api/admin/store-targets`)).json<StoreTargetResponse[]>();
      expect(targets.find((t) => t.store === 'deezer')).toMatchObject({ enabled: false });
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
