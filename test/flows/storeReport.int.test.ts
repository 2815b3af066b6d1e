/**
 * A store report, end to end across the packages: an admin uploads a CSV through the API, the workers'
 * reports group imports it, and the artists read the result: GET /api/royalties (the ledger) and
 * GET /api/analytics show exactly what the file says they earned and streamed; the admin reads the job
 * and the lines that matched nothing with their reasons.
 */
import { describe, expect } from 'vitest';
import type {
  AdminStoreReportLineResponse,
  AdminStoreReportResponse,
  AnalyticsResponse,
  RoyaltiesResponse,
} from '@riffline/contracts';
import { Event } from '@riffline/db';
import { apiWithWorkers } from '#test/support/flow.ts';
import { waitUntilGroupPassed } from '#test/support/eventLog.ts';
import { buildCatalogue, storeReport } from '#test/support/storeReport.ts';

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

      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(file.csv)], { type: 'text/csv' }), 'distributor-q3.csv');
      const res = await admin.browser.request(`${app.url}/api/admin/reports`, {
        method: 'POST',
        body: form,
        headers: { origin: app.url },
      });
      expect(res.status, res.body).toBe(201);
      const uploaded = res.json<AdminStoreReportResponse>();
      const [event] = await Event.query(db).where({ aggregateId: uploaded.id, type: 'report.uploaded' });
      await waitUntilGroupPassed({ db, group: 'reports', kafka: app.deps.config.kafka }, String(event!.id));

      const report = (await admin.get(`/api/admin/reports/${uploaded.id}`)).json<AdminStoreReportResponse>();
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
        `/api/admin/reports/${uploaded.id}/lines?status=unmatched&range=${encodeURIComponent('[0,499]')}`,
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
});
