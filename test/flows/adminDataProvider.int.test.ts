/**
 * The admin console's data provider, the real `ra-data-simple-rest` package, called in Node against the
 * admin API as react-admin calls it: getList (sorted by id, react-admin's default, ranged and filtered),
 * getOne, getMany, getManyReference and update. It must get exactly the rows it asks for, with
 * Content-Range totals that match the filtered counts.
 */
import simpleRestProvider from 'ra-data-simple-rest';
import { fetchUtils, type DataProvider } from 'ra-core';
import { describe, expect } from 'vitest';
import { apiTest } from '#test/support/api.ts';
import {
  buildApplication,
  buildArtist,
  buildRelease,
  buildRoyalty,
  buildTicket,
  buildUsage,
} from '#test/support/factories.ts';
import type { Actor } from '#test/support/actors.ts';
import type { Db } from '../../db/src/index.ts';

function provider(appUrl: string, admin: Actor): DataProvider {
  const cookie = ['riffline.sid', 'riffline.sid.sig']
    .map((name) => `${name}=${admin.browser.cookie(name) ?? ''}`)
    .join('; ');
  return simpleRestProvider(`${appUrl}/api/admin`, (url, options = {}) => {
    const headers = new Headers(options.headers ?? { Accept: 'application/json' });
    headers.set('cookie', cookie);
    headers.set('origin', appUrl);
    return fetchUtils.fetchJson(url, { ...options, headers });
  });
}

/** Three artists, each with an application, two releases and a ticket; the second artist's rejected. */
async function seed(db: Db) {
  const artists = [];
  for (let i = 0; i < 3; i++) {
    const user = await buildArtist(db, { firstName: `Seeded${i}` });
    const application = await buildApplication(db, {
      userId: user.id,
      status: i === 1 ? 'rejected' : 'pending',
    });
    const releases = [
      await buildRelease(db, { userId: user.id, title: `First ${i}` }),
      await buildRelease(db, { userId: user.id, title: `Second ${i}` }),
    ];
    const ticket = await buildTicket(db, { userId: user.id, subject: `Ticket ${i}` });
    artists.push({ user, application, releases, ticket });
  }
  return artists;
}

// Totals are asserted exactly, so this file has a database of its own.
apiTest.override({ freshDb: true });

const ids = (rows: Array<{ id: unknown }>) => rows.map((row) => String(row.id)).sort();

describe('the real ra-data-simple-rest against the admin API', () => {
  apiTest('getList sorts by id (both ways), pages, filters and counts', async ({ app, db, admin }) => {
    const artists = await seed(db);
    const data = provider(app.url, admin);
    for (const resource of ['users', 'applications', 'releases', 'tickets']) {
      const all = await data.getList(resource, {
        pagination: { page: 1, perPage: 500 },
        sort: { field: 'id', order: 'ASC' },
        filter: {},
      });
      expect(all.total, resource).toBe(all.data.length);
      expect(
        all.data.map((r) => String(r.id)),
        resource,
      ).toEqual(ids(all.data));
      const desc = await data.getList(resource, {
        pagination: { page: 1, perPage: 2 },
        sort: { field: 'id', order: 'DESC' },
        filter: {},
      });
      expect(desc.total, resource).toBe(all.total);
      expect(
        desc.data.map((r) => String(r.id)),
        resource,
      ).toEqual(ids(all.data).reverse().slice(0, 2));
      const second = await data.getList(resource, {
        pagination: { page: 2, perPage: 2 },
        sort: { field: 'id', order: 'DESC' },
        filter: {},
      });
      expect(
        second.data.map((r) => String(r.id)),
        resource,
      ).toEqual(ids(all.data).reverse().slice(2, 4));
    }
    const pending = await data.getList('applications', {
      pagination: { page: 1, perPage: 10 },
      sort: { field: 'createdAt', order: 'DESC' },
      filter: { status: 'pending' },
    });
    const pendingIds = artists.filter((_, i) => i !== 1).map((a) => a.application.id);
    expect(pending.total).toBe(pending.data.length);
    for (const id of pendingIds) expect(pending.data.map((r) => r.id)).toContain(id);
    expect(pending.data.every((r) => r.status === 'pending')).toBe(true);
    const searched = await data.getList('releases', {
      pagination: { page: 1, perPage: 10 },
      sort: { field: 'title', order: 'ASC' },
      filter: { q: 'Second 2' },
    });
    expect(searched.data.map((r) => r.id)).toEqual([artists[2]!.releases[1]!.id]);
    expect(searched.total).toBe(1);
  });

  apiTest('getMany answers exactly the ids asked for, and getOne the one', async ({ app, db, admin }) => {
    const artists = await seed(db);
    const data = provider(app.url, admin);
    const cases = {
      users: [artists[0]!.user.id, artists[2]!.user.id],
      applications: [artists[1]!.application.id, artists[2]!.application.id],
      releases: [artists[0]!.releases[1]!.id, artists[2]!.releases[0]!.id],
      tickets: [artists[0]!.ticket.id, artists[1]!.ticket.id],
    };
    for (const [resource, wanted] of Object.entries(cases)) {
      const { data: rows } = await data.getMany(resource, { ids: wanted });
      expect(ids(rows), resource).toEqual([...wanted].sort());
      const { data: one } = await data.getOne(resource, { id: wanted[0]! });
      expect(one.id, resource).toBe(wanted[0]);
    }
  });

  apiTest('getManyReference keeps to its target', async ({ app, db, admin }) => {
    const artists = await seed(db);
    const data = provider(app.url, admin);
    const owner = artists[1]!;
    const reference = (resource: string) =>
      data.getManyReference(resource, {
        target: 'userId',
        id: owner.user.id,
        pagination: { page: 1, perPage: 25 },
        sort: { field: 'id', order: 'ASC' },
        filter: {},
      });
    const applications = await reference('applications');
    expect(applications.data.map((r) => r.id)).toEqual([owner.application.id]);
    expect(applications.total).toBe(1);
    const releases = await reference('releases');
    expect(ids(releases.data)).toEqual(ids(owner.releases));
    expect(releases.total).toBe(2);
    const tickets = await reference('tickets');
    expect(tickets.data.map((r) => r.id)).toEqual([owner.ticket.id]);
    const payouts = await reference('withdrawal-requests');
    expect(payouts.data).toEqual([]);
    expect(payouts.total).toBe(0);
  });

  apiTest(
    'update goes through the spec’s actions: an application approved, a ticket moved',
    async ({ app, db, admin }) => {
      const artists = await seed(db);
      const data = provider(app.url, admin);
      const application = artists[0]!.application;
      const { data: approved } = await data.update('applications', {
        id: application.id,
        data: { ...application, status: 'approved' },
        previousData: application,
      });
      expect(approved).toMatchObject({ id: application.id, status: 'approved' });
      const ticket = artists[0]!.ticket;
      const { data: moved } = await data.update('tickets', {
        id: ticket.id,
        data: { status: 'in_progress' },
        previousData: ticket,
      });
      expect(moved).toMatchObject({ id: ticket.id, status: 'in_progress' });
    },
  );

  apiTest('a malformed list query is a 400 the console can show, never a 500', async ({ app, admin }) => {
    const data = provider(app.url, admin);
    await expect(
      data.getList('users', {
        pagination: { page: 1, perPage: 5 },
        sort: { field: 'password', order: 'ASC' },
        filter: {},
      }),
    ).rejects.toMatchObject({ status: 400, message: expect.stringMatching(/^sort must be/) });
    await expect(data.getMany('applications', { ids: ['not-a-uuid'] })).rejects.toMatchObject({
      status: 400,
      message: 'Invalid id',
    });
  });
});

/** Two artists, each with a release, two royalty rows and two usage rows of it (the money lists). */
async function seedMoney(db: Db) {
  const artists = [];
  for (let i = 0; i < 2; i++) {
    const user = await buildArtist(db, { firstName: `Earner${i}` });
    const release = await buildRelease(db, { userId: user.id, title: `Earning ${i}` });
    const royalties = [
      await buildRoyalty(db, {
        userId: user.id,
        releaseId: release.id,
        amount: `${i + 1}.00`,
        period: '2026-09',
      }),
      await buildRoyalty(db, {
        userId: user.id,
        releaseId: release.id,
        amount: `${i + 5}.50`,
        period: '2026-10',
      }),
    ];
    const usage = [
      await buildUsage(db, { userId: user.id, releaseId: release.id, streams: 10 + i, date: '2026-09-01' }),
      await buildUsage(db, { userId: user.id, releaseId: release.id, streams: 20 + i, date: '2026-10-01' }),
    ];
    artists.push({ user, release, royalties, usage });
  }
  return artists;
}

describe('the real ra-data-simple-rest against the royalties and analytics lists', () => {
  apiTest(
    'getList by id both ways with a range and a filter, getOne, getMany, getManyReference',
    async ({ app, db, admin }) => {
      const artists = await seedMoney(db);
      const data = provider(app.url, admin);
      for (const resource of ['royalties', 'analytics'] as const) {
        const rowsOf = (a: (typeof artists)[number]) => (resource === 'royalties' ? a.royalties : a.usage);
        const all = await data.getList(resource, {
          pagination: { page: 1, perPage: 500 },
          sort: { field: 'id', order: 'ASC' },
          filter: {},
        });
        expect(all.total, resource).toBe(all.data.length);
        expect(all.total, resource).toBeGreaterThanOrEqual(4);
        expect(
          all.data.map((r) => String(r.id)),
          resource,
        ).toEqual(ids(all.data));
        const second = await data.getList(resource, {
          pagination: { page: 2, perPage: 2 },
          sort: { field: 'id', order: 'DESC' },
          filter: {},
        });
        expect(
          second.data.map((r) => String(r.id)),
          resource,
        ).toEqual(ids(all.data).reverse().slice(2, 4));
        expect(second.total, resource).toBe(all.total);

        const owner = artists[1]!;
        const filtered = await data.getList(resource, {
          pagination: { page: 1, perPage: 1 },
          sort: { field: 'id', order: 'ASC' },
          filter: { userId: owner.user.id, q: 'Earning 1' },
        });
        expect(filtered.total, resource).toBe(2);
        expect(
          filtered.data.map((r) => String(r.id)),
          resource,
        ).toEqual(ids(rowsOf(owner)).slice(0, 1));

        const wanted = [rowsOf(artists[0]!)[1]!.id, rowsOf(owner)[0]!.id];
        const { data: many } = await data.getMany(resource, { ids: wanted });
        expect(ids(many), resource).toEqual([...wanted].sort());
        const { data: one } = await data.getOne(resource, { id: wanted[0]! });
        expect(one, resource).toMatchObject({ id: wanted[0], releaseTitle: 'Earning 0' });

        const reference = await data.getManyReference(resource, {
          target: 'userId',
          id: owner.user.id,
          pagination: { page: 1, perPage: 25 },
          sort: { field: 'id', order: 'ASC' },
          filter: {},
        });
        expect(
          reference.data.map((r) => String(r.id)),
          resource,
        ).toEqual(ids(rowsOf(owner)));
        expect(reference.total, resource).toBe(2);
      }
      const october = await data.getList('analytics', {
        pagination: { page: 1, perPage: 25 },
        sort: { field: 'date', order: 'DESC' },
        filter: { date_gte: '2026-10-01', date_lte: '2026-10-31', userId: artists[0]!.user.id },
      });
      expect(october.data.map((r) => r.id)).toEqual([artists[0]!.usage[1]!.id]);
    },
  );
});
