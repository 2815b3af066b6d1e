import { describe, expect } from 'vitest';
import { visitor } from '#test/support/actors.ts';
import { startTestServer } from '#test/support/api.ts';
import { Browser, formOf } from '#test/support/browser.ts';
import { dbTest, unique } from '#test/support/db.ts';
import { newPerson, openSignIn, signUp } from '#test/support/signIn.ts';
import { hit, peek } from './rateLimiter.ts';

const after = (start: Date, ms: number) => new Date(start.getTime() + ms);

dbTest(
  'a window opens, counts and ends on the clock it is given, never on the database clock',
  async ({ db }) => {
    // Far ahead of the database's now(): were expiry decided there, this window would never end.
    const start = new Date('2100-01-01T00:00:00Z');
    const key = unique('window');
    expect(await hit(db, key, 2, 60_000, start)).toEqual({ allowed: true, hits: 1, retryAfterSeconds: 60 });
    expect(await hit(db, key, 2, 60_000, after(start, 1_000))).toMatchObject({ allowed: true, hits: 2 });
    expect(await hit(db, key, 2, 60_000, after(start, 2_000))).toEqual({
      allowed: false,
      hits: 3,
      retryAfterSeconds: 58,
    });
    expect(await peek(db, key, after(start, 59_000))).toBe(3);
    expect(await hit(db, key, 2, 60_000, after(start, 59_500))).toEqual({
      allowed: false,
      hits: 4,
      retryAfterSeconds: 1,
    });
    expect(await peek(db, key, after(start, 60_000))).toBe(0);
    expect(await hit(db, key, 2, 60_000, after(start, 60_000))).toEqual({
      allowed: true,
      hits: 1,
      retryAfterSeconds: 60,
    });
  },
);

describe('the API on an injected clock', () => {
  dbTest('lets a client send again once the clock passes the window, without waiting', async ({ db }) => {
    let now = Date.now();
    const app = await startTestServer({ db, keepDb: true, clock: () => new Date(now) });
    try {
      const client = visitor(app);
      const send = () =>
        client.send('POST', '/api/contact', {
          name: 'Jo Lane',
          email: `${unique('jo')}@example.test`,
          subject: 'Label partnership',
          message: 'We would like to talk about a partnership.',
        });
      const statuses: number[] = [];
      for (let i = 0; i < 5; i++) statuses.push((await send()).status);
      expect(statuses).toEqual([201, 201, 201, 201, 201]);
      const refused = await send();
      expect(refused.status).toBe(429);
      expect(refused.headers.get('retry-after')).toBe('600');

      now += 10 * 60_000 - 1_000;
      const stillRefused = await send();
      expect(stillRefused.status).toBe(429);
      expect(stillRefused.headers.get('retry-after')).toBe('1');

      now += 1_000;
      expect((await send()).status).toBe(201);
    } finally {
      await app.close();
    }
  });

  dbTest('lifts the sign-in lock once the clock passes 15 minutes', async ({ db }) => {
    let now = Date.now();
    const app = await startTestServer({ db, keepDb: true, clock: () => new Date(now) });
    try {
      const person = newPerson();
      await signUp(new Browser(), app.url, person);
      const browser = new Browser();
      const submit = async (password: string) => {
        const page = await openSignIn(browser, app.url);
        return browser.submit(page, formOf(page), { email: person.email, password });
      };
      for (let attempt = 0; attempt < 5; attempt++) {
        expect((await submit(`wrong-${attempt}`)).status).toBe(401);
      }
      expect((await submit(person.password)).status).toBe(429);

      now += 15 * 60_000;
      expect((await submit(person.password)).url).toBe(`${app.url}/`);
      expect((await browser.get(`${app.url}/api/auth/user`)).status).toBe(200);
    } finally {
      await app.close();
    }
  });
});
