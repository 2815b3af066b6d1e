/**
 * A store report, end to end across the packages: an admin uploads a CSV through the API, the workers'
 * reports group imports it, and the artists read the result: GET /api/royalties (the ledger) and
 * GET /api/analytics show exactly what the file says they earned and streamed; the admin reads the job
 * and the lines that matched nothing with their reasons.
 */
import { describe, expect } from 'vitest';
import type { AdminStoreReportLineResponse, AnalyticsResponse, RoyaltiesResponse } from '@riffline/contracts';
import { apiWithWorkers } from '#test/support/flow.ts';
import { gzipSync } from 'node:zlib';
import { dsrExpected, dsrFile, type DsrFileOptions } from '#test/support/dsrFile.ts';
import { buildCatalogue, storeReport } from '#test/support/storeReport.ts';
import { uploadStoreReport } from '#test/support/storeReportUpload.ts';

const flowTest = apiWithWorkers('store-report');

const cents = (value: bigint) => `${value / 100n}.${String(value % 100n).padStart(2, '0')}`;
const usdCents = (usd8: bigint) => cents((usd8 + 500_000n) / 1_000_000n);

/** The size issue 12 asks the whole path to hold at: the artists' reads and the admin's list included. */
const LINES = 100_000;

describe('an admin imports a store report', () => {
  flowTest(
    "each artist's royalties and analytics show what the file says; unmatched lines are listed with reasons",
    async ({ app, db, admin, newActor }) => {
      const [maya, ravi] = [await newActor('approved'), await newActor('approved')];
      const catalogue = await buildCatalogue(db, [maya.user.id, ravi.user.id]);
      const file = storeReport(catalogue, { lines: LINES, seed: 3 });

      const report = await uploadStoreReport(
        { app, db, admin },
        { bytes: file.csv, name: 'distributor-q3.csv' },
      );
      expect(report).toMatchObject({
        status: 'completed',
        progress: 100,
        linesTotal: LINES,
        linesMatched: file.expected.matched,
        linesUnmatched: file.expected.unmatched,
        linesInvalid: file.expected.invalid,
        streams: file.expected.streams,
        downloads: file.expected.downloads,
        revenueUsd: usdCents(file.expected.revenueUsd),
        royaltiesUsd: cents([...file.expected.royalties.values()].reduce((a, b) => a + b, 0n)),
      });
      const unmatched = await admin.get(
        `/api/admin/reports/${report.id}/lines?status=unmatched&range=${encodeURIComponent('[0,499]')}`,
      );
      expect(unmatched.headers.get('content-range')).toMatch(new RegExp(`/${file.expected.unmatched}$`));
      for (const line of unmatched.json<AdminStoreReportLineResponse[]>()) {
        expect(line.reason).toBe(file.expected.kept.get(line.lineNumber)?.reason);
      }

      for (const artist of [maya, ravi]) {
        const owed = [...file.expected.royalties]
          .filter(([key]) => key.startsWith(`${artist.user.id}|`))
          .reduce((sum, [, amount]) => sum + amount, 0n);
        const royalties = (await artist.get('/api/royalties')).json<RoyaltiesResponse>();
        expect(royalties.totalEarnings).toBe(cents(owed));
        expect(royalties.items.every((item) => item.currency === 'USD' && item.status === 'pending')).toBe(
          true,
        );
        expect(royalties.items.map((item) => item.period).sort()).toEqual(
          [...file.expected.royalties.keys()]
            .filter((key) => key.startsWith(`${artist.user.id}|`))
            .map((key) => key.split('|')[2])
            .sort(),
        );

        const usage = file.expected.usageByArtist.get(artist.user.id)!;
        const analytics = (await artist.get('/api/analytics?days=365')).json<AnalyticsResponse>();
        expect(analytics).toMatchObject({
          totalStreams: usage.streams,
          totalDownloads: usage.downloads,
          totalRevenue: usdCents(usage.revenueUsd),
        });
        expect(analytics.platforms.reduce((sum, p) => sum + p.streams, 0)).toBe(usage.streams);
        expect(analytics.topTrack).not.toBeNull();
        expect(
          catalogue.some((r) => r.userId === artist.user.id && r.releaseId === analytics.topTrack!.releaseId),
        ).toBe(true);
      }
    },
  );

  flowTest(
    "a DDEX DSR file of last month: each artist's royalties and default analytics window show the summaries' revenue as the allocation rule shares it",
    async ({ app, db, admin, newActor }) => {
      const [maya, ravi] = [await newActor('approved'), await newActor('approved')];
      const catalogue = await buildCatalogue(db, [maya.user.id, ravi.user.id], {
        releasesEach: 1,
        tracksEach: 2,
      });
      const now = new Date();
      const first = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
      const last = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 0));
      const day = (date: Date) => date.toISOString().slice(0, 10);
      const options: DsrFileOptions = {
        messageId: `MSG-${crypto.randomUUID()}`,
        sender: 'Spotify',
        period: { start: day(first), end: day(last) },
        summaries: [
          { id: 'S1', territory: 'US', currency: 'USD', netRevenue: '30.00' },
          { id: 'S2', territory: 'DE', currency: 'EUR', netRevenue: '12.34' },
        ],
        blocks: catalogue.map((release, i) => ({
          release: { icpn: release.upc, title: `Release ${i}`, artist: 'Artist' },
          resources: release.tracks.map((track, t) => ({
            isrc: track.isrc,
            title: `Track ${t}`,
            usages: [
              { summary: 'S1', count: 1_000 + 37 * i + t },
              { summary: 'S2', count: 500 + 11 * i + 3 * t },
            ],
          })),
        })),
      };
      const owners = new Map(catalogue.flatMap((r) => r.tracks.map((t) => [t.isrc, r] as const)));
      const expected = dsrExpected(options, owners, app.deps.config.royalties.commissionPercent);

      const uploaded = await uploadStoreReport(
        { app, db, admin },
        { bytes: gzipSync(dsrFile(options)), name: 'DSR_Spotify.tsv.gz', type: 'application/gzip' },
      );
      expect(uploaded).toMatchObject({
        status: 'completed',
        format: 'dsr',
        messageId: options.messageId,
        usageStart: day(first),
        usageEnd: day(last),
        warnings: [],
      });

      for (const artist of [maya, ravi]) {
        const owed = [...expected.royalties]
          .filter(([key]) => key.startsWith(`${artist.user.id}|`))
          .reduce((sum, [, amount]) => sum + amount, 0n);
        const royalties = (await artist.get('/api/royalties')).json<RoyaltiesResponse>();
        expect(royalties.totalEarnings).toBe(cents(owed));
        // Last month's report, imported today, is in the default window (the last 30 days) whenever the
        // two overlap: every day but the 31st after a month of 30 days or fewer.
        const usage = expected.usage.get(artist.user.id)!;
        const windowStart = day(new Date(Date.now() - 29 * 86_400_000));
        const inDefault = day(last) >= windowStart;
        const analytics = (await artist.get('/api/analytics')).json<AnalyticsResponse>();
        expect(analytics).toMatchObject(
          inDefault
            ? { totalStreams: usage.streams, totalRevenue: usdCents(usage.revenueUsd) }
            : { totalStreams: 0 },
        );
        const quarter = (await artist.get('/api/analytics?days=90')).json<AnalyticsResponse>();
        expect(quarter).toMatchObject({
          totalStreams: usage.streams,
          totalRevenue: usdCents(usage.revenueUsd),
          granularity: 'month',
          reportedUntil: day(last),
        });
        // The charts show the month, not a spike on its 1st.
        expect(quarter.series.find((p) => p.date === day(first))?.streams).toBe(usage.streams);
      }
    },
  );
});
