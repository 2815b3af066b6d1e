import { describe, expect } from 'vitest';
import {
  earliestReleaseDate,
  isValidIsrc,
  isValidUpc,
  storeIds,
  type ReleaseResponse,
  type ReleaseWithTracksResponse,
} from '@riffline/contracts';
import { Event, PaymentTransaction, PlatformSetting, Release, Track, User, type Db } from '@riffline/db';
import { apiTest } from '#test/support/api.ts';
import { validReleaseBody } from '#test/support/factories.ts';
import type { Actor } from '#test/support/actors.ts';

// Its own database: the fee tests change the platform's distribution fee, which other files' submits read.
const test = apiTest.extend({ freshDb: true });

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

const track = (title: string, extra: Record<string, unknown> = {}) => ({
  title,
  primaryArtists: ['Maya R'],
  ...extra,
});

/** What the wizard sends for a single, with the checklist confirmed. */
const validRelease = validReleaseBody;

async function create(artist: Actor, body: unknown = validRelease()) {
  const res = await artist.send('POST', '/api/releases', body);
  expect(res.status, JSON.stringify(res.json())).toBe(201);
  return res.json<ReleaseWithTracksResponse>();
}

/** Audio uploads have their own tests: here a track's audio is simply ready. */
async function audioReady(db: Db, releaseId: string) {
  await Track.query(db)
    .where({ releaseId })
    .patch({ audioState: 'ready', audioFormat: 'wav', audioSize: 1000, audioKey: `audio/${releaseId}` });
}

/** Artwork uploads too (media.int.test.ts): here the release simply has a cover that passed them. */
async function coverReady(db: Db, releaseId: string) {
  await Release.query(db).patchAndFetchById(releaseId, {
    artworkKey: `artwork/${releaseId}`,
    artworkFormat: 'png',
    artworkSize: 1000,
    artworkWidth: 3000,
    artworkHeight: 3000,
  });
}

/** What submission needs of the files: a cover and every track's audio. */
async function mediaReady(db: Db, releaseId: string) {
  await audioReady(db, releaseId);
  await coverReady(db, releaseId);
}

describe('POST /api/releases', () => {
  test('401 signed out, 403 while the application is under review', async ({ visitor, artist }) => {
    expect((await visitor.send('POST', '/api/releases', validRelease())).status).toBe(401);
    const pending = await artist.send('POST', '/api/releases', validRelease());
    expect(pending.status).toBe(403);
    expect(pending.json()).toEqual({ message: 'Your account is awaiting approval' });
  });

  test('400 with the rule that was broken, and nothing written', async ({ db, approvedArtist }) => {
    const four = ['A', 'B', 'C', 'D'];
    const before = { previouslyReleased: true, originalReleaseDate: '2019-05-01' };
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ title: '  ' }, 'Title is required'],
      [{ artist: undefined }, 'Artist is required'],
      [{ genre: 'polka' }, 'Genre must be one of the 19 genres'],
      [{ releaseType: 'mixtape' }, 'Release type must be single, ep or album'],
      [{ releaseDate: inDays(-3) }, 'Release date must be today or later'],
      [{ releaseDate: '2026-02-30' }, 'Release date must be a real date'],
      [{ tracks: [track('One'), track('Two')] }, 'Singles can have up to 1 track'],
      [
        { releaseType: 'ep', tracks: Array.from({ length: 6 }, (_, i) => track(`T${i}`)) },
        'EPs can have up to 5 tracks',
      ],
      [
        { releaseType: 'album', tracks: Array.from({ length: 21 }, (_, i) => track(`T${i}`)) },
        'Albums can have up to 20 tracks',
      ],
      [{ tracks: [] }, 'Add at least one track'],
      [{ tracks: [track('One', { primaryArtists: four })] }, 'Maximum 3 primary artists allowed per track'],
      [
        { tracks: [track('One', { primaryArtists: [' ', ''] })] },
        'Each track needs at least one primary artist',
      ],
      [{ releaseArtists: four }, 'At most 3 release artists'],
      [{ storeDistribution: 'custom', selectedStores: ['myspace'] }, 'Unknown store'],
      [{ storeDistribution: 'custom', selectedStores: [] }, 'Pick at least one store'],
      [{ hasCountryRestrictions: true, restrictedCountries: 'IN, XX' }, 'Not a country code: XX'],
      [{ previouslyReleased: true }, 'Original release date is required for a release that came out before'],
      [{ ...before, upc: '036000291453' }, 'UPC 036000291453 has a wrong check digit'],
      [
        { ...before, tracks: [track('One', { isrc: 'US-XYZ-1' })] },
        'ISRC US-XYZ-1 is not a valid ISRC (CC-XXX-YY-NNNNN)',
      ],
      [{ tracks: [track('One', { trackType: 'spoken' })] }, 'Track type must be vocal or instrumental'],
    ];
    for (const [change, message] of cases) {
      const res = await approvedArtist.send('POST', '/api/releases', validRelease(change));
      expect(res.status, message).toBe(400);
      expect(res.json<{ message: string }>().message, JSON.stringify(change)).toBe(message);
    }
    expect(await Release.query(db).where({ userId: approvedArtist.user.id })).toEqual([]);
  });

  test('201: a draft of the signed-in artist, label forced, genre in lower case, conditional fields only when on', async ({
    db,
    approvedArtist,
    admin,
  }) => {
    const res = await approvedArtist.send(
      'POST',
      '/api/releases',
      validRelease({
        userId: admin.user.id,
        recordLabel: 'Major Label Inc',
        genre: 'R&B',
        releaseType: 'ep',
        releaseArtists: ['  Maya R ', '', 'Kofi'],
        hasCountryRestrictions: false,
        restrictedCountries: 'IN, US',
        previouslyReleased: false,
        originalReleaseDate: '2020-01-01',
        storeDistribution: 'all',
        selectedStores: ['spotify'],
        tracks: [
          track('Intro', { primaryArtists: 'Maya R, Kofi' }),
          track('Outro', { featuringArtists: ['Ada'], isExplicit: true }),
        ],
      }),
    );
    expect(res.status).toBe(201);
    const release = res.json<ReleaseWithTracksResponse>();
    expect(release).toMatchObject({
      userId: approvedArtist.user.id,
      status: 'draft',
      recordLabel: 'Riffline Records',
      genre: 'r&b',
      releaseArtists: ['Maya R', 'Kofi'],
      restrictedCountries: [],
      originalReleaseDate: null,
      selectedStores: [],
      trackCount: 2,
    });
    expect(release.tracks.map((t) => [t.trackNumber, t.title, t.isrc, t.audioState])).toEqual([
      [1, 'Intro', null, 'none'],
      [2, 'Outro', null, 'none'],
    ]);
    expect(release.tracks[0]!.primaryArtists).toEqual(['Maya R', 'Kofi']);
    const events = await Event.query(db).where({ aggregateId: release.id });
    expect(events.map((e) => e.type)).toEqual(['release.created']);

    const custom = await create(
      approvedArtist,
      validRelease({
        storeDistribution: 'custom',
        selectedStores: ['spotify', 'jiosaavn', 'spotify'],
        hasCountryRestrictions: true,
        restrictedCountries: ' in, ,US ',
        previouslyReleased: true,
        originalReleaseDate: '2019-05-01',
        tracks: [track('Intro', { isrc: 'IN-RFX-25-00042' })],
      }),
    );
    expect(custom).toMatchObject({
      selectedStores: ['spotify', 'jiosaavn'],
      restrictedCountries: ['IN', 'US'],
      originalReleaseDate: '2019-05-01',
    });
    expect(custom.tracks[0]!.isrc).toBe('INRFX2500042');
  });

  test('accepts a release date that is still today somewhere', async ({ approvedArtist }) => {
    await create(approvedArtist, validRelease({ releaseDate: earliestReleaseDate() }));
  });
});

describe('GET /api/releases', () => {
  test('401, 403, and the artist’s own releases newest first with track counts', async ({
    visitor,
    artist,
    approvedArtist,
    newActor,
  }) => {
    expect((await visitor.get('/api/releases')).status).toBe(401);
    expect((await artist.get('/api/releases')).status).toBe(403);
    const first = await create(approvedArtist);
    const second = await create(
      approvedArtist,
      validRelease({ title: 'Second', releaseType: 'ep', tracks: [track('a'), track('b')] }),
    );
    const stranger = await newActor('approved');
    await create(stranger, validRelease({ title: 'Not yours' }));
    const res = await approvedArtist.get('/api/releases');
    expect(res.status).toBe(200);
    expect(res.json<ReleaseResponse[]>().map((r) => [r.id, r.trackCount])).toEqual([
      [second.id, 2],
      [first.id, 1],
    ]);
    expect(
      (await approvedArtist.get('/api/releases?limit=1&offset=1')).json<ReleaseResponse[]>().map((r) => r.id),
    ).toEqual([first.id]);
    expect((await approvedArtist.get('/api/releases?limit=0')).json()).toMatchObject({
      message: 'limit must be between 1 and 200',
    });
  });
});

describe('GET /api/releases: each release as its own page presents it', () => {
  test('every field, null or not, dates to the day and times to the millisecond, the cover signed', async ({
    db,
    approvedArtist,
  }) => {
    const plain = await create(approvedArtist);
    const full = await create(
      approvedArtist,
      validRelease({
        title: 'Full',
        releaseType: 'ep',
        secondaryGenre: 'jazz',
        albumArt: 'https://example.test/cover.png',
        releaseArtists: ['Maya R', 'Io'],
        hasCountryRestrictions: true,
        restrictedCountries: ['FR', 'DE'],
        previouslyReleased: true,
        originalReleaseDate: '2019-02-28',
        storeDistribution: 'custom',
        selectedStores: storeIds.slice(0, 2),
        releaseTime: '09:30',
        tracks: [track('a'), track('b'), track('c')],
      }),
    );
    const signed = await create(approvedArtist, validRelease({ title: 'Signed / cover' }));
    // Microseconds PostgreSQL keeps and JavaScript does not; artwork as an upload leaves it.
    await db.raw(
      "update releases set created_at = '2026-01-31 23:59:59.999999+00', rejection_reason = 'Blurry', upc = '012345678905' where id = ?",
      [full.id],
    );
    await Release.query(db)
      .findById(signed.id)
      .patch({ artworkKey: `artwork/${signed.id}/cover.png`, artworkFormat: 'png' });

    const res = await approvedArtist.get('/api/releases');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    const listed = res.json<ReleaseResponse[]>();
    expect(listed.map((r) => r.id)).toEqual([signed.id, plain.id, full.id]);
    for (const item of listed) {
      const { tracks: _tracks, ...page } = (
        await approvedArtist.get(`/api/releases/${item.id}`)
      ).json<ReleaseWithTracksResponse>();
      const withoutSignature = (r: ReleaseResponse) => ({ ...r, coverUrl: r.coverUrl?.split('?')[0] });
      expect(withoutSignature(item)).toEqual(withoutSignature(page));
    }
    expect(listed[2]).toMatchObject({
      createdAt: '2026-01-31T23:59:59.999Z',
      trackCount: 3,
      originalReleaseDate: '2019-02-28',
      coverUrl: 'https://example.test/cover.png',
    });
    expect(listed[0]!.coverUrl).toMatch(/\?/);
    expect(listed[1]).toMatchObject({ coverUrl: null, albumArt: null, upc: null, secondaryGenre: null });
  });
});

describe('another artist’s release', () => {
  test('is not found: read, edit, delete, tracks, submit, rename a track, export', async ({
    db,
    approvedArtist,
    newActor,
  }) => {
    const release = await create(approvedArtist);
    const other = await newActor('approved');
    const trackId = release.tracks[0]!.id;
    const attempts: Array<[string, string, unknown?]> = [
      ['GET', `/api/releases/${release.id}`],
      ['GET', `/api/releases/${release.id}/tracks`],
      ['PATCH', `/api/releases/${release.id}`, { title: 'Mine now' }],
      ['DELETE', `/api/releases/${release.id}`],
      ['POST', `/api/releases/${release.id}/submit`],
      ['POST', `/api/releases/${release.id}/export/drive`],
      ['PATCH', `/api/tracks/${trackId}`, { title: 'Mine now' }],
    ];
    for (const [method, path, body] of attempts) {
      const res = await other.send(method, path, body);
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(JSON.stringify(res.json())).not.toContain('Night Drive');
    }
    const unchanged = await Release.query(db).findById(release.id);
    expect(unchanged).toMatchObject({ title: 'Night Drive', status: 'draft' });
  });
});

describe('editing and deleting', () => {
  test('PATCH changes what is sent and keeps the rest; a track is renamed', async ({
    db,
    approvedArtist,
  }) => {
    const release = await create(
      approvedArtist,
      validRelease({ releaseArtists: ['Maya R'], albumArt: 'https://img.example/a.jpg' }),
    );
    const renamed = await approvedArtist.send('PATCH', `/api/releases/${release.id}`, {
      title: 'Night Drive (Deluxe)',
    });
    expect(renamed.status).toBe(200);
    expect(renamed.json()).toMatchObject({
      title: 'Night Drive (Deluxe)',
      releaseArtists: ['Maya R'],
      albumArt: 'https://img.example/a.jpg',
    });
    const artists = await approvedArtist.send('PATCH', `/api/releases/${release.id}`, {
      releaseArtists: ['A', ' ', 'B'],
      albumArt: '',
    });
    expect(artists.json()).toMatchObject({ releaseArtists: ['A', 'B'], albumArt: null });
    const empty = await approvedArtist.send('PATCH', `/api/releases/${release.id}`, {});
    expect(empty.status).toBe(400);
    expect(empty.json<{ message: string }>().message).toBe(
      'Nothing to change: send title, albumArt or releaseArtists',
    );

    const trackRes = await approvedArtist.send('PATCH', `/api/tracks/${release.tracks[0]!.id}`, {
      title: 'Night Drive (Edit)',
    });
    expect(trackRes.status).toBe(200);
    expect(trackRes.json()).toMatchObject({ title: 'Night Drive (Edit)', trackNumber: 1 });
    const types = (await Event.query(db).where({ aggregateId: release.id }).orderBy('id')).map((e) => e.type);
    expect(types).toEqual(['release.created', 'release.updated', 'release.updated']);
  });

  test('DELETE removes a draft and its tracks (204); a release in review or live is kept (409)', async ({
    db,
    approvedArtist,
  }) => {
    const draft = await create(approvedArtist);
    const res = await approvedArtist.send('DELETE', `/api/releases/${draft.id}`);
    expect(res.status).toBe(204);
    expect(await Release.query(db).findById(draft.id)).toBeUndefined();
    expect(await Track.query(db).where({ releaseId: draft.id })).toEqual([]);

    const reviewed = await create(approvedArtist);
    for (const status of ['processing', 'live'] as const) {
      await Release.query(db).patchAndFetchById(reviewed.id, { status });
      const refused = await approvedArtist.send('DELETE', `/api/releases/${reviewed.id}`);
      expect(refused.status).toBe(409);
      expect(refused.json()).toEqual({ message: 'Only a draft or rejected release can be deleted.' });
      const edit = await approvedArtist.send('PATCH', `/api/releases/${reviewed.id}`, { title: 'x' });
      expect(edit.status).toBe(409);
    }
    await Release.query(db).patchAndFetchById(reviewed.id, { status: 'rejected' });
    expect((await approvedArtist.send('DELETE', `/api/releases/${reviewed.id}`)).status).toBe(204);
  });
});

describe('submitting and reviewing', () => {
  test('409 lists what is missing, then draft → processing', async ({ db, approvedArtist }) => {
    const release = await create(
      approvedArtist,
      validRelease({ releaseType: 'ep', explicitContentLabeled: false, tracks: [track('Only one')] }),
    );
    const early = await approvedArtist.send('POST', `/api/releases/${release.id}/submit`);
    expect(early.status).toBe(409);
    const { message, issues } = early.json<{ message: string; issues: Array<{ message: string }> }>();
    expect(message).toMatch(/^Not ready to submit: /);
    expect(issues.map((i) => i.message)).toEqual([
      'Add the cover art: a square JPG or PNG, at least 3000×3000 pixels',
      'An EP needs at least 2 tracks',
      'Track 1 (Only one) has no audio yet',
      'Confirm that explicit content is labelled',
    ]);

    const ready = await create(approvedArtist);
    await mediaReady(db, ready.id);
    const res = await approvedArtist.send('POST', `/api/releases/${ready.id}/submit`);
    expect(res.status).toBe(200);
    expect(res.json()).toMatchObject({ status: 'processing' });
    const again = await approvedArtist.send('POST', `/api/releases/${ready.id}/submit`);
    expect(again.status).toBe(409);
    expect(again.json()).toEqual({ message: 'This release is already in review' });
  });

  test('charges the distribution fee from the coins in the same transaction; 402 when short', async ({
    db,
    approvedArtist,
  }) => {
    await PlatformSetting.query(db)
      .where({ settingKey: 'distribution_fee_coins' })
      .patch({ settingValue: '49.50' });
    try {
      await User.query(db).patchAndFetchById(approvedArtist.user.id, { coins: '20.00' });
      // The artist app shows the fee before it is taken.
      expect((await approvedArtist.get('/api/user/coins')).json()).toEqual({
        coins: '20.00',
        distributionFeeCoins: '49.50',
      });
      const release = await create(approvedArtist);
      await mediaReady(db, release.id);
      const short = await approvedArtist.send('POST', `/api/releases/${release.id}/submit`);
      expect(short.status).toBe(402);
      expect(short.json<{ message: string }>().message).toBe(
        'Not enough coins: distribution costs 49.50 coins and your balance is 20.00. Top up your wallet and submit again.',
      );
      expect((await Release.query(db).findById(release.id))!.status).toBe('draft');

      await User.query(db).patchAndFetchById(approvedArtist.user.id, { coins: '100.25' });
      expect((await approvedArtist.send('POST', `/api/releases/${release.id}/submit`)).status).toBe(200);
      expect((await User.query(db).findById(approvedArtist.user.id))!.coins).toBe('50.75');
      const fees = await PaymentTransaction.query(db).where({ releaseId: release.id });
      expect(fees.map((f) => [f.type, f.amount, f.status])).toEqual([
        ['distribution_fee', '49.50', 'completed'],
      ]);
    } finally {
      await PlatformSetting.query(db)
        .where({ settingKey: 'distribution_fee_coins' })
        .patch({ settingValue: '0' });
    }
  });

  test('without a valid cover: 409 saying so, before any fee is taken, and nothing written', async ({
    db,
    approvedArtist,
  }) => {
    await PlatformSetting.query(db)
      .where({ settingKey: 'distribution_fee_coins' })
      .patch({ settingValue: '999' });
    try {
      await User.query(db).patchAndFetchById(approvedArtist.user.id, { coins: '2000.00' });
      // An album-art URL is not a cover: nobody checked that image.
      const release = await create(
        approvedArtist,
        validRelease({ albumArt: 'https://images.example.com/cover.png' }),
      );
      expect(release).toMatchObject({
        coverUrl: 'https://images.example.com/cover.png',
        hasArtwork: false,
      });
      await audioReady(db, release.id);
      const refusedAs = async () => {
        const res = await approvedArtist.send('POST', `/api/releases/${release.id}/submit`);
        expect(res.status).toBe(409);
        return res.json<{ message: string; issues: Array<{ path: string; message: string }> }>();
      };
      expect(await refusedAs()).toEqual({
        message: 'Not ready to submit: Add the cover art: a square JPG or PNG, at least 3000×3000 pixels',
        issues: [
          { path: 'release', message: 'Add the cover art: a square JPG or PNG, at least 3000×3000 pixels' },
        ],
      });
      // Artwork stored before the upload checked it as it does now: too small is no cover either.
      await Release.query(db).patchAndFetchById(release.id, {
        artworkKey: `artwork/${release.id}`,
        artworkFormat: 'jpeg',
        artworkSize: 1000,
        artworkWidth: 1400,
        artworkHeight: 1400,
      });
      expect((await refusedAs()).issues).toHaveLength(1);

      // No coins taken, no fee recorded, no event, the release as it was.
      expect((await User.query(db).findById(approvedArtist.user.id))!.coins).toBe('2000.00');
      expect(await PaymentTransaction.query(db).where({ releaseId: release.id })).toEqual([]);
      const events = await Event.query(db).where({ aggregateId: release.id, type: 'release.submitted' });
      expect(events).toEqual([]);
      expect(await Release.query(db).findById(release.id)).toMatchObject({
        status: 'draft',
        submittedAt: null,
      });

      // With a valid cover, it goes, and the fee is taken.
      await coverReady(db, release.id);
      const listed = (await approvedArtist.get('/api/releases')).json<ReleaseResponse[]>();
      expect(listed.find((r) => r.id === release.id)).toMatchObject({ hasArtwork: true });
      expect((await approvedArtist.send('POST', `/api/releases/${release.id}/submit`)).status).toBe(200);
      expect((await User.query(db).findById(approvedArtist.user.id))!.coins).toBe('1001.00');
    } finally {
      await PlatformSetting.query(db)
        .where({ settingKey: 'distribution_fee_coins' })
        .patch({ settingValue: '0' });
    }
  });

  test('the admin rejects with a reason the artist reads, the artist fixes and resubmits, the admin approves', async ({
    db,
    approvedArtist,
    admin,
  }) => {
    const release = await create(
      approvedArtist,
      validRelease({
        releaseType: 'ep',
        previouslyReleased: true,
        originalReleaseDate: '2019-05-01',
        tracks: [track('One', { isrc: 'INRFX2588801' }), track('Two')],
      }),
    );
    expect(
      (await approvedArtist.send('PATCH', `/api/admin/releases/${release.id}`, { status: 'live' })).status,
    ).toBe(403);
    const notYet = await admin.send('PATCH', `/api/admin/releases/${release.id}`, { status: 'live' });
    expect(notYet.status).toBe(409);
    expect(notYet.json()).toEqual({
      message: 'Only a release in review (processing) can be approved or rejected',
    });

    await mediaReady(db, release.id);
    await approvedArtist.send('POST', `/api/releases/${release.id}/submit`);
    const noReason = await admin.send('PATCH', `/api/admin/releases/${release.id}`, { status: 'rejected' });
    expect(noReason.status).toBe(400);
    expect(noReason.json<{ message: string }>().message).toBe('Say why the release is rejected');
    const rejected = await admin.send('PATCH', `/api/admin/releases/${release.id}`, {
      status: 'rejected',
      reason: 'The cover shows a different title',
    });
    expect(rejected.status).toBe(200);
    const seen = (await approvedArtist.get(`/api/releases/${release.id}`)).json<ReleaseResponse>();
    expect(seen).toMatchObject({
      status: 'rejected',
      rejectionReason: 'The cover shows a different title',
    });

    expect((await approvedArtist.send('POST', `/api/releases/${release.id}/submit`)).status).toBe(200);
    const approved = await admin.send('PATCH', `/api/admin/releases/${release.id}`, { status: 'live' });
    expect(approved.status).toBe(200);
    const live = approved.json<ReleaseWithTracksResponse>();
    expect(live.status).toBe('live');
    expect(live.rejectionReason).toBeNull();
    expect(isValidUpc(live.upc!)).toBe(true);
    expect(live.tracks[0]!.isrc).toBe('INRFX2588801');
    expect(isValidIsrc(live.tracks[1]!.isrc!)).toBe(true);
    expect(live.tracks[1]!.isrc).toMatch(/^INRFL\d{2}\d{5}$/);
    const again = await admin.send('PATCH', `/api/admin/releases/${release.id}`, {
      status: 'rejected',
      reason: 'x',
    });
    expect(again.status).toBe(409);
    const types = (await Event.query(db).where({ aggregateId: release.id }).orderBy('id')).map((e) => e.type);
    expect(types).toEqual([
      'release.created',
      'release.submitted',
      'release.rejected',
      'release.submitted',
      'release.approved',
    ]);
  });

  test('approving a release in review without a valid cover: 409 saying so, nothing written; with one it goes live', async ({
    db,
    approvedArtist,
    admin,
  }) => {
    const release = await create(
      approvedArtist,
      validRelease({ releaseType: 'ep', tracks: [track('One'), track('Two')] }),
    );
    await mediaReady(db, release.id);
    expect((await approvedArtist.send('POST', `/api/releases/${release.id}/submit`)).status).toBe(200);
    // Older data: in review without the cover submission now asks for.
    await Release.query(db).patchAndFetchById(release.id, {
      artworkKey: null,
      artworkFormat: null,
      artworkSize: null,
      artworkWidth: null,
      artworkHeight: null,
    });
    const before = await Release.query(db).findById(release.id);
    const eventsBefore = await Event.query(db).where({ aggregateId: release.id }).orderBy('id');
    const cover =
      'The release has no valid cover art (a square JPG or PNG, at least 3000×3000 pixels): reject it so the artist can add one';
    const refused = async () => {
      const res = await admin.send('PATCH', `/api/admin/releases/${release.id}`, { status: 'live' });
      expect(res.status).toBe(409);
      expect(res.json()).toEqual({
        message: `Not ready to approve: ${cover}`,
        issues: [{ path: 'release', message: cover }],
      });
      // Nothing changed: still in review, no UPC, no ISRC, no reviewer, no event.
      expect(await Release.query(db).findById(release.id)).toEqual(before);
      const tracks = await Track.query(db).where({ releaseId: release.id });
      expect(tracks.map((t) => t.isrc)).toEqual([null, null]);
      expect(await Event.query(db).where({ aggregateId: release.id }).orderBy('id')).toEqual(eventsBefore);
    };
    await refused();
    // Artwork stored before the upload checked it as it does now: too small is no cover either.
    await Release.query(db).patchAndFetchById(release.id, {
      artworkKey: `artwork/${release.id}`,
      artworkFormat: 'jpeg',
      artworkSize: 1000,
      artworkWidth: 1400,
      artworkHeight: 1400,
    });
    const tooSmall = await admin.send('PATCH', `/api/admin/releases/${release.id}`, { status: 'live' });
    expect(tooSmall.status).toBe(409);
    expect(tooSmall.json<{ message: string }>().message).toBe(`Not ready to approve: ${cover}`);
    expect((await Release.query(db).findById(release.id))!.status).toBe('processing');

    // With a valid cover, the approval goes through.
    await coverReady(db, release.id);
    const approved = await admin.send('PATCH', `/api/admin/releases/${release.id}`, { status: 'live' });
    expect(approved.status).toBe(200);
    const live = approved.json<ReleaseWithTracksResponse>();
    expect(live.status).toBe('live');
    expect(isValidUpc(live.upc!)).toBe(true);
    const types = (await Event.query(db).where({ aggregateId: release.id }).orderBy('id')).map((e) => e.type);
    expect(types).toEqual(['release.created', 'release.submitted', 'release.approved']);
  });

  test('a release in review without a cover can still be rejected', async ({ db, approvedArtist, admin }) => {
    const release = await create(approvedArtist);
    await audioReady(db, release.id);
    await Release.query(db).patchAndFetchById(release.id, {
      status: 'processing',
      submittedAt: new Date(),
    });
    const rejected = await admin.send('PATCH', `/api/admin/releases/${release.id}`, {
      status: 'rejected',
      reason: 'Add a 3000×3000 cover',
    });
    expect(rejected.status).toBe(200);
    expect(rejected.json()).toMatchObject({ status: 'rejected', rejectionReason: 'Add a 3000×3000 cover' });
  });

  test('20 concurrent approvals never share an ISRC or a UPC, and every one validates', async ({
    db,
    approvedArtist,
    admin,
  }) => {
    const ids: string[] = [];
    for (let i = 0; i < 20; i++) {
      const release = await create(
        approvedArtist,
        validRelease({ releaseType: 'ep', tracks: [track(`A${i}`), track(`B${i}`)] }),
      );
      await mediaReady(db, release.id);
      await Release.query(db).patchAndFetchById(release.id, { status: 'processing' });
      ids.push(release.id);
    }
    const answers = await Promise.all(
      ids.map((id) => admin.send('PATCH', `/api/admin/releases/${id}`, { status: 'live' })),
    );
    expect(answers.map((a) => a.status)).toEqual(ids.map(() => 200));
    const releases = await Release.query(db).whereIn('id', ids);
    const upcs = releases.map((r) => r.upc!);
    const isrcs = (await Track.query(db).whereIn('releaseId', ids)).map((t) => t.isrc!);
    expect(new Set(upcs).size).toBe(20);
    expect(new Set(isrcs).size).toBe(40);
    expect(upcs.every(isValidUpc)).toBe(true);
    expect(isrcs.every(isValidIsrc)).toBe(true);
  });
});

describe('DELETE /api/tracks/:id', () => {
  test('removes a track and renumbers the rest 1..n; the last track stays', async ({
    db,
    approvedArtist,
  }) => {
    const release = await create(
      approvedArtist,
      validRelease({
        releaseType: 'ep',
        tracks: [track('One'), track('Two'), track('Three'), track('Four')],
      }),
    );
    const [, two, three] = release.tracks;
    const res = await approvedArtist.send('DELETE', `/api/tracks/${two!.id}`);
    expect(res.status).toBe(200);
    expect(
      res.json<Array<{ title: string; trackNumber: number }>>().map((t) => [t.trackNumber, t.title]),
    ).toEqual([
      [1, 'One'],
      [2, 'Three'],
      [3, 'Four'],
    ]);
    await approvedArtist.send('DELETE', `/api/tracks/${release.tracks[0]!.id}`);
    const rows = await Track.query(db).where({ releaseId: release.id }).orderBy('trackNumber');
    expect(rows.map((t) => [t.trackNumber, t.title])).toEqual([
      [1, 'Three'],
      [2, 'Four'],
    ]);
    await approvedArtist.send('DELETE', `/api/tracks/${three!.id}`);
    const last = await approvedArtist.send('DELETE', `/api/tracks/${release.tracks[3]!.id}`);
    expect(last.status).toBe(409);
    expect(last.json()).toEqual({ message: 'A release needs at least one track: add another first' });
    const types = (
      await Event.query(db).where({ type: 'track.deleted' }).whereIn('aggregateId', [two!.id, three!.id])
    ).length;
    expect(types).toBe(2);
  });
});

describe('the release status machine', () => {
  test('refuses every transition it does not allow', async ({ db, approvedArtist, admin }) => {
    const release = await create(approvedArtist);
    await mediaReady(db, release.id);
    const at = (status: 'draft' | 'processing' | 'live' | 'rejected') =>
      Release.query(db).patchAndFetchById(release.id, { status });
    const review = (status: string) =>
      admin.send('PATCH', `/api/admin/releases/${release.id}`, { status, reason: 'Because' });
    const submit = () => approvedArtist.send('POST', `/api/releases/${release.id}/submit`);
    const refused: Array<[string, () => Promise<{ status: number }>]> = [];
    for (const from of ['draft', 'live', 'rejected'] as const) {
      refused.push([`${from} → live by review`, async () => (await at(from), review('live'))]);
      refused.push([`${from} → rejected by review`, async () => (await at(from), review('rejected'))]);
    }
    refused.push(['processing → processing by submit', async () => (await at('processing'), submit())]);
    refused.push(['live → processing by submit', async () => (await at('live'), submit())]);
    for (const [name, attempt] of refused) {
      expect((await attempt()).status, name).toBe(409);
    }
    const allowed: Array<[string, () => Promise<{ status: number }>, string]> = [
      ['draft → processing', async () => (await at('draft'), submit()), 'processing'],
      ['processing → rejected', () => review('rejected'), 'rejected'],
      ['rejected → processing', submit, 'processing'],
      ['processing → live', () => review('live'), 'live'],
    ];
    for (const [name, attempt, status] of allowed) {
      expect((await attempt()).status, name).toBe(200);
      expect((await Release.query(db).findById(release.id))!.status, name).toBe(status);
    }
  });
});
