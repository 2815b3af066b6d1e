/**
 * Bring your own codes, end to end: an artist whose catalogue comes from another distributor creates a
 * previously released EP with the UPC and an ISRC it already has; the admin's approval keeps them (and
 * gives the other track one); nobody else can bring the same ISRC; and the store reports that name those
 * codes, in our CSV or in the old distributor's export, match the artist's release and track.
 */
import { describe, expect } from 'vitest';
import type {
  AdminStoreReportLineResponse,
  ReleaseWithTracksResponse,
  RoyaltiesResponse,
} from '@riffline/contracts';
import { Release, Track, type Db } from '@riffline/db';
import type { Actor } from '#test/support/actors.ts';
import type { TestServer } from '#test/support/api.ts';
import { validReleaseBody } from '#test/support/factories.ts';
import { apiWithWorkers } from '#test/support/flow.ts';
import { uploadStoreReport } from '#test/support/storeReportUpload.ts';

const flowTest = apiWithWorkers('own-codes');

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

describe('a catalogue moving from another distributor keeps its codes', () => {
  flowTest(
    'its own ISRC and UPC survive approval, are refused to anyone else, and match the store reports that carry them',
    async ({ app, db, admin, newActor }) => {
      const artist = await newActor('approved');
      const created = await artist.send(
        'POST',
        '/api/releases',
        validReleaseBody({
          title: 'Harbour Lights',
          releaseType: 'ep',
          previouslyReleased: true,
          originalReleaseDate: '2021-03-05',
          upc: '0 50001 59407 7',
          tracks: [
            { title: 'Coastline', primaryArtists: ['Maya R'], isrc: 'gb-xyz-19-00042' },
            { title: 'Low Tide', primaryArtists: ['Maya R'] },
          ],
        }),
      );
      expect(created.status, created.body).toBe(201);
      const draft = created.json<ReleaseWithTracksResponse>();
      expect([draft.upc, ...draft.tracks.map((t) => t.isrc)]).toEqual(['050001594077', 'GBXYZ1900042', null]);

      // Approval keeps what the artist brought and gives codes only where there were none.
      await mediaReady(db, draft.id);
      expect((await artist.send('POST', `/api/releases/${draft.id}/submit`)).status).toBe(200);
      const approved = await admin.send('PATCH', `/api/admin/releases/${draft.id}`, { status: 'live' });
      expect(approved.status, approved.body).toBe(200);
      const live = approved.json<ReleaseWithTracksResponse>();
      const [coastline, lowTide] = live.tracks;
      expect(live.upc).toBe('050001594077');
      expect(coastline!.isrc).toBe('GBXYZ1900042');
      expect(lowTide!.isrc).toMatch(/^INRFL\d{7}$/);

      // A second track with the same ISRC, from anyone, is refused, naming it.
      const other = await newActor('approved');
      const again = await other.send(
        'POST',
        '/api/releases',
        validReleaseBody({
          previouslyReleased: true,
          originalReleaseDate: '2020-01-01',
          tracks: [{ title: 'Coastline (copy)', primaryArtists: ['Someone'], isrc: 'GBXYZ1900042' }],
        }),
      );
      expect(again.status).toBe(409);
      expect(again.json<{ message: string }>().message).toBe(
        'ISRC GBXYZ1900042 is already used by another track in the catalogue',
      );

      // Our CSV: a line by the brought ISRC (as a distributor writes it), one by the UPC alone, one by the
      // ISRC approval gave.
      const ours = await importReport(app, db, admin, 'ours.csv', [
        'period,store,country,isrc,upc,sale_type,units,net_revenue,currency',
        '2026-01,Spotify,GB,GB-XYZ-19-00042,,stream,1000,4.00,USD',
        '2026-01,Apple Music,US,,050001594077,download,2,1.98,USD',
        `2026-01,Deezer,FR,${lowTide!.isrc},,stream,500,1.50,USD`,
      ]);
      expect(ours.report).toMatchObject({ status: 'completed', linesMatched: 3, linesUnmatched: 0 });
      expect(ours.lines.map((l) => [l.lineNumber, l.isrc, l.upc, l.releaseId, l.trackId])).toEqual([
        [2, 'GBXYZ1900042', null, live.id, coastline!.id],
        [3, null, '050001594077', live.id, null],
        [4, lowTide!.isrc, null, live.id, lowTide!.id],
      ]);

      // The old distributor's export (DistroKid-style) of the months before the move matches too.
      const theirs = await importReport(app, db, admin, 'distrokid.csv', [
        'Reporting Date,Sale Month,Store,Artist,Title,ISRC,UPC,Quantity,Team Percentage,Song/Album,Country of Sale,Songwriter Royalties Withheld (USD),Earnings (USD)',
        '2026-01-05,2025-12,Spotify,Maya R,Coastline,GBXYZ1900042,050001594077,1200,100,Song,GB,0,4.80',
      ]);
      expect(theirs.report).toMatchObject({ status: 'completed', linesMatched: 1, linesUnmatched: 0 });
      expect(theirs.lines.map((l) => [l.isrc, l.releaseId, l.trackId])).toEqual([
        ['GBXYZ1900042', live.id, coastline!.id],
      ]);

      // And the artist is credited for the release.
      const royalties = (await artist.get('/api/royalties')).json<RoyaltiesResponse>();
      expect(royalties.items.length).toBeGreaterThan(0);
      expect(royalties.items.every((item) => item.releaseId === live.id)).toBe(true);
      expect(Number(royalties.totalEarnings)).toBeGreaterThan(0);
    },
  );
});

/** As the admin: uploads a CSV report, waits for the workers' reports group, and reads it with its lines. */
async function importReport(app: TestServer, db: Db, admin: Actor, filename: string, rows: string[]) {
  const report = await uploadStoreReport(
    { app, db, admin },
    { bytes: `${rows.join('\n')}\n`, name: filename },
  );
  const lines = (
    await admin.get(
      `/api/admin/reports/${report.id}/lines?sort=${encodeURIComponent('["lineNumber","ASC"]')}`,
    )
  ).json<AdminStoreReportLineResponse[]>();
  return { report, lines };
}
