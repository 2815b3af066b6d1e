/**
 * Release exports through the API: the admin's Export to Drive and Export to Docs, an artist's export of
 * one release, the exports list and the export page. No workers run here: the API only records the job
 * (pending) and its `export.requested` event; test/flows/exports.int.test.ts builds them.
 */
import simpleRestProvider from 'ra-data-simple-rest';
import { fetchUtils, type DataProvider } from 'ra-core';
import { describe, expect } from 'vitest';
import { Event, Export, Release, type Db } from '@riffline/db';
import type { Actor } from '#test/support/actors.ts';
import { apiTest } from '#test/support/api.ts';
import { unique } from '#test/support/db.ts';
import { buildArtist, buildRelease } from '#test/support/factories.ts';

// A database of its own: the counts of "every release" are this file's releases.
const test = apiTest.extend({ freshDb: true });

const forbidden = { message: "You don't have permission to access this page." };
const filterOf = (filter: Record<string, unknown>) => encodeURIComponent(JSON.stringify(filter));

async function releases(db: Db, count: number, status: 'draft' | 'live' = 'live') {
  const artist = await buildArtist(db, { isApproved: true });
  const made = [];
  for (let i = 0; i < count; i++)
    made.push(await buildRelease(db, { userId: artist.id, title: unique('Song'), status }));
  return made;
}

const eventsOf = (db: Db, exportId: string) => Event.query(db).where({ aggregateId: exportId }).orderBy('id');

describe('POST /api/admin/releases/export/drive and /docs', () => {
  test('401 signed out, 403 for an artist, 400 for an unknown status', async ({
    db,
    admin,
    visitor,
    approvedArtist,
  }) => {
    for (const kind of ['drive', 'docs']) {
      const path = `/api/admin/releases/export/${kind}`;
      expect([(await visitor.send('POST', path)).status, (await visitor.send('POST', path)).json()]).toEqual([
        401,
        { message: 'Unauthorized' },
      ]);
      const artist = await approvedArtist.send('POST', path);
      expect([artist.status, artist.json()]).toEqual([403, forbidden]);
      const bad = await admin.send('POST', path, { status: 'published' });
      expect(bad.status).toBe(400);
      expect(bad.json()).toMatchObject({
        message: 'status must be one of draft, processing, live, rejected',
      });
    }
    expect(await Export.query(db).resultSize()).toBe(0);
  });

  test('answers 409 with a clear message when there is no release to export, and records nothing', async ({
    db,
    admin,
  }) => {
    await releases(db, 1, 'draft');
    const before = await Event.query(db).resultSize();
    for (const kind of ['drive', 'docs']) {
      const res = await admin.send('POST', `/api/admin/releases/export/${kind}`, { status: 'rejected' });
      expect([res.status, res.json()]).toEqual([409, { message: 'There are no releases to export' }]);
    }
    expect(await Export.query(db).where({ releaseStatus: 'rejected' }).resultSize()).toBe(0);
    expect(await Event.query(db).resultSize()).toBe(before);
  });

  test('Export to Drive: 202 with the count and the folder page; the job is pending with its event, in one transaction', async ({
    app,
    db,
    admin,
  }) => {
    await releases(db, 2, 'draft');
    const live = await releases(db, 3, 'live');
    const total = await Release.query(db).resultSize();

    const res = await admin.send('POST', '/api/admin/releases/export/drive');
    expect(res.status).toBe(202);
    const body = res.json<{
      exportId: string;
      totalReleases: number;
      mainFolderLink: string;
      message: string;
    }>();
    expect(body).toEqual({
      message: `Exporting ${total} releases to a folder: open the link to follow it and download the files.`,
      totalReleases: total,
      mainFolderLink: `${app.url}/api/exports/${body.exportId}`,
      exportId: body.exportId,
    });
    const job = (await Export.query(db).findById(body.exportId))!;
    expect(job).toMatchObject({
      kind: 'folder',
      scope: 'all',
      title: 'All releases',
      status: 'pending',
      totalReleases: body.totalReleases,
      releasesDone: 0,
      requestedBy: admin.user.id,
      folderKey: `exports/${job.id}`,
    });
    expect(job.releaseIds).toHaveLength(body.totalReleases);
    const [event] = await eventsOf(db, job.id);
    expect(event).toMatchObject({
      type: 'export.requested',
      aggregateType: 'export',
      actorId: admin.user.id,
      payload: {
        kind: 'folder',
        scope: 'all',
        totalReleases: body.totalReleases,
        releaseId: null,
        releaseStatus: null,
      },
    });

    // Only the live ones, in the order they were made.
    const onlyLive = await admin.send('POST', '/api/admin/releases/export/drive', { status: 'live' });
    const liveJob = (await Export.query(db).findById(onlyLive.json<{ exportId: string }>().exportId))!;
    expect(liveJob.title).toBe('All live releases');
    expect(liveJob.releaseIds.slice(-3)).toEqual(live.map((r) => r.id));
    expect(liveJob.releaseIds.length).toBeLessThan(body.totalReleases);
  });

  test('Export to Docs: 202 with the count and the page the document downloads from', async ({
    app,
    db,
    admin,
  }) => {
    await releases(db, 1);
    const res = await admin.send('POST', '/api/admin/releases/export/docs', { status: 'live' });
    expect(res.status).toBe(202);
    const body = res.json<{ exportId: string; totalReleases: number; webViewLink: string }>();
    expect(body).toMatchObject({ webViewLink: `${app.url}/api/exports/${body.exportId}` });
    expect(body.totalReleases).toBeGreaterThan(0);
    expect(await Export.query(db).findById(body.exportId)).toMatchObject({
      kind: 'document',
      releaseStatus: 'live',
    });
  });
});

describe("an artist's export of one release", () => {
  test('202 with webViewLink; the page shows its progress to the artist and an admin, 404 to another artist, 401 signed out', async ({
    db,
    approvedArtist,
    newActor,
    admin,
    visitor,
  }) => {
    const release = await buildRelease(db, {
      userId: approvedArtist.user.id,
      title: `Rock & Roll <script>alert(1)</script> "Zoë"`,
    });
    const res = await approvedArtist.send('POST', `/api/releases/${release.id}/export/docs`);
    expect(res.status).toBe(202);
    const { webViewLink } = res.json<{ webViewLink: string }>();
    const id = webViewLink.split('/').at(-1)!;
    const job = (await Export.query(db).findById(id))!;
    expect(job).toMatchObject({
      kind: 'document',
      scope: 'release',
      releaseId: release.id,
      releaseIds: [release.id],
      totalReleases: 1,
      requestedBy: approvedArtist.user.id,
    });
    expect((await eventsOf(db, id)).map((e) => e.type)).toEqual(['export.requested']);

    const page = await approvedArtist.get(new URL(webViewLink).pathname);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect(page.body).toContain('Waiting to start: 0 of 1 releases written.');
    expect(page.body).toContain('<meta http-equiv="refresh" content="2">');
    expect(page.body).toContain('Rock &amp; Roll &lt;script&gt;alert(1)&lt;/script&gt; &quot;Zoë&quot;');
    expect(page.body).not.toContain('<script>');
    expect((await admin.get(`/api/exports/${id}`)).status).toBe(200);
    const other = await (await newActor('approved')).get(`/api/exports/${id}`);
    expect([other.status, other.json()]).toEqual([404, { message: 'Export not found' }]);
    expect((await visitor.get(`/api/exports/${id}`)).status).toBe(401);
    expect((await approvedArtist.get('/api/exports/not-an-id')).json()).toEqual({
      message: 'Invalid id',
      issues: [{ path: 'params.id', message: 'Invalid id' }],
    });
  });

  test('once built, the page lists the files with download links that work', async ({
    app,
    db,
    approvedArtist,
    admin,
  }) => {
    const release = await buildRelease(db, { userId: approvedArtist.user.id, title: 'Monsoon' });
    const res = await approvedArtist.send('POST', `/api/releases/${release.id}/export/drive`);
    const id = res.json<{ webViewLink: string }>().webViewLink.split('/').at(-1)!;
    // What the workers leave: files in storage and the manifest on the row.
    const key = `exports/${id}/001-monsoon/metadata.json`;
    await app.deps.storage.put(key, Buffer.from('{"release":{}}'), 'application/json');
    await Export.query(db)
      .findById(id)
      .patch({
        status: 'completed',
        releasesDone: 1,
        completedAt: new Date(),
        files: [
          {
            path: '001-monsoon/metadata.json',
            key,
            size: 14,
            contentType: 'application/json',
            link: false,
          },
        ],
      });

    const page = await approvedArtist.get(`/api/exports/${id}`);
    expect(page.body).toContain('Ready: 1 release, 1 files.');
    expect(page.body).not.toContain('http-equiv="refresh"');
    expect(page.body).toContain('<h2>001-monsoon/</h2>');
    const href = page.body
      .match(/<a href="([^"]+)" download="metadata.json">/)?.[1]
      ?.replaceAll('&amp;', '&');
    expect(href).toMatch(new RegExp(`^${app.url}/api/files/`));
    const file = await fetch(href!);
    expect([file.status, await file.text()]).toEqual([200, '{"release":{}}']);

    // The list counts the files without sending them.
    const listed = await admin.get(`/api/admin/exports?filter=${filterOf({ id: [id] })}`);
    expect(listed.json()).toEqual([
      expect.objectContaining({ id, status: 'completed', fileCount: 1, progress: 100, releasesDone: 1 }),
    ]);
  });
});

describe('GET /api/admin/exports and /:id', () => {
  test('401, 403 for an artist, 400 for an unknown sort or kind, 404 for an unknown id', async ({
    admin,
    visitor,
    approvedArtist,
  }) => {
    expect((await visitor.get('/api/admin/exports')).status).toBe(401);
    expect((await approvedArtist.get('/api/admin/exports')).json()).toEqual(forbidden);
    const sort = await admin.get(`/api/admin/exports?sort=${encodeURIComponent('["files","ASC"]')}`);
    expect([sort.status, sort.json<{ message: string }>().message]).toEqual([
      400,
      'sort must be ["field","ASC" or "DESC"] with field one of id, createdAt, completedAt, status, kind, totalReleases',
    ]);
    const kind = await admin.get(`/api/admin/exports?filter=${filterOf({ kind: 'zip' })}`);
    expect(kind.json<{ message: string }>().message).toBe('kind must be one of folder, document');
    const missing = await admin.get(`/api/admin/exports/${crypto.randomUUID()}`);
    expect([missing.status, missing.json()]).toEqual([404, { message: 'Export not found' }]);
  });

  test('lists exports newest first with Content-Range, filtered, and shows one with its progress', async ({
    app,
    db,
    admin,
  }) => {
    await releases(db, 2);
    const folder = (await admin.send('POST', '/api/admin/releases/export/drive')).json<{
      exportId: string;
    }>().exportId;
    const doc = (await admin.send('POST', '/api/admin/releases/export/docs')).json<{ exportId: string }>()
      .exportId;

    const both = await admin.get(`/api/admin/exports?filter=${filterOf({ id: [folder, doc] })}`);
    expect(both.headers.get('content-range')).toBe('exports 0-1/2');
    expect(both.json<Array<{ id: string }>>().map((r) => r.id)).toEqual([doc, folder]);
    const docs = await admin.get(
      `/api/admin/exports?filter=${filterOf({ kind: 'document', id: [folder, doc] })}`,
    );
    expect(docs.json<Array<{ id: string }>>().map((r) => r.id)).toEqual([doc]);

    const one = await admin.get(`/api/admin/exports/${folder}`);
    expect(one.status).toBe(200);
    expect(one.json()).toMatchObject({
      id: folder,
      kind: 'folder',
      scope: 'all',
      status: 'pending',
      releasesDone: 0,
      progress: 0,
      fileCount: 0,
      error: null,
      requestedBy: admin.user.id,
      link: `${app.url}/api/exports/${folder}`,
      files: [],
    });
  });
});

/** The admin console's data provider (the real `ra-data-simple-rest`), signed in as the admin. */
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

describe('the exports resource through ra-data-simple-rest', () => {
  test('getList by id, getOne, getMany and getManyReference get exactly the rows asked for', async ({
    app,
    db,
    admin,
    approvedArtist,
  }) => {
    const release = await buildRelease(db, { userId: approvedArtist.user.id, title: unique('Solo') });
    const mine: string[] = [];
    for (const kind of ['drive', 'docs']) {
      const res = await approvedArtist.send('POST', `/api/releases/${release.id}/export/${kind}`);
      mine.push(res.json<{ webViewLink: string }>().webViewLink.split('/').at(-1)!);
    }
    await admin.send('POST', '/api/admin/releases/export/drive');
    const data = provider(app.url, admin);

    const all = await data.getList('exports', {
      pagination: { page: 1, perPage: 500 },
      sort: { field: 'id', order: 'ASC' },
      filter: {},
    });
    expect(all.total).toBe(all.data.length);
    expect(all.data.map((r) => String(r.id))).toEqual(all.data.map((r) => String(r.id)).sort());
    const page = await data.getList('exports', {
      pagination: { page: 2, perPage: 1 },
      sort: { field: 'id', order: 'ASC' },
      filter: {},
    });
    expect([page.data.map((r) => r.id), page.total]).toEqual([[all.data[1]!.id], all.total]);

    const { data: one } = await data.getOne('exports', { id: mine[0]! });
    expect(one).toMatchObject({
      id: mine[0],
      kind: 'folder',
      scope: 'release',
      releaseId: release.id,
      files: [],
    });
    const { data: many } = await data.getMany('exports', { ids: mine });
    expect(many.map((r) => String(r.id)).sort()).toEqual([...mine].sort());

    const reference = await data.getManyReference('exports', {
      target: 'releaseId',
      id: release.id,
      pagination: { page: 1, perPage: 25 },
      sort: { field: 'createdAt', order: 'DESC' },
      filter: {},
    });
    expect([reference.data.map((r) => r.id), reference.total]).toEqual([[mine[1], mine[0]], 2]);
    const byRequester = await data.getManyReference('exports', {
      target: 'requestedBy',
      id: approvedArtist.user.id,
      pagination: { page: 1, perPage: 25 },
      sort: { field: 'id', order: 'ASC' },
      filter: { kind: 'document' },
    });
    expect([byRequester.data.map((r) => r.id), byRequester.total]).toEqual([[mine[1]], 1]);
  });
});
