import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from '@playwright/test';
import { selectableStores, type AdminDeliveryResponse, type StoreTargetResponse } from '@riffline/contracts';
import { startS3 } from '../../infra/s3/s3.ts';
import { unique } from '../../test/e2e/support.ts';
import { submitRelease, type Api } from '../../test/e2e/seed.ts';
import { testStore, type TestStore } from '../../test/support/testStore.ts';

/**
 * A live release, and a real store for the console's delivery specs: an S3 bucket on loopback (s3rver) set up as a store's drop
 * box through the API, and the test store (test/support/testStore.ts) reading it and writing its
 * acknowledgements, which the workers read every second here (playwright.config.ts).
 */
export const DPID = 'PADPIDA2014101001U';

/** One server per run, but the suites run two at a time: a store nobody's drop box uses yet. */
async function freeStore(api: Api) {
  const taken = new Set(
    (await api.get<StoreTargetResponse[]>('/api/admin/store-targets')).map((t) => t.store),
  );
  const free = Object.keys(selectableStores).filter((id) => !taken.has(id as keyof typeof selectableStores));
  return free[Math.floor(Math.random() * free.length)]!;
}

export interface S3Store {
  store: string;
  storeName: string;
  shop: TestStore;
  /** Switches the drop box off (the rest of the run's releases must not go to a bucket that is gone) and stops it. */
  close(): Promise<void>;
}

/** A store whose drop box is a bucket on loopback, switched on: releases approved from now on go to it. */
export async function openS3Store(admin: Api): Promise<S3Store> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'riffline-e2e-store-'));
  const s3 = await startS3({ directory: path.join(dir, 's3'), bucket: 'store-drop' });
  let target: StoreTargetResponse | undefined;
  let shop: TestStore | undefined;
  const close = async () => {
    if (target) {
      const {
        id,
        storeName: _name,
        credentialsSet: _set,
        createdAt: _created,
        updatedAt: _updated,
        ...fields
      } = await admin.get<StoreTargetResponse>(`/api/admin/store-targets/${target.id}`);
      await admin.send('put', `/api/admin/store-targets/${id}`, { ...fields, enabled: false });
    }
    await shop?.close();
    await s3.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  };
  try {
    target = await admin.send<StoreTargetResponse>('post', '/api/admin/store-targets', {
      store: await freeStore(admin),
      protocol: 's3',
      bucket: s3.bucket,
      endpoint: s3.endpoint,
      region: 'us-east-1',
      folder: unique('riffline'),
      dpid: DPID,
      profile: 'release',
      mode: 'test',
      enabled: true,
      credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey },
    });
    shop = await testStore({ protocol: 's3', s3, folder: target.folder }, { dpid: DPID });
    return { store: target.store, storeName: target.storeName, shop, close };
  } catch (error) {
    await close();
    throw error;
  }
}

/** A live release of the demo artist's: submitted by them, approved by the demo admin. */
export async function liveRelease(artist: Api, admin: Api, name: string, tracks?: string[]) {
  const title = unique(name);
  const release = await submitRelease(artist, { title, tracks: tracks ?? [title] });
  await admin.send('patch', `/api/admin/releases/${release.id}`, { status: 'live' });
  return { ...release, title };
}

/** Waits for the release's delivery to the store that `which` picks (the workers write it), and answers it. */
export async function deliveryOf(
  api: Api,
  releaseId: string,
  store: string,
  which: (d: AdminDeliveryResponse) => boolean,
): Promise<AdminDeliveryResponse> {
  const filter = encodeURIComponent(JSON.stringify({ releaseId, store }));
  let found: AdminDeliveryResponse | undefined;
  await expect
    .poll(
      async () => {
        found = (await api.get<AdminDeliveryResponse[]>(`/api/admin/deliveries?filter=${filter}`)).find(
          which,
        );
        return found?.status;
      },
      { timeout: 60_000 },
    )
    .toBeTruthy();
  return found!;
}
