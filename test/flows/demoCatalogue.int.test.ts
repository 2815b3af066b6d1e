/**
 * What a newcomer's first `make start` shows: the demo artist's live EP, built through the commands, and
 * its store report imported by the workers, so the dashboard, Analytics and Royalties show the pipeline's
 * numbers. The expected totals are recounted from the file itself.
 */
import { describe, expect } from 'vitest';
import type { AdminStoreReportResponse, AnalyticsResponse, RoyaltiesResponse } from '@riffline/contracts';
import { Event, Release, StoreReport, Track } from '@riffline/db';
import { hasValidCover } from '../../api/src/commands/releases/releaseSubmitter.ts';
import { DEMO_RELEASE_TITLE, seedDemoCatalogue } from '../../api/src/demo/demoCatalogue.ts';
import { demoAccounts, seedDemoAccounts } from '../../api/src/identityProvider/demoAccounts.ts';
import { Browser } from '#test/support/browser.ts';
import { waitUntilGroupPassed } from '#test/support/eventLog.ts';
import { apiWithWorkers } from '#test/support/flow.ts';
import { signIn } from '#test/support/signIn.ts';

const flowTest = apiWithWorkers('demo-catalogue');

/** Streams and downloads as the CSV states them. */
function countFile(csv: string) {
  let streams = 0;
  let downloads = 0;
  const lines = csv.trim().split('\n').slice(1);
  for (const line of lines) {
    const [, , , , saleType, units] = line.split(',');
    if (saleType === 'download') downloads += Number(units);
    else streams += Number(units);
  }
  return { lines: lines.length, streams, downloads };
}

describe('the demo catalogue of make start', () => {
  flowTest(
    'a live EP with ISRCs and a UPC, and 90 days of store sales imported: Analytics and Royalties show them',
    { timeout: 120_000 },
    async ({ app, db }) => {
      const { config, storage, logger } = app.deps;
      await seedDemoAccounts(db, config);
      expect(await seedDemoCatalogue({ db, storage, logger, config })).toBe('seeded');
      // A second start finds it there and adds nothing.
      expect(await seedDemoCatalogue({ db, storage, logger, config })).toBe('present');

      const [release] = await Release.query(db).where({ title: DEMO_RELEASE_TITLE });
      expect(release).toMatchObject({ userId: 'demo-artist', status: 'live', releaseType: 'ep' });
      expect(release!.upc).toMatch(/^\d{12,13}$/);
      // Its cover, uploaded through the artwork checks (submission needs one).
      expect(release).toMatchObject({ artworkFormat: 'png', artworkWidth: 3000, artworkHeight: 3000 });
      expect(hasValidCover(release!)).toBe(true);
      const tracks = await Track.query(db).where({ releaseId: release!.id }).orderBy('trackNumber');
      expect(tracks).toHaveLength(3);
      for (const track of tracks) {
        expect(track).toMatchObject({ audioState: 'ready', audioFormat: 'wav', duration: 20 });
        expect(track.isrc).toMatch(/^[A-Z]{2}[A-Z0-9]{3}\d{7}$/);
      }

      const [report] = await StoreReport.query(db);
      expect(await StoreReport.query(db).resultSize()).toBe(1);
      const file = countFile((await storage.get(report!.fileKey)).toString('utf8'));
      const [uploaded] = await Event.query(db).where({ type: 'report.uploaded', aggregateId: report!.id });
      await waitUntilGroupPassed({ db, group: 'reports', kafka: config.kafka }, String(uploaded!.id));

      const artistPass = demoAccounts.find((d) => d.role === 'artist')!;
      const artist = new Browser();
      await signIn(artist, app.url, artistPass.email, artistPass.password);
      const adminPass = demoAccounts.find((d) => d.role === 'admin')!;
      const admin = new Browser();
      await signIn(admin, app.url, adminPass.email, adminPass.password);

      const imported = (
        await admin.get(`${app.url}/api/admin/reports/${report!.id}`)
      ).json<AdminStoreReportResponse>();
      expect(imported).toMatchObject({
        status: 'completed',
        linesTotal: file.lines,
        linesMatched: file.lines,
        linesUnmatched: 0,
        linesInvalid: 0,
        streams: file.streams,
        downloads: file.downloads,
      });
      expect(file.streams).toBeGreaterThan(100_000);
      expect(file.downloads).toBeGreaterThan(0);

      const year = (await artist.get(`${app.url}/api/analytics?days=365`)).json<AnalyticsResponse>();
      expect(year).toMatchObject({ totalStreams: file.streams, totalDownloads: file.downloads });
      expect(year.totalRevenue).toBe(imported.revenueUsd);
      expect(year.topTrack).toMatchObject({ title: 'Night Transit', releaseTitle: DEMO_RELEASE_TITLE });
      expect(year.platforms.map((p) => p.platform)).toEqual(
        expect.arrayContaining([
          'Spotify',
          'Apple Music',
          'YouTube Music',
          'Amazon Music',
          'Deezer',
          'Tidal',
        ]),
      );
      const month = (await artist.get(`${app.url}/api/analytics?days=30`)).json<AnalyticsResponse>();
      expect(month.totalStreams).toBeGreaterThan(0);
      expect(month.totalStreams).toBeLessThan(year.totalStreams);

      const royalties = (await artist.get(`${app.url}/api/royalties`)).json<RoyaltiesResponse>();
      expect(royalties.totalEarnings).toBe(imported.royaltiesUsd);
      expect(Number(royalties.totalEarnings)).toBeGreaterThan(20); // enough for a first withdrawal
    },
  );
});
