import { describe, expect, it } from 'vitest';
import { buildApplication, buildArtist, buildRelease, buildSupportTicket } from '#test/support/factories.ts';
import { useFreshDb } from '#test/support/db.ts';
import type { Db } from '../connection.ts';
import * as migration from '../migrations/20261126000300_platform_stats.ts';
import {
  addToStats,
  countPlatformStats,
  lockStatSubjects,
  platformStats,
  saveStatSubjects,
  statSubjectKey,
} from './index.ts';

describe('the platform stats projection tables', () => {
  let db: Db;
  useFreshDb((fresh) => {
    db = fresh;
  });

  it('start from the rows a database already has when the migration adds them', async () => {
    const artist = await buildArtist(db, { isApproved: true });
    await buildArtist(db, { isApproved: false });
    await buildApplication(db, { userId: artist.id });
    await buildApplication(db, { userId: artist.id, status: 'rejected' });
    await buildRelease(db, { userId: artist.id });
    await buildSupportTicket(db, { userId: artist.id });
    await buildSupportTicket(db, { userId: artist.id, status: 'closed' });

    await migration.down(db);
    await migration.up(db);
    const counted = await countPlatformStats(db);
    expect(counted).toEqual({ pendingApplications: 1, approvedArtists: 1, totalReleases: 1, openTickets: 1 });
    expect(await platformStats(db)).toEqual(counted);
    const [subject] = await db.transaction((trx) =>
      lockStatSubjects(trx, [{ kind: 'user', id: artist.id }]).then((m) => [...m.values()]),
    );
    expect(subject).toMatchObject({ role: 'artist', approved: true });
  });

  it('move a stat by its delta and keep each subject as last written', async () => {
    const before = await platformStats(db);
    await db.transaction(async (trx) => {
      await addToStats(trx, { totalReleases: 2, openTickets: 0 });
      await addToStats(trx, { totalReleases: -1 });
      const release = { role: null, roleAt: 0n, approved: null, approvedAt: 0n };
      await saveStatSubjects(trx, [
        { kind: 'release', id: 'r-1', subject: { ...release, status: 'created', statusAt: 7n } },
        { kind: 'release', id: 'r-2', subject: { ...release, status: 'created', statusAt: 8n } },
      ]);
      await saveStatSubjects(trx, [
        { kind: 'release', id: 'r-1', subject: { ...release, status: 'deleted', statusAt: 9n } },
      ]);
    });
    expect(await platformStats(db)).toEqual({ ...before, totalReleases: before.totalReleases + 1 });
    const found = await db.transaction((trx) =>
      lockStatSubjects(trx, [
        { kind: 'release', id: 'r-1' },
        { kind: 'release', id: 'r-2' },
      ]),
    );
    expect(found.get(statSubjectKey('release', 'r-1'))).toMatchObject({ status: 'deleted', statusAt: 9n });
    expect(found.get(statSubjectKey('release', 'r-2'))).toMatchObject({ status: 'created', statusAt: 8n });
  });
});
