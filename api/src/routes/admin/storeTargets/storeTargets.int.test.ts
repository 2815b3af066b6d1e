import { Delivery, Event, StoreTarget } from '@riffline/db';
import { describe, expect } from 'vitest';
import type { StoreTargetResponse } from '@riffline/contracts';
import { apiTest } from '#test/support/api.ts';
import { buildArtist, buildRelease } from '#test/support/factories.ts';

const PRIVATE_KEY =
  '-----BEGIN OPENSSH PRIVATE KEY-----\nnot-a-real-key-but-secret-text\n-----END OPENSSH PRIVATE KEY-----';
const sftp = {
  store: 'deezer',
  protocol: 'sftp',
  host: 'sftp.deezer.example',
  port: 2222,
  folder: 'incoming',
  username: 'riffline',
  dpid: 'PADPIDA2014101001U',
  profile: 'release',
  mode: 'test',
  // Off: a release approved by another suite on this database must not be delivered to it.
  enabled: false,
  credentials: { privateKey: PRIVATE_KEY },
};

describe('/api/admin/store-targets', () => {
  apiTest(
    '401 signed out, 403 for an artist, and nothing written',
    async ({ db, visitor, approvedArtist }) => {
      expect((await visitor.get('/api/admin/store-targets')).status).toBe(401);
      expect((await visitor.send('POST', '/api/admin/store-targets', sftp)).status).toBe(401);
      const refused = await approvedArtist.send('POST', '/api/admin/store-targets', sftp);
      expect(refused.status).toBe(403);
      expect(refused.json()).toMatchObject({ message: "You don't have permission to access this page." });
      expect(await StoreTarget.query(db).findOne({ store: 'deezer' })).toBeUndefined();
    },
  );

  apiTest('400 with the exact message for what does not say where or how to log in', async ({ admin }) => {
    const cases: Array<[unknown, string]> = [
      [{ ...sftp, store: 'myspace' }, 'Unknown store'],
      [{ ...sftp, protocol: 'ftp' }, 'Protocol must be sftp or s3'],
      [{ ...sftp, host: '' }, 'An SFTP store needs a host, a port and a username'],
      [{ ...sftp, port: 70_000 }, 'Port must be between 1 and 65535'],
      [{ ...sftp, dpid: 'DEEZER' }, "The store's DPID must be a DDEX Party ID (PADPIDA…)"],
      [
        { ...sftp, credentials: {} },
        'Give the credentials the protocol needs: a private key or a password for SFTP, an access key id with its secret for S3',
      ],
      [{ ...sftp, protocol: 's3', credentials: { accessKeyId: 'AKIA' } }, 'An S3 store needs a bucket'],
    ];
    for (const [body, message] of cases) {
      const answer = await admin.send('POST', '/api/admin/store-targets', body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.json(), JSON.stringify(body)).toMatchObject({ message });
    }
  });

  apiTest(
    'an admin sets up, reads, changes and deletes a drop box; the credentials never come back, only their names',
    async ({ db, admin }) => {
      const created = await admin.send('POST', '/api/admin/store-targets', sftp);
      expect(created.status, created.body).toBe(201);
      const target = created.json<StoreTargetResponse>();
      expect(target).toMatchObject({
        store: 'deezer',
        storeName: 'Deezer',
        credentialsSet: ['privateKey'],
        enabled: false,
      });
      expect(created.body).not.toContain('not-a-real-key');
      // Encrypted at rest: the stored column holds none of it.
      const stored = (await StoreTarget.query(db).findById(target.id))!;
      expect(stored.credentials).toMatch(/^v1:/);
      expect(stored.credentials).not.toContain('not-a-real-key');
      expect((await admin.send('POST', '/api/admin/store-targets', sftp)).json()).toEqual({
        message: 'This store already has a drop box: change that one.',
      });

      const list = await admin.get('/api/admin/store-targets?filter={"store":"deezer"}');
      expect(list.headers.get('content-range')).toBe('store-targets 0-0/1');
      expect(list.body).not.toContain('not-a-real-key');

      // react-admin sends the record back without credentials: they are kept.
      const { credentialsSet: _, ...record } = target;
      const changed = await admin.send('PUT', `/api/admin/store-targets/${target.id}`, {
        ...record,
        mode: 'live',
      });
      expect(changed.status, changed.body).toBe(200);
      expect(changed.json()).toMatchObject({ mode: 'live', credentialsSet: ['privateKey'] });
      // Another protocol needs its own credentials.
      const s3 = await admin.send('PUT', `/api/admin/store-targets/${target.id}`, {
        ...record,
        protocol: 's3',
        bucket: 'drop',
      });
      expect(s3.status).toBe(400);
      const events = await Event.query(db).where({ aggregateId: target.id }).orderBy('id');
      expect(events.map((e) => [e.type, (e.payload as { changed: string[] }).changed])).toEqual([
        ['storeTarget.saved', expect.arrayContaining(['protocol', 'host'])],
        ['storeTarget.saved', ['mode']],
      ]);
      expect(JSON.stringify(events.map((e) => e.payload))).not.toContain('not-a-real-key');

      // Once something was delivered to it, it stays (switched off instead); before, it can go.
      const owner = await buildArtist(db);
      const release = await buildRelease(db, { userId: owner.id });
      const delivery = await Delivery.query(db)
        .insert({ releaseId: release.id, targetId: target.id, batchId: 'B1', messageId: 'M1' })
        .returning('*');
      const kept = await admin.send('DELETE', `/api/admin/store-targets/${target.id}`);
      expect(kept.status).toBe(409);
      expect(kept.json()).toEqual({
        message:
          'Releases were delivered to this store: switch it off instead, so that its deliveries keep their history.',
      });
      const deliveries = await admin.get(`/api/admin/releases/${release.id}/deliveries`);
      expect(deliveries.json()).toEqual([
        expect.objectContaining({ id: delivery.id, store: 'deezer', status: 'queued' }),
      ]);
      await Delivery.query(db).deleteById(delivery.id);
      expect((await admin.send('DELETE', `/api/admin/store-targets/${target.id}`)).status).toBe(200);
      expect(await StoreTarget.query(db).findById(target.id)).toBeUndefined();
    },
  );
});
