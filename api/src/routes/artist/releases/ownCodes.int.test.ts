/**
 * Bring your own codes: a release that came out before keeps the UPC its artist gives it, and its tracks
 * the ISRCs (checked, normalised, unique across the whole catalogue); approval gives codes only where none
 * is set, and never one an artist brought.
 */
import { describe, expect } from 'vitest';
import type { ReleaseWithTracksResponse } from '@riffline/contracts';
import { Event, Release, Track, type Db } from '@riffline/db';
import { apiTest } from '#test/support/api.ts';
import { validReleaseBody } from '#test/support/factories.ts';
import type { Actor } from '#test/support/actors.ts';

// Its own database: the codes here are fixed, and one test follows the ISRC counter from one approval to
// the next.
const test = apiTest.extend({ freshDb: true });

const track = (title: string, extra: Record<string, unknown> = {}) => ({
  title,
  primaryArtists: ['Maya R'],
  ...extra,
});
const validRelease = validReleaseBody;

async function create(artist: Actor, body: unknown = validRelease()) {
  const res = await artist.send('POST', '/api/releases', body);
  expect(res.status, JSON.stringify(res.json())).toBe(201);
  return res.json<ReleaseWithTracksResponse>();
}

/** Uploads have their own tests: here the release simply has a cover and every track its audio. */
async function mediaReady(db: Db, releaseId: string) {
  await Track.query(db)
    .where({ releaseId })
    .patch({ audioState: 'ready', audioFormat: 'wav', audioSize: 1000, audioKey: `audio/${releaseId}` });
  await Release.query(db).patchAndFetchById(releaseId, {
    artworkKey: `artwork/${releaseId}`,
    artworkFormat: 'png',
    artworkSize: 1000,
    artworkWidth: 3000,
    artworkHeight: 3000,
  });
}

describe('bring your own codes: a previously released release keeps its UPC, its tracks their ISRCs', () => {
  /** A release that came out before, as the wizard sends it with Previously released on. */
  const released = (extra: Record<string, unknown> = {}) =>
    validRelease({ previouslyReleased: true, originalReleaseDate: '2019-05-01', ...extra });
  const ep = (...tracks: Array<ReturnType<typeof track>>) => released({ releaseType: 'ep', tracks });
  const notBefore = {
    upc: 'A UPC can be given only for a release that was previously released (a new release gets one on approval)',
    isrc: 'An ISRC can be given only for a release that was previously released (a new track gets one on approval)',
  };

  test('401 signed out, 403 while the application is under review', async ({ visitor, artist }) => {
    const body = released({ upc: '036000291452' });
    expect((await visitor.send('POST', '/api/releases', body)).status).toBe(401);
    expect((await artist.send('POST', '/api/releases', body)).status).toBe(403);
  });

  test('400 with the exact message on the field: a code that is not one, codes on a release not previously released, one ISRC twice', async ({
    db,
    approvedArtist,
  }) => {
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [released({ upc: '036000291453' }), 'body.upc', 'UPC 036000291453 has a wrong check digit'],
      [
        released({ upc: '0360 0029 145' }),
        'body.upc',
        'UPC 0360 0029 145 is not a valid UPC (12 or 13 digits)',
      ],
      [
        released({ upc: 'UPC036000291452' }),
        'body.upc',
        'UPC UPC036000291452 is not a valid UPC (12 or 13 digits)',
      ],
      [released({ upc: 36000291452 }), 'body.upc', 'UPC must be text'],
      [
        released({ tracks: [track('One', { isrc: 'QZ-ABC-2-00001' })] }),
        'body.tracks.0.isrc',
        'ISRC QZ-ABC-2-00001 is not a valid ISRC (CC-XXX-YY-NNNNN)',
      ],
      [
        released({ tracks: [track('One', { isrc: '1ZABC2600001' })] }),
        'body.tracks.0.isrc',
        'ISRC 1ZABC2600001 is not a valid ISRC (CC-XXX-YY-NNNNN)',
      ],
      [
        released({ tracks: [track('One', { isrc: ['QZABC2600001'] })] }),
        'body.tracks.0.isrc',
        'ISRC must be text',
      ],
      [validRelease({ upc: '036000291452' }), 'body.upc', notBefore.upc],
      [
        validRelease({ previouslyReleased: false, originalReleaseDate: '2019-05-01', upc: '036000291452' }),
        'body.upc',
        notBefore.upc,
      ],
      [
        validRelease({ tracks: [track('One', { isrc: 'QZABC2600001' })] }),
        'body.tracks.0.isrc',
        notBefore.isrc,
      ],
      [
        ep(track('One', { isrc: 'QZ-ABC-26-00001' }), track('Two', { isrc: 'qz abc 26 00001' })),
        'body.tracks.1.isrc',
        'ISRC QZABC2600001 is given to more than one track',
      ],
    ];
    for (const [body, path, message] of cases) {
      const res = await approvedArtist.send('POST', '/api/releases', body);
      expect(res.status, message).toBe(400);
      const answer = res.json<{ message: string; issues: Array<{ path: string; message: string }> }>();
      expect(answer.message, message).toBe(message);
      expect(answer.issues, message).toContainEqual({ path, message });
    }
    expect(await Release.query(db).where({ userId: approvedArtist.user.id })).toEqual([]);
  });

  test('201: the codes as typed are kept normalised; blank ones are none', async ({ approvedArtist }) => {
    const release = await create(
      approvedArtist,
      ep(
        track('One', { isrc: ' qz-abc-26-00101 ' }),
        track('Two', { isrc: '' }),
        track('Three', { isrc: null }),
      ),
    );
    expect(release.upc).toBeNull();
    expect(release.tracks.map((t) => t.isrc)).toEqual(['QZABC2600101', null, null]);
    const withUpc = await create(approvedArtist, released({ upc: ' 0 50001 59407 7 ' }));
    expect(withUpc.upc).toBe('050001594077');
    const ean = await create(approvedArtist, released({ upc: '5901234123457' }));
    expect(ean.upc).toBe('5901234123457');
  });

  test('the codes the artist gave are kept through approval; only the tracks without one are given one', async ({
    db,
    approvedArtist,
    admin,
  }) => {
    const release = await create(
      approvedArtist,
      released({
        releaseType: 'ep',
        upc: '073109324513',
        tracks: [track('Brought', { isrc: 'GB-XYZ-19-00042' }), track('New')],
      }),
    );
    expect(release.upc).toBe('073109324513');
    expect(release.tracks.map((t) => t.isrc)).toEqual(['GBXYZ1900042', null]);
    await mediaReady(db, release.id);
    expect((await approvedArtist.send('POST', `/api/releases/${release.id}/submit`)).status).toBe(200);

    const approved = await admin.send('PATCH', `/api/admin/releases/${release.id}`, { status: 'live' });
    expect(approved.status).toBe(200);
    const live = approved.json<ReleaseWithTracksResponse>();
    expect(live.upc).toBe('073109324513');
    expect(live.tracks[0]!.isrc).toBe('GBXYZ1900042');
    expect(live.tracks[1]!.isrc).toMatch(/^INRFL\d{7}$/);
    const [approvedEvent] = await Event.query(db).where({
      aggregateId: release.id,
      type: 'release.approved',
    });
    expect(approvedEvent!.payload).toMatchObject({
      upc: '073109324513',
      isrcs: [
        { trackId: live.tracks[0]!.id, isrc: 'GBXYZ1900042' },
        { trackId: live.tracks[1]!.id, isrc: live.tracks[1]!.isrc },
      ],
    });
    const seen = (await approvedArtist.get(`/api/releases/${release.id}`)).json<ReleaseWithTracksResponse>();
    expect([seen.upc, ...seen.tracks.map((t) => t.isrc)]).toEqual([
      '073109324513',
      'GBXYZ1900042',
      live.tracks[1]!.isrc,
    ]);
  });

  test('409 naming the code for an ISRC or a UPC another track or release of the catalogue has (any artist, any status), nothing written', async ({
    db,
    approvedArtist,
    newActor,
    admin,
  }) => {
    await create(approvedArtist, ep(track('A', { isrc: 'QZ-RFX-25-99901' }), track('B')));
    await create(approvedArtist, released({ upc: '036000291452' }));
    const other = await newActor('approved');
    const refused = async (body: unknown, path: string, message: string) => {
      const res = await other.send('POST', '/api/releases', body);
      expect(res.status, message).toBe(409);
      expect(res.json()).toEqual({ message, issues: [{ path, message }] });
    };
    await refused(
      ep(track('Fine', { isrc: 'QZRFX2599902' }), track('Taken', { isrc: 'qz-rfx-25-99901' })),
      'body.tracks.1.isrc',
      'ISRC QZRFX2599901 is already used by another track in the catalogue',
    );
    await refused(
      released({ upc: '0 36000 29145 2' }),
      'body.upc',
      'UPC 036000291452 is already used by another release in the catalogue',
    );
    // The artist's own catalogue counts too, and so do the codes approval gave.
    const live = await create(approvedArtist);
    await mediaReady(db, live.id);
    await approvedArtist.send('POST', `/api/releases/${live.id}/submit`);
    const approved = (
      await admin.send('PATCH', `/api/admin/releases/${live.id}`, { status: 'live' })
    ).json<ReleaseWithTracksResponse>();
    await refused(
      released({ tracks: [track('Again', { isrc: approved.tracks[0]!.isrc })] }),
      'body.tracks.0.isrc',
      `ISRC ${approved.tracks[0]!.isrc} is already used by another track in the catalogue`,
    );
    await refused(
      released({ upc: approved.upc }),
      'body.upc',
      `UPC ${approved.upc} is already used by another release in the catalogue`,
    );
    expect(await Release.query(db).where({ userId: other.user.id })).toEqual([]);
    expect(await Event.query(db).where({ actorId: other.user.id, type: 'release.created' })).toEqual([]);
    // A code that is free again once its release is deleted.
    const deleted = await create(other, released({ upc: '4006381333931' }));
    expect((await other.send('DELETE', `/api/releases/${deleted.id}`)).status).toBe(204);
    await create(approvedArtist, released({ upc: '4006381333931' }));
  });

  test('three artists bringing one ISRC at the same moment: one 201, the others 409 naming it, never a 500', async ({
    db,
    newActor,
  }) => {
    const artists = await Promise.all(Array.from({ length: 3 }, () => newActor('approved')));
    const answers = await Promise.all(
      artists.map((artist) =>
        artist.send('POST', '/api/releases', released({ tracks: [track('Same', { isrc: 'QZSAM2600001' })] })),
      ),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409, 409]);
    for (const answer of answers.filter((a) => a.status === 409)) {
      expect(answer.json<{ message: string }>().message).toBe(
        'ISRC QZSAM2600001 is already used by another track in the catalogue',
      );
    }
    expect(await Track.query(db).where({ isrc: 'QZSAM2600001' })).toHaveLength(1);
  });

  test('a code an artist brought is never given again by approval: the counter skips it', async ({
    db,
    approvedArtist,
    admin,
  }) => {
    const approve = async (body: unknown) => {
      const release = await create(approvedArtist, body);
      await mediaReady(db, release.id);
      expect((await approvedArtist.send('POST', `/api/releases/${release.id}/submit`)).status).toBe(200);
      const res = await admin.send('PATCH', `/api/admin/releases/${release.id}`, { status: 'live' });
      expect(res.status).toBe(200);
      return res.json<ReleaseWithTracksResponse>();
    };
    const first = (await approve(validRelease())).tracks[0]!.isrc!;
    const next = (n: number) => `${first.slice(0, 7)}${String(Number(first.slice(7)) + n).padStart(5, '0')}`;
    // An artist brings the ISRC the counter would give next (a catalogue from an earlier deal with us).
    const brought = await create(approvedArtist, released({ tracks: [track('Brought', { isrc: next(1) })] }));
    expect(brought.tracks[0]!.isrc).toBe(next(1));
    expect((await approve(validRelease())).tracks[0]!.isrc).toBe(next(2));
  });
});
