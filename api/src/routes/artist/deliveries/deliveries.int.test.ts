import type { DeliveryResponse } from '@riffline/contracts';
import { credentialsKey, Delivery, encryptCredentials, StoreTarget, type Db } from '@riffline/db';
import { describe, expect } from 'vitest';
import { apiTest } from '#test/support/api.ts';
import { buildArtist, buildRelease } from '#test/support/factories.ts';

/** A drop box switched off (nothing is delivered to it here: the rows are written by the test). */
async function target(db: Db) {
  const taken = new Set((await StoreTarget.query(db).select('store')).map((t) => t.store));
  const store = ['napster', 'qobuz', 'kkbox', 'anghami', 'boomplay'].find((s) => !taken.has(s))!;
  return StoreTarget.query(db)
    .insert({
      store,
      protocol: 's3',
      bucket: 'drop',
      dpid: 'PADPIDA0STORE0',
      enabled: false,
      credentials: encryptCredentials(await credentialsKey(db, undefined), {
        accessKeyId: 'a',
        secretAccessKey: 'b',
      }),
    })
    .returning('*');
}

describe('GET /api/releases/:id/deliveries', () => {
  apiTest('401 signed out; 404 for a release of someone else', async ({ db, visitor, approvedArtist }) => {
    const other = await buildRelease(db, { userId: (await buildArtist(db)).id });
    expect((await visitor.get(`/api/releases/${other.id}/deliveries`)).status).toBe(401);
    const res = await approvedArtist.get(`/api/releases/${other.id}/deliveries`);
    expect(res.status).toBe(404);
  });

  apiTest("200: each store's latest delivery of the owner's release", async ({ db, approvedArtist }) => {
    const release = await buildRelease(db, { userId: approvedArtist.user.id });
    const [first, second] = [await target(db), await target(db)];
    const row = (targetId: string, batchId: string, createdAt: string) => ({
      releaseId: release.id,
      targetId,
      batchId,
      messageId: `${batchId}-${targetId}`,
      status: 'delivered' as const,
      createdAt: new Date(createdAt),
    });
    await Delivery.query(db).insert([
      row(first.id, 'B1', '2026-12-01T10:00:00Z'),
      row(first.id, 'B2', '2026-12-02T10:00:00Z'),
      row(second.id, 'B3', '2026-12-01T11:00:00Z'),
    ]);
    const res = await approvedArtist.get(`/api/releases/${release.id}/deliveries`);
    expect(res.status, res.body).toBe(200);
    const stores = res.json<DeliveryResponse[]>().map((d) => [d.store, d.batchId, d.status]);
    expect(stores.sort()).toEqual(
      [
        [first.store, 'B2', 'delivered'],
        [second.store, 'B3', 'delivered'],
      ].sort(),
    );
  });
});
