/**
 * The admin console's data provider, the real `ra-data-simple-rest` package, called in Node against the
 * admin API as react-admin calls it: getList (sorted by id, react-admin's default, ranged and filtered),
 * getOne, getMany, getManyReference, update and create, on every admin resource. It must get exactly the
 * rows it asks for, with Content-Range totals that match the filtered counts; what a resource does not
 * allow (delete anywhere, PUT on a payout) is a 4xx, never a 500.
 */
import simpleRestProvider from 'ra-data-simple-rest';
import { fetchUtils, type DataProvider } from 'ra-core';
import { describe, expect } from 'vitest';
import { apiTest } from '#test/support/api.ts';
import {
  buildApplication,
  buildArtist,
  buildExport,
  buildRelease,
  buildRoyalty,
  buildSupportTicket,
  buildUsage,
} from '#test/support/factories.ts';
import type { Actor } from '#test/support/actors.ts';
import { unique } from '#test/support/db.ts';
import { failEvent } from '#test/support/eventLog.ts';
import {
  appendEvent,
  ContactMessage,
  Event,
  Export,
  FailedEvent,
  NewsletterSubscription,
  Payee,
  PaymentMethod,
  PlatformSetting,
  StoreReport,
  WithdrawalRequest,
  type Db,
} from '../../db/src/index.ts';

/** The console's `httpClient`: fetchJson with the admin's session cookie, from the console's origin. */
function client(appUrl: string, admin: Actor) {
  const cookie = ['riffline.sid', 'riffline.sid.sig']
    .map((name) => `${name}=${admin.browser.cookie(name) ?? ''}`)
    .join('; ');
  return (url: string, options: fetchUtils.Options = {}) => {
    const headers = new Headers(options.headers ?? { Accept: 'application/json' });
    headers.set('cookie', cookie);
    headers.set('origin', appUrl);
    return fetchUtils.fetchJson(url, { ...options, headers });
  };
}

function provider(appUrl: string, admin: Actor): DataProvider {
  return simpleRestProvider(`${appUrl}/api/admin`, client(appUrl, admin));
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
    const ticket = await buildSupportTicket(db, { userId: user.id, subject: `Ticket ${i}` });
    artists.push({ user, application, releases, ticket });
  }
  return artists;
}

// Totals are asserted exactly, so this file has a database of its own.
const test = apiTest.extend({ freshDb: true });

const ids = (rows: Array<{ id: unknown }>) => rows.map((row) => String(row.id)).sort();

describe('the real ra-data-simple-rest against the admin API', () => {
  test('getList sorts by id (both ways), pages, filters and counts', async ({ app, db, admin }) => {
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

  test('getMany answers exactly the ids asked for, and getOne the one', async ({ app, db, admin }) => {
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

  test('getManyReference keeps to its target', async ({ app, db, admin }) => {
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

  test('update goes through the spec’s actions: an application approved, a ticket moved', async ({
    app,
    db,
    admin,
  }) => {
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
  });

  test('a malformed list query is a 400 the console can show, never a 500', async ({ app, admin }) => {
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
  test('getList by id both ways with a range and a filter, getOne, getMany, getManyReference', async ({
    app,
    db,
    admin,
  }) => {
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
  });
});

describe('the real ra-data-simple-rest against the payee list', () => {
  test('payees: getList by id both ways, filtered by owner and status, getMany, getOne with the releases', async ({
    app,
    db,
    admin,
  }) => {
    const owner = await buildArtist(db, { firstName: 'Sharer' });
    const tag = unique('rapayee').replace(/-/g, '');
    const rows = [
      await Payee.query(db)
        .insert({ ownerId: owner.id, userId: owner.id, email: `${tag}-own@example.test`, status: 'owner' })
        .returning('*'),
    ];
    for (let i = 0; i < 3; i++) {
      rows.push(
        await Payee.query(db)
          .insert({ ownerId: owner.id, email: `${tag}-${i}@example.test`, status: 'invited' })
          .returning('*'),
      );
    }
    const data = provider(app.url, admin);
    await expectReads(data, 'payees', {
      all: await idsOf(Payee.query(db).select('id')),
      filter: { ownerId: owner.id, status: 'invited' },
      filtered: ordered(rows.filter((r) => r.status === 'invited').map((r) => r.id)),
    });
    const search = await data.getList('payees', {
      pagination: { page: 1, perPage: 25 },
      sort: { field: 'email', order: 'ASC' },
      filter: { q: `${tag}-1@` },
    });
    expect([rowIds(search.data), search.total]).toEqual([[rows[2]!.id], 1]);
    const { data: one } = await data.getOne('payees', { id: rows[1]!.id });
    expect(one).toMatchObject({ status: 'invited', held: '0.00', earned: '0.00', releases: [] });
  });
});

/** Ids in the database's order: numerically for the events' bigint ids, else as Postgres orders UUIDs. */
const byId = (a: string, b: string) =>
  (/^\d+$/.test(a) && /^\d+$/.test(b) ? a.length - b.length : 0) || (a < b ? -1 : a > b ? 1 : 0);
const ordered = (values: unknown[]) => values.map(String).sort(byId);
const rowIds = (rows: Array<{ id: unknown }>) => rows.map((row) => String(row.id));
const idsOf = async (query: PromiseLike<Array<{ id: unknown }>>) => ordered((await query).map((r) => r.id));

/**
 * react-admin's reads of one resource: getList by id both ways (a whole page, then a second page of 2),
 * the filter ranged to its first row and whole, getMany of two of the filtered rows and getOne of one
 * (where the API has the route). `all` is every row's id now, `filtered` the ids `filter` must answer.
 */
async function expectReads(
  data: DataProvider,
  resource: string,
  {
    all,
    filter,
    filtered,
    getOne = true,
  }: { all: string[]; filter: object; filtered: string[]; getOne?: boolean },
) {
  const list = (page: number, perPage: number, order: 'ASC' | 'DESC', where: object) =>
    data.getList(resource, { pagination: { page, perPage }, sort: { field: 'id', order }, filter: where });
  const asc = await list(1, 500, 'ASC', {});
  expect(rowIds(asc.data), resource).toEqual(all);
  expect(asc.total, resource).toBe(all.length);
  const desc = await list(2, 2, 'DESC', {});
  expect(rowIds(desc.data), resource).toEqual([...all].reverse().slice(2, 4));
  expect(desc.total, resource).toBe(all.length);

  const first = await list(1, 1, 'ASC', filter);
  expect(rowIds(first.data), resource).toEqual(filtered.slice(0, 1));
  expect(first.total, resource).toBe(filtered.length);
  const whole = await list(1, 25, 'DESC', filter);
  expect(rowIds(whole.data), resource).toEqual([...filtered].reverse());
  expect(whole.total, resource).toBe(filtered.length);

  const wanted = [...new Set([filtered[0]!, filtered[filtered.length - 1]!])];
  const { data: many } = await data.getMany(resource, { ids: wanted });
  expect(ordered(rowIds(many)), resource).toEqual(ordered(wanted));
  if (getOne) {
    const { data: one } = await data.getOne(resource, { id: wanted[0]! });
    expect(one.id, resource).toBe(wanted[0]);
  }
}

/** The status a provider call was refused with (its HttpError), or the call's answer if it was not. */
const refusal = (
  call: Promise<unknown>,
): Promise<{ status?: number; message?: string; answered?: unknown }> =>
  call.then(
    (answer) => ({ answered: answer }),
    (error: { status?: number; message?: string }) => ({ status: error.status, message: error.message }),
  );

describe('the real ra-data-simple-rest against the payout, settings, message, audit and job lists', () => {
  test('withdrawal-requests: every read with real rows; update is the PATCH action, PUT is refused', async ({
    app,
    db,
    admin,
  }) => {
    const requests = [];
    for (let i = 0; i < 2; i++) {
      const user = await buildArtist(db, { firstName: `Payee${i}` });
      const method = await PaymentMethod.query(db)
        .insert({ userId: user.id, type: 'paypal', paypalEmail: `payee${i}@example.test`, isDefault: true })
        .returning('*');
      const statuses =
        i === 0 ? (['pending', 'approved', 'pending'] as const) : (['pending', 'declined'] as const);
      const rows = [];
      for (const [n, status] of statuses.entries()) {
        rows.push(
          await WithdrawalRequest.query(db)
            .insert({ userId: user.id, paymentMethodId: method.id, amount: `${20 + n}.00`, status })
            .returning('*'),
        );
      }
      requests.push({ user, rows });
    }
    const data = provider(app.url, admin);
    const payee = requests[0]!;
    await expectReads(data, 'withdrawal-requests', {
      all: await idsOf(WithdrawalRequest.query(db).select('id')),
      filter: { status: 'pending', userId: payee.user.id },
      filtered: ordered(payee.rows.filter((r) => r.status === 'pending').map((r) => r.id)),
    });

    const reference = await data.getManyReference('withdrawal-requests', {
      target: 'userId',
      id: payee.user.id,
      pagination: { page: 1, perPage: 2 },
      sort: { field: 'amount', order: 'DESC' },
      filter: {},
    });
    expect(rowIds(reference.data)).toEqual([payee.rows[2]!.id, payee.rows[1]!.id]);
    expect(reference.total).toBe(3);
    const { data: one } = await data.getOne('withdrawal-requests', { id: payee.rows[0]!.id });
    expect(one).toMatchObject({ amount: '20.00', status: 'pending', paymentMethod: { type: 'paypal' } });

    // react-admin's update is a PUT of the whole record: the API has no such route (405, nothing changes).
    // The console approves and declines through its own action, PATCH with {status} (dataProvider.ts).
    const pending = payee.rows[0]!;
    expect(
      await refusal(
        data.update('withdrawal-requests', {
          id: pending.id,
          data: { ...one, status: 'approved' },
          previousData: one,
        }),
      ),
    ).toEqual({ status: 405, message: 'Method Not Allowed' });
    expect(await WithdrawalRequest.query(db).findById(pending.id)).toMatchObject({ status: 'pending' });
    const http = client(app.url, admin);
    const patch = (id: string, body: object) =>
      http(`${app.url}/api/admin/withdrawal-requests/${id}`, {
        method: 'PATCH',
        body: JSON.stringify(body),
      });
    const approved = await patch(pending.id, { status: 'approved' });
    expect(approved.json).toMatchObject({
      id: pending.id,
      status: 'approved',
      adminNotes: 'approved for processing, payment within 24 hours',
    });
    const declined = await patch(payee.rows[2]!.id, { status: 'declined', adminNotes: 'Wrong account' });
    expect(declined.json).toMatchObject({ status: 'declined', adminNotes: 'Wrong account' });
    expect(await refusal(patch(pending.id, { status: 'declined' }))).toEqual({
      status: 409,
      message: 'A approved withdrawal request cannot become declined',
    });
    // The lists follow: none of this payee's requests is pending any more.
    const stillPending = await data.getList('withdrawal-requests', {
      pagination: { page: 1, perPage: 25 },
      sort: { field: 'id', order: 'ASC' },
      filter: { status: 'pending', userId: payee.user.id },
    });
    expect([stillPending.data, stillPending.total]).toEqual([[], 0]);
    const approvedNow = await data.getList('withdrawal-requests', {
      pagination: { page: 1, perPage: 25 },
      sort: { field: 'id', order: 'ASC' },
      filter: { status: 'approved', userId: payee.user.id },
    });
    expect(rowIds(approvedNow.data)).toEqual(ordered([pending.id, payee.rows[1]!.id]));
    expect(approvedNow.total).toBe(2);
    expect(
      await refusal(data.delete('withdrawal-requests', { id: pending.id, previousData: one })),
    ).toMatchObject({
      status: 405,
    });
  });

  test('settings: every read, create with a known key, update by PUT', async ({ app, db, admin }) => {
    const data = provider(app.url, admin);
    const streams = (await PlatformSetting.query(db).findOne({ settingKey: 'streams_growth_percentage' }))!;
    await expectReads(data, 'settings', {
      all: await idsOf(PlatformSetting.query(db).select('id')),
      filter: { settingKey: 'streams_growth_percentage' },
      filtered: [streams.id],
    });

    const { data: created } = await data.create('settings', {
      data: { settingKey: 'distribution_fee_coins', settingValue: '30' },
    });
    expect(created).toMatchObject({
      settingKey: 'distribution_fee_coins',
      settingValue: '30',
      updatedBy: admin.user.id,
    });
    const fee = await data.getList('settings', {
      pagination: { page: 1, perPage: 25 },
      sort: { field: 'id', order: 'ASC' },
      filter: { settingKey: 'distribution_fee_coins' },
    });
    expect([rowIds(fee.data), fee.total]).toEqual([[String(created.id)], 1]);

    const earnings = (
      await data.getList('settings', {
        pagination: { page: 1, perPage: 1 },
        sort: { field: 'settingKey', order: 'ASC' },
        filter: { settingKey: 'earnings_growth_percentage' },
      })
    ).data[0]!;
    const { data: updated } = await data.update('settings', {
      id: earnings.id,
      data: { ...earnings, settingValue: '8.25' },
      previousData: earnings,
    });
    expect(updated).toMatchObject({
      id: earnings.id,
      settingKey: 'earnings_growth_percentage',
      settingValue: '8.25',
    });
    expect((await data.getOne('settings', { id: earnings.id })).data).toMatchObject({ settingValue: '8.25' });
    expect(
      await refusal(
        data.update('settings', { id: earnings.id, data: { settingValue: '5000' }, previousData: earnings }),
      ),
    ).toEqual({ status: 400, message: 'earnings_growth_percentage must be between -100 and 1000' });
    expect(await refusal(data.delete('settings', { id: earnings.id, previousData: earnings }))).toMatchObject(
      {
        status: 405,
      },
    );
    // Everything above counted: the whole list is still every stored setting.
    const all = await data.getList('settings', {
      pagination: { page: 1, perPage: 25 },
      sort: { field: 'id', order: 'DESC' },
      filter: {},
    });
    expect(rowIds(all.data)).toEqual((await idsOf(PlatformSetting.query(db).select('id'))).reverse());
  });

  test('contact-messages, newsletter-subscriptions, events, failed-events, reports and exports: every read', async ({
    app,
    db,
    admin,
  }) => {
    const tag = unique('dp');
    const data = provider(app.url, admin);

    const contacts = [];
    for (const [i, status] of (['new', 'read', 'new'] as const).entries()) {
      contacts.push(
        await ContactMessage.query(db)
          .insert({
            name: `Visitor ${i}`,
            email: `v${i}@example.test`,
            subject: `About ${tag}`,
            message: 'Hi',
            status,
          })
          .returning('*'),
      );
    }
    await ContactMessage.query(db).insert({
      name: 'Other',
      email: 'o@example.test',
      subject: 'Else',
      message: 'Hi',
    });
    await expectReads(data, 'contact-messages', {
      all: await idsOf(ContactMessage.query(db).select('id')),
      filter: { q: tag, status: 'new' },
      filtered: ordered(contacts.filter((c) => c.status === 'new').map((c) => c.id)),
    });

    const subscriptions = [];
    for (const [i, isActive] of [true, false, true].entries()) {
      subscriptions.push(
        await NewsletterSubscription.query(db)
          .insert({ email: `${tag}-${i}@example.test`, isActive })
          .returning('*'),
      );
    }
    await NewsletterSubscription.query(db).insert({ email: `${unique('other')}@example.test` });
    await expectReads(data, 'newsletter-subscriptions', {
      all: await idsOf(NewsletterSubscription.query(db).select('id')),
      filter: { q: tag, isActive: true },
      filtered: ordered(subscriptions.filter((s) => s.isActive).map((s) => s.id)),
      getOne: false, // the API has no GET /newsletter-subscriptions/:id; the console lists them only
    });
    expect(await refusal(data.getOne('newsletter-subscriptions', { id: subscriptions[0]!.id }))).toEqual({
      status: 404,
      message: 'Not Found',
    });

    // Failed events first: each appends its marker event, which the events list must then count.
    const group = unique('group');
    const failed = [
      await failEvent(db, { group }),
      await failEvent(db, { group, attempts: 2, maxAttempts: 5 }),
      await failEvent(db, { group }),
    ];
    await failEvent(db);
    await expectReads(data, 'failed-events', {
      all: await idsOf(FailedEvent.query(db).select('id')),
      filter: { group, status: 'parked' },
      filtered: ordered([failed[0]!.id, failed[2]!.id]),
    });

    const aggregateId = unique('setting');
    const appended = [];
    for (let i = 0; i < 3; i++) {
      appended.push(
        await db.transaction((trx) =>
          appendEvent(trx, {
            type: 'setting.changed',
            aggregateId,
            actorId: admin.user.id,
            payload: { settingKey: aggregateId, settingValue: String(i), previousValue: null },
          }),
        ),
      );
    }
    await expectReads(data, 'events', {
      all: await idsOf(Event.query(db).select('id')),
      filter: { type: 'setting.changed', aggregateId },
      filtered: ordered(appended.map((e) => e.id)),
    });

    const reports = [];
    for (const [i, status] of (['completed', 'pending', 'completed'] as const).entries()) {
      reports.push(
        await StoreReport.query(db)
          .insert({
            filename: `${tag}-${i}.csv`,
            fileKey: `reports/${tag}-${i}.csv`,
            contentHash: `${tag}-${i}`,
            size: 100 + i,
            status,
            uploadedBy: admin.user.id,
          })
          .returning('*'),
      );
    }
    await StoreReport.query(db).insert({
      filename: 'other.csv',
      fileKey: 'reports/other.csv',
      contentHash: tag,
      size: 1,
    });
    await expectReads(data, 'reports', {
      all: await idsOf(StoreReport.query(db).select('id')),
      filter: { q: tag, status: 'completed' },
      filtered: ordered(reports.filter((r) => r.status === 'completed').map((r) => r.id)),
    });

    const requester = await buildArtist(db, { firstName: 'Exporter' });
    const release = await buildRelease(db, { userId: requester.id, title: `Exported ${tag}` });
    const exports = [
      await buildExport(db, { requestedBy: requester.id, releaseIds: [release.id] }),
      await buildExport(db, { requestedBy: admin.user.id, releaseIds: [release.id] }),
      await buildExport(db, { requestedBy: requester.id, releaseIds: [release.id], kind: 'document' }),
      await buildExport(db, { requestedBy: admin.user.id, releaseIds: [release.id], kind: 'document' }),
    ];
    await expectReads(data, 'exports', {
      all: await idsOf(Export.query(db).select('id')),
      filter: { requestedBy: requester.id },
      filtered: ordered([exports[0]!.id, exports[2]!.id]),
    });

    // None of them can be deleted through the provider: a 4xx the console can show, never a 500. 405
    // where the record's path exists (GET only), 404 where the API has no path per record at all.
    const refusals: Array<[string, string, number, string]> = [
      ['contact-messages', contacts[0]!.id, 405, 'Method Not Allowed'],
      ['newsletter-subscriptions', subscriptions[0]!.id, 404, 'Not Found'],
      ['events', appended[0]!.id, 405, 'Method Not Allowed'],
      ['failed-events', failed[0]!.id, 405, 'Method Not Allowed'],
      ['reports', reports[0]!.id, 405, 'Method Not Allowed'],
      ['exports', exports[0]!.id, 405, 'Method Not Allowed'],
    ];
    for (const [resource, id, status, message] of refusals) {
      const answer = await refusal(data.delete(resource, { id, previousData: { id } }));
      expect(answer, resource).toEqual({ status, message });
    }
  });

  // The console opens a failed event on its own page: react-admin's getOne.
  test('failed-events getOne: the row the console’s show page asks for', async ({ app, db, admin }) => {
    const parked = await failEvent(db);
    const { data: one } = await provider(app.url, admin).getOne('failed-events', { id: parked.id });
    expect(one).toMatchObject({ id: parked.id, group: parked.group, status: 'parked' });
  });
});
