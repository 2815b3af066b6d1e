import {
  REDELIVER_NEWER,
  REDELIVER_PURGED,
  REDELIVER_SWITCHED_OFF,
  type AdminDeliveryResponse,
  type DeliveryAcknowledgementResponse,
} from '@riffline/contracts';
import {
  credentialsKey,
  Delivery,
  DeliveryAcknowledgement,
  encryptCredentials,
  Event,
  ReleaseChange,
  StoreTarget,
  type Db,
} from '@riffline/db';
import { describe, expect } from 'vitest';
import { apiTest } from '#test/support/api.ts';
import { buildArtist, buildRelease } from '#test/support/factories.ts';

// A database of its own: the redelivery needs a drop box switched on, which no other suite may see.
const test = apiTest.extend({ freshDb: true });

async function target(db: Db, store: string, enabled = true) {
  return StoreTarget.query(db)
    .insert({
      store,
      protocol: 's3',
      bucket: 'drop',
      dpid: 'PADPIDA0STORE0',
      enabled,
      credentials: encryptCredentials(await credentialsKey(db, undefined), {
        accessKeyId: 'AKIA-SECRET-ID',
        secretAccessKey: 'a secret access key',
      }),
    })
    .returning('*');
}

async function delivery(db: Db, targetId: string, fields: Partial<Delivery> = {}) {
  const release = await buildRelease(db, {
    userId: (await buildArtist(db)).id,
    title: 'Harbour Lights',
    status: 'live',
  });
  return Delivery.query(db)
    .insert({
      releaseId: release.id,
      targetId,
      batchId: '20261210120000000',
      messageId: crypto.randomUUID(),
      status: 'error',
      error: 'The release has no territory the store sells in.',
      attempts: 3,
      ...fields,
    })
    .returning('*');
}

describe('/api/admin/deliveries', () => {
  test('401 signed out, 403 for an artist', async ({ visitor, approvedArtist }) => {
    expect((await visitor.get('/api/admin/deliveries')).status).toBe(401);
    expect((await approvedArtist.get('/api/admin/deliveries')).status).toBe(403);
    expect((await approvedArtist.get('/api/admin/delivery-acknowledgements')).status).toBe(403);
  });

  test('400 with the exact message for a filter that is not one', async ({ admin }) => {
    const res = await admin.get(`/api/admin/deliveries?filter=${encodeURIComponent('{"status":"lost"}')}`);
    expect(res.status).toBe(400);
    expect(res.json<{ message: string }>().message).toBe('Unknown delivery status');
  });

  test('the log: each delivery with its store and release, filtered; no credentials anywhere', async ({
    db,
    admin,
  }) => {
    const tidal = await target(db, 'tidal');
    const failed = await delivery(db, tidal.id);
    await delivery(db, tidal.id, { status: 'live', error: null });
    const res = await admin.get(`/api/admin/deliveries?filter=${encodeURIComponent('{"status":"error"}')}`);
    expect(res.status, res.body).toBe(200);
    const rows = res.json<AdminDeliveryResponse[]>();
    expect(rows.map((r) => [r.id, r.store, r.releaseTitle, r.status])).toEqual([
      [failed.id, 'tidal', 'Harbour Lights', 'error'],
    ]);
    expect(res.headers.get('content-range')).toBe('deliveries 0-0/1');
    expect(res.body).not.toMatch(/AKIA-SECRET-ID|a secret access key/);
    const one = await admin.get(`/api/admin/deliveries/${failed.id}`);
    expect(one.json<AdminDeliveryResponse>()).toMatchObject({ id: failed.id, storeName: 'TIDAL' });
  });

  test('the acknowledgements as they came; the unreadable ones with their reason', async ({ db, admin }) => {
    const qobuz = await target(db, 'qobuz', false);
    const kept = await DeliveryAcknowledgement.query(db)
      .insert({
        targetId: qobuz.id,
        fileName: 'ACK_garbage.xml',
        body: '<html>Service Unavailable</html>',
        problem: 'It is not an AcknowledgementMessage (its root is html)',
      })
      .returning('*');
    await DeliveryAcknowledgement.query(db).insert({
      targetId: qobuz.id,
      fileName: 'ACK_1.xml',
      body: '<ok/>',
    });
    const res = await admin.get(
      `/api/admin/delivery-acknowledgements?filter=${encodeURIComponent('{"unreadable":"true"}')}`,
    );
    expect(res.status, res.body).toBe(200);
    expect(res.json<DeliveryAcknowledgementResponse[]>()).toMatchObject([
      { id: kept.id, store: 'qobuz', fileName: 'ACK_garbage.xml', problem: kept.problem, body: kept.body },
    ]);
    const one = await admin.get(`/api/admin/delivery-acknowledgements/${kept.id}`);
    expect(one.json<DeliveryAcknowledgementResponse>().body).toBe('<html>Service Unavailable</html>');
  });

  test('POST :id/redeliver: 202 and the delivery group is told; 409 with the reason otherwise', async ({
    db,
    admin,
    approvedArtist,
  }) => {
    const deezer = await target(db, 'deezer');
    const failed = await delivery(db, deezer.id);
    const path = `/api/admin/deliveries/${failed.id}/redeliver`;
    expect((await approvedArtist.send('POST', path, {})).status).toBe(403);
    const res = await admin.send('POST', path, {});
    expect(res.status, res.body).toBe(202);
    const told = await Event.query(db).where({
      type: 'delivery.redeliveryRequested',
      aggregateId: failed.id,
    });
    expect(told).toHaveLength(1);

    const refused = async (id: string, message: string) => {
      const answer = await admin.send('POST', `/api/admin/deliveries/${id}/redeliver`, {});
      expect(answer.status).toBe(409);
      expect(answer.json<{ message: string }>().message).toBe(message);
    };
    const off = await delivery(db, (await target(db, 'napster', false)).id);
    await refused(off.id, REDELIVER_SWITCHED_OFF);
    await Delivery.query(db).insert({
      releaseId: failed.releaseId,
      targetId: deezer.id,
      batchId: '20261210130000000',
      messageId: crypto.randomUUID(),
      status: 'delivered',
    });
    await refused(failed.id, REDELIVER_NEWER);
    const purged = await delivery(db, deezer.id);
    await ReleaseChange.query(db).insert({ releaseId: purged.releaseId, kind: 'purge' });
    await refused(purged.id, REDELIVER_PURGED);
    expect(
      (await admin.send('POST', '/api/admin/deliveries/00000000-0000-4000-8000-000000000000/redeliver', {}))
        .status,
    ).toBe(404);
  });
});
