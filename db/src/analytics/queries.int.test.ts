import { describe, expect } from 'vitest';
import { dbTest } from '#test/support/db.ts';
import { buildArtist, buildRelease, buildUsage } from '#test/support/factories.ts';
import { usageByPeriod, usageByPlatform, usageTotals } from './queries.ts';

describe("the artist's analytics window", () => {
  dbTest(
    'counts every row whose usage period overlaps it: last month reported today is in the last 30 days',
    async ({ db }) => {
      const artist = await buildArtist(db);
      const release = await buildRelease(db, { userId: artist.id });
      const row = (date: string, endDate: string, streams: number, platform: string) =>
        buildUsage(db, { userId: artist.id, releaseId: release.id, date, endDate, streams, platform });
      await row('2026-10-01', '2026-10-31', 1, 'Before'); // the month before: outside
      await row('2026-11-01', '2026-11-30', 20, 'Monthly'); // starts before the window, ends in it
      await row('2026-11-06', '2026-11-06', 300, 'Before'); // the day before the window
      await row('2026-11-07', '2026-11-07', 4_000, 'Daily'); // its first day
      await row('2026-12-06', '2026-12-06', 50_000, 'Daily'); // its last day
      await row('2026-12-07', '2026-12-07', 600_000, 'After');
      const window = { userId: artist.id, from: '2026-11-07', to: '2026-12-06' };
      expect(await usageTotals(db, window)).toMatchObject({ streams: 54_020 });
      expect((await usageByPlatform(db, window)).map((p) => [p.platform, p.streams])).toEqual([
        ['Daily', 54_000],
        ['Monthly', 20],
      ]);
      // Per period, each with its last day, so the charts place November's report over its month.
      expect((await usageByPeriod(db, window)).map((p) => [p.date, p.endDate, p.streams])).toEqual([
        ['2026-11-01', '2026-11-30', 20],
        ['2026-11-07', '2026-11-07', 4_000],
        ['2026-12-06', '2026-12-06', 50_000],
      ]);
    },
  );
});
