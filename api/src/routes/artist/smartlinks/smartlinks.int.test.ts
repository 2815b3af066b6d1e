import {
  SLUG_MESSAGE,
  SLUG_OFFENSIVE_MESSAGE,
  SLUG_RESERVED_MESSAGE,
  SLUG_TAKEN_MESSAGE,
  secondFactorMessages,
  type FansResponse,
  type SmartLinkResponse,
  type SmartLinkStatsResponse,
} from '@riffline/contracts';
import { Event, Fan, SmartLink } from '@riffline/db';
import { describe, expect } from 'vitest';
import { apiTest } from '#test/support/api.ts';
import { buildArtist, buildRelease, validReleaseBody } from '#test/support/factories.ts';
import { buildSmartLink } from '#test/support/smartLinks.ts';

const message = (res: { json<T>(): T }) => res.json<{ message: string }>().message;

describe('a release’s SmartLink (GET/PATCH /api/releases/:id/smartlink)', () => {
  apiTest('401 signed out; 403 for an artist not yet approved', async ({ db, visitor, artist }) => {
    const release = await buildRelease(db, { userId: artist.user.id });
    await buildSmartLink(db, release);
    expect((await visitor.get(`/api/releases/${release.id}/smartlink`)).status).toBe(401);
    expect((await artist.get(`/api/releases/${release.id}/smartlink`)).status).toBe(403);
    expect(
      (await artist.send('PATCH', `/api/releases/${release.id}/smartlink`, { collectEmails: true })).status,
    ).toBe(403);
  });

  apiTest(
    'a new release has one from the start: its artist and title as the slug, a pre-save page until it is out',
    async ({ db, app, approvedArtist }) => {
      const title = `Night Drive ${Date.now()}`;
      const created = await approvedArtist.send('POST', '/api/releases', validReleaseBody({ title }));
      expect(created.status, created.body).toBe(201);
      const releaseId = created.json<{ id: string }>().id;
      const res = await approvedArtist.get(`/api/releases/${releaseId}/smartlink`);
      expect(res.status, res.body).toBe(200);
      const smartLink = res.json<SmartLinkResponse>();
      expect(smartLink).toMatchObject({
        releaseId,
        slug: `maya-r-night-drive-${title.split(' ').at(-1)}`,
        collectEmails: false,
        mode: 'presave',
        stores: [],
        disabledAt: null,
      });
      expect(smartLink.url).toBe(`${app.deps.config.publicUrl}/l/${smartLink.slug}`);
      // The same title again gets the same words and a few random letters.
      const again = await approvedArtist.send('POST', '/api/releases', validReleaseBody({ title }));
      const second = await SmartLink.query(db).findOne({ releaseId: again.json<{ id: string }>().id });
      expect(second!.slug).toMatch(new RegExp(`^${smartLink.slug.slice(0, 33)}-[0-9a-f]{6}$`));
    },
  );

  apiTest(
    '400 with the exact message for a malformed, reserved or offensive slug, or nothing to change',
    async ({ db, approvedArtist }) => {
      const release = await buildRelease(db, { userId: approvedArtist.user.id });
      const smartLink = await buildSmartLink(db, release);
      const path = `/api/releases/${release.id}/smartlink`;
      const cases: Array<[unknown, string]> = [
        [{ slug: 'ab' }, SLUG_MESSAGE],
        [{ slug: 'Bad Slug!' }, SLUG_MESSAGE],
        [{ slug: 'double--hyphen' }, SLUG_MESSAGE],
        [{ slug: 'a'.repeat(41) }, SLUG_MESSAGE],
        [{ slug: 'admin' }, SLUG_RESERVED_MESSAGE],
        [{ slug: 'fuck-this' }, SLUG_OFFENSIVE_MESSAGE],
        [{ slug: 'sh1t-song' }, SLUG_OFFENSIVE_MESSAGE],
        [{}, 'Nothing to change: send slug or collectEmails'],
        [{ collectEmails: 'yes' }, 'collectEmails must be true or false'],
      ];
      for (const [body, expected] of cases) {
        const res = await approvedArtist.send('PATCH', path, body);
        expect(res.status, JSON.stringify(body)).toBe(400);
        expect(message(res), JSON.stringify(body)).toBe(expected);
      }
      expect((await SmartLink.query(db).findById(smartLink.id))!.slug).toBe(smartLink.slug);
    },
  );

  apiTest(
    "409 for another page's slug; 404 for another artist's release; 200 changes it and the old address stops answering",
    async ({ db, app, approvedArtist, visitor }) => {
      const release = await buildRelease(db, { userId: approvedArtist.user.id, status: 'processing' });
      const smartLink = await buildSmartLink(db, release);
      const other = await buildRelease(db, { userId: (await buildArtist(db)).id });
      const theirs = await buildSmartLink(db, other);
      const path = `/api/releases/${release.id}/smartlink`;

      const taken = await approvedArtist.send('PATCH', path, { slug: theirs.slug });
      expect(taken.status).toBe(409);
      expect(message(taken)).toBe(SLUG_TAKEN_MESSAGE);
      expect((await approvedArtist.get(`/api/releases/${other.id}/smartlink`)).status).toBe(404);
      expect(
        (await approvedArtist.send('PATCH', `/api/releases/${other.id}/smartlink`, { collectEmails: true }))
          .status,
      ).toBe(404);

      const slug = `new-${smartLink.slug}`.slice(0, 40).replace(/-+$/, '');
      const res = await approvedArtist.send('PATCH', path, { slug: slug.toUpperCase(), collectEmails: true });
      expect(res.status, res.body).toBe(200);
      expect(res.json<SmartLinkResponse>()).toMatchObject({ slug, collectEmails: true });
      const [event] = await Event.query(db).where({ aggregateId: smartLink.id, type: 'smartlink.updated' });
      expect(event!.payload).toEqual({
        releaseId: release.id,
        userId: approvedArtist.user.id,
        slug,
        changed: ['slug', 'collectEmails'],
      });
      expect((await visitor.get(`/l/${smartLink.slug}`)).status).toBe(404);
      expect((await visitor.get(`/l/${slug}`)).status).toBe(200);
      expect(app.deps.config.publicUrl).toBeTruthy();
    },
  );
});

describe('GET /api/releases/:id/smartlink/stats', () => {
  apiTest(
    '400 for a window out of range; every day of the window, zeros where nothing happened',
    async ({ db, approvedArtist }) => {
      const release = await buildRelease(db, { userId: approvedArtist.user.id });
      await buildSmartLink(db, release);
      const bad = await approvedArtist.get(`/api/releases/${release.id}/smartlink/stats?days=0`);
      expect(bad.status).toBe(400);
      expect(message(bad)).toBe('days must be a whole number from 1 to 365');
      const res = await approvedArtist.get(`/api/releases/${release.id}/smartlink/stats?days=7`);
      expect(res.status, res.body).toBe(200);
      const stats = res.json<SmartLinkStatsResponse>();
      expect(stats.days).toHaveLength(7);
      expect(stats.days.at(-1)!.day).toBe(new Date().toISOString().slice(0, 10));
      expect(stats.totals).toEqual({ views: 0, clicks: 0, presaves: 0, fans: 0 });
      expect(stats).toMatchObject({ stores: [], countries: [], campaigns: [] });
    },
  );
});

describe('an artist’s fans (GET /api/fans, /api/fans/export)', () => {
  apiTest(
    "each artist sees only their own; the export needs a recent second factor and holds the confirmed fans' consent",
    async ({ db, approvedArtist, steppedUpArtist }) => {
      const fanOf = async (userId: string, email: string, status: 'pending' | 'confirmed') => {
        const release = await buildRelease(db, { userId, title: `Song for ${email}` });
        const smartLink = await buildSmartLink(db, release);
        return Fan.query(db).insert({
          userId,
          email,
          status,
          consentText: 'Email me when “Song” by Nova is out. I can unsubscribe at any time from any email.',
          consentedAt: new Date('2026-12-01T10:00:00Z'),
          confirmedAt: status === 'confirmed' ? new Date('2026-12-01T10:05:00Z') : null,
          sourceSmartlinkId: smartLink.id,
        });
      };
      const suffix = Date.now();
      await fanOf(steppedUpArtist.user.id, `=cmd-${suffix}@example.com`, 'confirmed');
      await fanOf(steppedUpArtist.user.id, `pending-${suffix}@example.com`, 'pending');
      await fanOf(approvedArtist.user.id, `other-${suffix}@example.com`, 'confirmed');

      const mine = (await steppedUpArtist.get('/api/fans')).json<FansResponse>();
      expect(mine).toMatchObject({ confirmed: 1, pending: 1 });
      expect(mine.fans.map((f) => f.email).sort()).toEqual([
        `=cmd-${suffix}@example.com`,
        `pending-${suffix}@example.com`,
      ]);
      const theirs = (await approvedArtist.get('/api/fans')).json<FansResponse>();
      expect(theirs.fans.map((f) => f.email)).toEqual([`other-${suffix}@example.com`]);

      const refused = await approvedArtist.get('/api/fans/export');
      expect(refused.status).toBe(403);
      expect(refused.json()).toEqual({
        message: secondFactorMessages.second_factor_not_enrolled,
        reason: 'second_factor_not_enrolled',
      });
      const csv = await steppedUpArtist.get('/api/fans/export');
      expect(csv.status, csv.body).toBe(200);
      expect(csv.headers.get('content-type')).toContain('text/csv');
      expect(csv.body.split('\n')).toEqual([
        'email,artistOptIn,source,consentText,consentedAt,confirmedAt',
        // A cell that a spreadsheet would run as a formula is neutralised.
        `'=cmd-${suffix}@example.com,false,Song for =cmd-${suffix}@example.com,Email me when “Song” by Nova is out. I can unsubscribe at any time from any email.,2026-12-01T10:00:00.000Z,2026-12-01T10:05:00.000Z`,
      ]);
    },
  );
});
