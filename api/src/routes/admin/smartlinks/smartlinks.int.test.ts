import type { AdminSmartLinkResponse } from '@riffline/contracts';
import { describe, expect } from 'vitest';
import { apiTest } from '#test/support/api.ts';
import { unique } from '#test/support/db.ts';
import { buildArtist, buildRelease } from '#test/support/factories.ts';
import { buildSmartLink } from '#test/support/smartLinks.ts';

const message = (res: { json<T>(): T }) => res.json<{ message: string }>().message;

describe('GET /api/admin/smartlinks', () => {
  apiTest(
    '401 signed out; 403 for an artist; 400 for a sort it does not know',
    async ({ visitor, approvedArtist, admin }) => {
      expect((await visitor.get('/api/admin/smartlinks')).status).toBe(401);
      expect((await approvedArtist.get('/api/admin/smartlinks')).status).toBe(403);
      const res = await admin.get(`/api/admin/smartlinks?sort=${encodeURIComponent('["presaves","DESC"]')}`);
      expect([res.status, message(res)]).toEqual([
        400,
        'sort must be ["field","ASC" or "DESC"] with field one of id, createdAt, updatedAt, slug, disabledAt, releaseTitle, artist, views, clicks',
      ]);
    },
  );

  apiTest(
    'sorts by release title, artist, views and clicks (a page without numbers counts none), each page with its total',
    async ({ db, admin }) => {
      const artist = unique('Sorted Artist');
      const user = await buildArtist(db);
      for (const [title, name, views, clicks] of [
        ['Bravo', `${artist} C`, 5, 40],
        ['Alpha', `${artist} A`, 30, 2],
        ['Charlie', `${artist} B`, null, null],
      ] as const) {
        const release = await buildRelease(db, {
          userId: user.id,
          title: `${title} ${artist}`,
          artist: name,
        });
        const link = await buildSmartLink(db, release);
        // Numbers over two days: the list sums them.
        if (views !== null)
          await db('smartlink_stats').insert([
            { smartlinkId: link.id, day: '2026-12-01', views: views - 1, clicks: clicks! - 1 },
            { smartlinkId: link.id, day: '2026-12-02', views: 1, clicks: 1 },
          ]);
      }
      const list = async (field: string, order: 'ASC' | 'DESC', range = [0, 24]) => {
        const filter = encodeURIComponent(JSON.stringify({ q: artist }));
        const sort = encodeURIComponent(JSON.stringify([field, order]));
        const res = await admin.get(
          `/api/admin/smartlinks?filter=${filter}&sort=${sort}&range=${encodeURIComponent(JSON.stringify(range))}`,
        );
        expect(res.status, res.body).toBe(200);
        return {
          titles: res.json<AdminSmartLinkResponse[]>().map((l) => l.releaseTitle.split(' ')[0]),
          figures: res.json<AdminSmartLinkResponse[]>().map((l) => [l.views, l.clicks]),
          range: res.headers.get('content-range'),
        };
      };
      expect((await list('releaseTitle', 'ASC')).titles).toEqual(['Alpha', 'Bravo', 'Charlie']);
      expect((await list('artist', 'DESC')).titles).toEqual(['Bravo', 'Charlie', 'Alpha']);
      expect(await list('views', 'DESC')).toMatchObject({
        titles: ['Alpha', 'Bravo', 'Charlie'],
        figures: [
          [30, 2],
          [5, 40],
          [0, 0],
        ],
      });
      expect((await list('clicks', 'ASC')).titles).toEqual(['Charlie', 'Alpha', 'Bravo']);
      expect(await list('clicks', 'DESC', [1, 1])).toMatchObject({
        titles: ['Alpha'],
        range: 'smartlinks 1-1/3',
      });
    },
  );
});
