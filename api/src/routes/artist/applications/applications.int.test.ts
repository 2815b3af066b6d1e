import { describe, expect } from 'vitest';
import { Application, Event, User } from '@riffline/db';
import { apiTest } from '#test/support/api.ts';
import { validApplication } from '#test/support/factories.ts';

describe('POST /api/applications', () => {
  apiTest('401 when signed out', async ({ visitor }) => {
    const res = await visitor.send('POST', '/api/applications', validApplication());
    expect(res.status).toBe(401);
    expect(res.json()).toEqual({ message: 'Unauthorized' });
  });

  apiTest(
    'stays 401 when signed out, however often: signed-out calls never spend the address allowance',
    async ({ visitor, artist }) => {
      for (let i = 0; i < 12; i += 1) {
        const res = await visitor.send('POST', '/api/applications', validApplication());
        expect(res.status).toBe(401);
      }
      expect((await artist.send('POST', '/api/applications', validApplication())).status).toBe(201);
    },
  );

  apiTest(
    "400 'Must be at least 13 years old' for a 12-year-old, and nothing is stored",
    async ({ db, artist }) => {
      const res = await artist.send('POST', '/api/applications', { ...validApplication(), age: '12' });
      expect(res.status).toBe(400);
      expect(res.json()).toMatchObject({
        message: 'Must be at least 13 years old',
        issues: [{ path: 'body.age', message: 'Must be at least 13 years old' }],
      });
      expect(await Application.query(db).where({ userId: artist.user.id })).toEqual([]);
    },
  );

  apiTest('400 naming every missing or wrong field', async ({ artist }) => {
    const res = await artist.send('POST', '/api/applications', {
      age: '',
      genre: 'polka',
      instagram: 'my instagram',
      youtube: 'javascript:alert(1)',
      spotify: 'ftp://x',
    });
    expect(res.status).toBe(400);
    const issues = res.json<{ issues: Array<{ path: string; message: string }> }>().issues;
    expect(Object.fromEntries(issues.map((i) => [i.path, i.message]))).toEqual({
      'body.legalName': 'Legal name is required',
      'body.artistName': 'Artist name is required',
      'body.age': 'Age is required',
      'body.genre':
        'Genre must be one of hip-hop, pop, r&b, electronic, rock, indie, latin, afrobeats, country, jazz, other',
      'body.artistStory': 'Artist story is required',
      'body.instagram': 'Instagram must be a valid http(s) URL',
      'body.youtube': 'YouTube must be a valid http(s) URL',
      'body.spotify': 'Spotify must be a valid http(s) URL',
    });
  });

  apiTest(
    '201: takes social links typed without https:// and stores them with it',
    async ({ db, artist }) => {
      const res = await artist.send('POST', '/api/applications', {
        ...validApplication(),
        instagram: 'instagram.com/mayar',
        youtube: ' www.youtube.com/@mayar ',
        spotify: 'open.spotify.com/artist/1',
      });
      expect(res.status).toBe(201);
      const links = {
        instagram: 'https://instagram.com/mayar',
        youtube: 'https://www.youtube.com/@mayar',
        spotify: 'https://open.spotify.com/artist/1',
      };
      expect(res.json()).toMatchObject(links);
      const stored = await Application.query(db).where({ userId: artist.user.id }).first();
      expect(stored).toMatchObject(links);
    },
  );

  apiTest(
    '201: stores the application pending with age as a number and no terms flag, and appends application.submitted',
    async ({ db, artist }) => {
      const res = await artist.send('POST', '/api/applications', { ...validApplication(), terms: true });
      expect(res.status).toBe(201);
      const body = res.json<Record<string, unknown>>();
      expect(body).toMatchObject({
        userId: artist.user.id,
        legalName: 'Maya Rivers',
        age: 19,
        genre: 'r&b',
        spotify: null,
        status: 'pending',
        reviewedBy: null,
      });
      expect(body).not.toHaveProperty('terms');
      const events = await Event.query(db).where({ aggregateId: body.id as string });
      expect(events.map((e) => e.type)).toEqual(['application.submitted']);
      expect(events[0]!.payload).toMatchObject({ userId: artist.user.id, artistName: 'Maya R' });
    },
  );

  apiTest(
    '409 for a second application while one is pending, and for an approved artist',
    async ({ artist, approvedArtist }) => {
      expect((await artist.send('POST', '/api/applications', validApplication())).status).toBe(201);
      const again = await artist.send('POST', '/api/applications', validApplication());
      expect(again.status).toBe(409);
      expect(again.json()).toEqual({ message: 'You already have an application under review' });

      const res = await approvedArtist.send('POST', '/api/applications', validApplication());
      expect(res.status).toBe(409);
      expect(res.json()).toEqual({ message: 'Your account is already approved' });
    },
  );

  apiTest('lets one of two simultaneous submissions through', async ({ db, artist }) => {
    const results = await Promise.all([
      artist.send('POST', '/api/applications', validApplication()),
      artist.send('POST', '/api/applications', validApplication()),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
    expect(await Application.query(db).where({ userId: artist.user.id })).toHaveLength(1);
  });

  apiTest('lets a rejected artist apply again', async ({ db, artist }) => {
    await artist.send('POST', '/api/applications', validApplication());
    await Application.query(db).where({ userId: artist.user.id }).patch({ status: 'rejected' });
    expect((await artist.send('POST', '/api/applications', validApplication())).status).toBe(201);
  });
});

describe('GET /api/applications/mine', () => {
  apiTest('401 when signed out', async ({ visitor }) => {
    expect((await visitor.get('/api/applications/mine')).status).toBe(401);
  });

  apiTest('null before applying, then the latest application and its status', async ({ db, artist }) => {
    expect((await artist.get('/api/applications/mine')).json()).toEqual({ application: null });
    await artist.send('POST', '/api/applications', validApplication());
    const res = await artist.get('/api/applications/mine');
    expect(res.status).toBe(200);
    expect(res.json()).toMatchObject({ application: { status: 'pending', artistName: 'Maya R' } });
    expect((await User.query(db).findById(artist.user.id))?.isApproved).toBe(false);
  });
});
