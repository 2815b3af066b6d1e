import {
  CHANGE_DECIDED,
  CORRECTION_ARTWORK_MISSING,
  CORRECTION_NOT_FOUND,
  CORRECTION_NOT_LIVE,
  CORRECTION_NOT_WAITING,
  CORRECTION_NOTHING,
  CORRECTION_PENDING,
  CORRECTION_TRACK_UNKNOWN,
  CORRECTION_WITHDRAWN,
  type AdminReleaseChangeResponse,
  type ProposedArtworkResponse,
  type ReleaseChangeResponse,
} from '@riffline/contracts';
import { Event, Release, ReleaseChange, Track } from '@riffline/db';
import { describe, expect } from 'vitest';
import { apiTest, type TestServer } from '#test/support/api.ts';
import type { Actor } from '#test/support/actors.ts';
import { cookieHeader, png, rawPut } from '#test/support/media.ts';
import { buildArtist, buildRelease, buildTrack } from '#test/support/factories.ts';

const message = (res: { json<T>(): T }) => res.json<{ message: string }>().message;

describe('POST /api/releases/:id/corrections', () => {
  apiTest(
    '401 signed out; 403 not yet approved; 404 for a release of someone else',
    async ({ db, visitor, artist, approvedArtist }) => {
      const release = await buildRelease(db, { userId: artist.user.id, status: 'live' });
      const path = `/api/releases/${release.id}/corrections`;
      expect((await visitor.send('POST', path, { title: 'New' })).status).toBe(401);
      expect((await artist.send('POST', path, { title: 'New' })).status).toBe(403);
      expect((await approvedArtist.send('POST', path, { title: 'New' })).status).toBe(404);
    },
  );

  apiTest('400 with the exact message; 409 for a draft; nothing kept', async ({ db, approvedArtist }) => {
    const release = await buildRelease(db, {
      userId: approvedArtist.user.id,
      status: 'live',
      title: 'Low Tide',
      genre: 'pop',
    });
    const path = `/api/releases/${release.id}/corrections`;
    const cases: Array<[unknown, string]> = [
      [{}, 'Nothing to correct: send a title, release artists, a genre, track titles or a new cover'],
      [{ title: '  ' }, 'Title is required'],
      [{ genre: 'polka' }, 'Genre must be one of the 19 genres'],
      [{ title: 'Low Tide', genre: 'pop' }, CORRECTION_NOTHING],
      [{ tracks: [{ id: crypto.randomUUID(), title: 'Elsewhere' }] }, CORRECTION_TRACK_UNKNOWN],
    ];
    for (const [body, text] of cases) {
      const res = await approvedArtist.send('POST', path, body);
      expect([res.status, message(res)], JSON.stringify(body)).toEqual([400, text]);
    }
    const draft = await buildRelease(db, { userId: approvedArtist.user.id });
    const res = await approvedArtist.send('POST', `/api/releases/${draft.id}/corrections`, { title: 'New' });
    expect([res.status, message(res)]).toEqual([409, CORRECTION_NOT_LIVE]);
    expect(
      await ReleaseChange.query(db)
        .where({ kind: 'correction' })
        .whereIn('releaseId', [release.id, draft.id]),
    ).toEqual([]);
  });

  apiTest(
    '201: kept for review with what it replaces, the release unchanged; one at a time',
    async ({ db, approvedArtist }) => {
      const release = await buildRelease(db, {
        userId: approvedArtist.user.id,
        status: 'live',
        title: 'Low Tide',
      });
      const track = await buildTrack(db, { releaseId: release.id, title: 'Shoreline' });
      const path = `/api/releases/${release.id}/corrections`;
      const res = await approvedArtist.send('POST', path, {
        title: 'Low Tide (Deluxe)',
        tracks: [{ id: track.id, title: 'Shoreline (Live)' }],
      });
      expect(res.status, res.body).toBe(201);
      expect(res.json<ReleaseChangeResponse>()).toMatchObject({
        kind: 'correction',
        status: 'pending',
        proposed: { title: 'Low Tide (Deluxe)', tracks: [{ id: track.id, title: 'Shoreline (Live)' }] },
        previous: { title: 'Low Tide', tracks: [{ id: track.id, title: 'Shoreline' }] },
      });
      expect((await Release.query(db).findById(release.id))!.title).toBe('Low Tide');
      const again = await approvedArtist.send('POST', path, { title: 'Another' });
      expect([again.status, message(again)]).toEqual([409, CORRECTION_PENDING]);
    },
  );
});

describe('POST /api/releases/:id/corrections/:changeId/withdraw', () => {
  apiTest(
    '401 signed out; 403 not yet approved; 404 for a release of someone else; 400 and 404 for a bad correction id',
    async ({ db, visitor, artist, approvedArtist }) => {
      const release = await buildRelease(db, { userId: artist.user.id, status: 'live' });
      const change = await ReleaseChange.query(db)
        .insert({ releaseId: release.id, kind: 'correction', status: 'pending', proposed: { title: 'New' } })
        .returning('*');
      const path = `/api/releases/${release.id}/corrections/${change.id}/withdraw`;
      expect((await visitor.send('POST', path)).status).toBe(401);
      expect((await artist.send('POST', path)).status).toBe(403);
      expect((await approvedArtist.send('POST', path)).status).toBe(404);
      expect((await ReleaseChange.query(db).findById(change.id))!.status).toBe('pending');

      const own = await buildRelease(db, { userId: approvedArtist.user.id, status: 'live' });
      const bad = await approvedArtist.send('POST', `/api/releases/${own.id}/corrections/nope/withdraw`);
      expect([bad.status, message(bad)]).toEqual([400, 'Invalid id']);
      // Someone else's correction, named under one's own release, is not found either.
      const elsewhere = await approvedArtist.send(
        'POST',
        `/api/releases/${own.id}/corrections/${change.id}/withdraw`,
      );
      expect([elsewhere.status, message(elsewhere)]).toEqual([404, CORRECTION_NOT_FOUND]);
    },
  );

  apiTest(
    '200: kept as withdrawn, the release unchanged, another correction at once; then 409 for the artist and the admin',
    async ({ db, approvedArtist, admin }) => {
      const release = await buildRelease(db, {
        userId: approvedArtist.user.id,
        status: 'live',
        title: 'Low Tide',
      });
      const corrections = `/api/releases/${release.id}/corrections`;
      const proposed = await approvedArtist.send('POST', corrections, { title: 'Low Tide (Deluxe)' });
      const { id } = proposed.json<ReleaseChangeResponse>();

      const res = await approvedArtist.send('POST', `${corrections}/${id}/withdraw`);
      expect(res.status, res.body).toBe(200);
      const withdrawn = res.json<ReleaseChangeResponse>();
      expect(withdrawn).toMatchObject({ id, kind: 'correction', status: 'withdrawn' });
      expect(withdrawn.decidedAt).not.toBeNull();
      expect((await Release.query(db).findById(release.id))!.title).toBe('Low Tide');
      const [event] = await Event.query(db).where({
        type: 'release.correctionWithdrawn',
        aggregateId: release.id,
      });
      expect(event).toMatchObject({
        actorId: approvedArtist.user.id,
        payload: { userId: approvedArtist.user.id, changeId: id },
      });

      const again = await approvedArtist.send('POST', `${corrections}/${id}/withdraw`);
      expect([again.status, message(again)]).toEqual([409, CORRECTION_NOT_WAITING]);
      const review = await admin.send('PATCH', `/api/admin/release-changes/${id}`, { status: 'approved' });
      expect([review.status, message(review)]).toEqual([409, CORRECTION_WITHDRAWN]);
      expect((await Release.query(db).findById(release.id))!.title).toBe('Low Tide');

      // The release can be corrected again at once; once that one is reviewed, it cannot be withdrawn.
      const next = await approvedArtist.send('POST', corrections, { title: 'Low Tide (Remastered)' });
      expect(next.status, next.body).toBe(201);
      const nextId = next.json<ReleaseChangeResponse>().id;
      await admin.send('PATCH', `/api/admin/release-changes/${nextId}`, { status: 'rejected', reason: 'No' });
      const late = await approvedArtist.send('POST', `${corrections}/${nextId}/withdraw`);
      expect([late.status, message(late)]).toEqual([409, CORRECTION_NOT_WAITING]);
      expect((await ReleaseChange.query(db).findById(nextId))!.status).toBe('rejected');
      const changes = await approvedArtist.get(`/api/releases/${release.id}/changes`);
      expect(changes.json<ReleaseChangeResponse[]>().map((c) => [c.id, c.status])).toEqual([
        [nextId, 'rejected'],
        [id, 'withdrawn'],
      ]);
    },
  );
});

describe('GET /api/admin/release-changes', () => {
  apiTest(
    '401 signed out; 403 for an artist; 400 naming each status and kind; the withdrawn ones by their status',
    async ({ db, visitor, approvedArtist, admin }) => {
      const list = (filter: Record<string, string>) =>
        `/api/admin/release-changes?filter=${encodeURIComponent(JSON.stringify(filter))}`;
      expect((await visitor.get(list({}))).status).toBe(401);
      expect((await approvedArtist.get(list({}))).status).toBe(403);
      const badStatus = await admin.get(list({ status: 'cancelled' }));
      expect([badStatus.status, message(badStatus)]).toEqual([
        400,
        'Status must be one of pending, approved, rejected, withdrawn',
      ]);
      const badKind = await admin.get(list({ kind: 'update' }));
      expect([badKind.status, message(badKind)]).toEqual([
        400,
        'Kind must be one of takedown, purge, correction',
      ]);

      const release = await buildRelease(db, { userId: approvedArtist.user.id, status: 'live' });
      const corrections = `/api/releases/${release.id}/corrections`;
      const { id } = (
        await approvedArtist.send('POST', corrections, { title: 'Other' })
      ).json<ReleaseChangeResponse>();
      await approvedArtist.send('POST', `${corrections}/${id}/withdraw`);
      const withdrawn = await admin.get(list({ status: 'withdrawn', releaseId: release.id }));
      expect(withdrawn.status, withdrawn.body).toBe(200);
      expect(withdrawn.json<AdminReleaseChangeResponse[]>().map((c) => [c.id, c.status])).toEqual([
        [id, 'withdrawn'],
      ]);
      expect((await admin.get(list({ status: 'pending', releaseId: release.id }))).json()).toEqual([]);
    },
  );
});

describe('PATCH /api/admin/release-changes/:id', () => {
  async function pending(db: Parameters<typeof buildRelease>[0]) {
    const release = await buildRelease(db, {
      userId: (await buildArtist(db)).id,
      status: 'live',
      title: 'Low Tide',
      releaseArtists: ['Maya R'],
    });
    const track = await buildTrack(db, { releaseId: release.id, title: 'Shoreline' });
    const change = await ReleaseChange.query(db)
      .insert({
        releaseId: release.id,
        kind: 'correction',
        status: 'pending',
        proposed: {
          title: 'Low Tide (Deluxe)',
          releaseArtists: ['Maya R', 'Kabir'],
          tracks: [{ id: track.id, title: 'Shoreline (Live)' }],
        },
        previous: {
          title: 'Low Tide',
          releaseArtists: ['Maya R'],
          tracks: [{ id: track.id, title: 'Shoreline' }],
        },
      })
      .returning('*');
    return { release, track, change };
  }

  apiTest(
    '401 signed out; 403 for an artist; 400 a rejection without a reason; 404',
    async ({ db, visitor, approvedArtist, admin }) => {
      const { change } = await pending(db);
      const path = `/api/admin/release-changes/${change.id}`;
      expect((await visitor.send('PATCH', path, { status: 'approved' })).status).toBe(401);
      expect((await approvedArtist.send('PATCH', path, { status: 'approved' })).status).toBe(403);
      const bare = await admin.send('PATCH', path, { status: 'rejected' });
      expect([bare.status, message(bare)]).toEqual([400, 'Say why the correction is rejected']);
      const missing = await admin.send('PATCH', `/api/admin/release-changes/${crypto.randomUUID()}`, {
        status: 'approved',
      });
      expect(missing.status).toBe(404);
      expect((await ReleaseChange.query(db).findById(change.id))!.status).toBe('pending');
    },
  );

  apiTest(
    'approved: the release takes the values and the stores are to be told; then 409',
    async ({ db, admin }) => {
      const { release, track, change } = await pending(db);
      const path = `/api/admin/release-changes/${change.id}`;
      const res = await admin.send('PATCH', path, { status: 'approved' });
      expect(res.status, res.body).toBe(200);
      expect(res.json<AdminReleaseChangeResponse>()).toMatchObject({
        status: 'approved',
        releaseTitle: 'Low Tide (Deluxe)',
      });
      expect(await Release.query(db).findById(release.id)).toMatchObject({
        title: 'Low Tide (Deluxe)',
        releaseArtists: ['Maya R', 'Kabir'],
      });
      expect((await Track.query(db).findById(track.id))!.title).toBe('Shoreline (Live)');
      const [event] = await Event.query(db).where({ type: 'release.corrected', aggregateId: release.id });
      expect(event!.payload).toMatchObject({
        changeId: change.id,
        changed: ['title', 'releaseArtists', 'tracks'],
      });
      const again = await admin.send('PATCH', path, { status: 'rejected', reason: 'Too late' });
      expect([again.status, message(again)]).toEqual([409, CHANGE_DECIDED]);
      const listed = await admin.get(
        `/api/admin/release-changes?filter=${encodeURIComponent(JSON.stringify({ releaseId: release.id }))}`,
      );
      expect(listed.json<AdminReleaseChangeResponse[]>().map((c) => [c.id, c.kind, c.status])).toEqual([
        [change.id, 'correction', 'approved'],
      ]);
    },
  );

  apiTest('rejected: nothing changes, and the reason is kept for the artist', async ({ db, admin }) => {
    const { release, change } = await pending(db);
    const res = await admin.send('PATCH', `/api/admin/release-changes/${change.id}`, {
      status: 'rejected',
      reason: 'The artist name must match the one on the audio.',
    });
    expect(res.status, res.body).toBe(200);
    expect((await Release.query(db).findById(release.id))!.title).toBe('Low Tide');
    expect(await ReleaseChange.query(db).findById(change.id)).toMatchObject({
      status: 'rejected',
      reason: 'The artist name must match the one on the audio.',
    });
    expect(
      await Event.query(db).where({ type: 'release.correctionRejected', aggregateId: release.id }),
    ).toHaveLength(1);
  });
});

describe('a new cover for a live release', () => {
  const upload = (app: TestServer, who: Actor, releaseId: string, body: Buffer) =>
    rawPut(`${app.url}/api/releases/${releaseId}/corrections/artwork`, body, {
      origin: app.url,
      cookie: cookieHeader(who.browser.cookies),
      contentType: 'image/png',
    });

  apiTest(
    'is checked as any artwork, kept aside, proposed by a correction and on the release once approved',
    async ({ db, app, approvedArtist, admin }) => {
      const release = await buildRelease(db, {
        userId: approvedArtist.user.id,
        status: 'live',
        title: 'Low Tide',
      });
      const small = await upload(app, approvedArtist, release.id, png(1000, 1000));
      expect([small.status, JSON.parse(small.body).message]).toEqual([
        400,
        'Artwork must be at least 3000×3000 pixels',
      ]);
      const draft = await buildRelease(db, { userId: approvedArtist.user.id });
      expect((await upload(app, approvedArtist, draft.id, png(3000, 3000))).status).toBe(409);

      const res = await upload(app, approvedArtist, release.id, png(3000, 3000));
      expect(res.status, res.body).toBe(201);
      const art = JSON.parse(res.body) as ProposedArtworkResponse;
      expect(art).toMatchObject({ format: 'png', width: 3000, height: 3000 });
      expect(art.artworkKey.startsWith(`artwork/${release.id}/proposed/`)).toBe(true);
      expect((await Release.query(db).findById(release.id))!.artworkKey).toBeNull();

      const path = `/api/releases/${release.id}/corrections`;
      for (const artworkKey of [`artwork/${release.id}/proposed/none`, `artwork/${draft.id}/proposed/x`]) {
        const refused = await approvedArtist.send('POST', path, { artworkKey });
        expect([refused.status, message(refused)]).toEqual([400, CORRECTION_ARTWORK_MISSING]);
      }
      const proposed = await approvedArtist.send('POST', path, { artworkKey: art.artworkKey });
      expect(proposed.status, proposed.body).toBe(201);
      const change = proposed.json<ReleaseChangeResponse>();
      expect(change.proposed).toMatchObject({ artwork: { key: art.artworkKey, format: 'png', width: 3000 } });
      expect(change.previous).toMatchObject({ artwork: null });

      const approved = await admin.send('PATCH', `/api/admin/release-changes/${change.id}`, {
        status: 'approved',
      });
      expect(approved.status, approved.body).toBe(200);
      expect(await Release.query(db).findById(release.id)).toMatchObject({
        artworkKey: art.artworkKey,
        artworkFormat: 'png',
        artworkWidth: 3000,
      });
    },
  );
});
