import { describe, expect } from 'vitest';
import { apiTest } from '#test/support/api.ts';
import { Browser } from '#test/support/browser.ts';
import { signIn } from '#test/support/signIn.ts';

describe('a password change (POST /api/auth/password)', () => {
  apiTest(
    "ends the user's other sessions, app and provider, and keeps the browser that asked",
    async ({ app, db, newActor }) => {
      const actor = await newActor('artist');
      const { person } = actor;
      // The same person signed in on a second device.
      const laptop = new Browser();
      await signIn(laptop, app.url, person.email, person.password);
      expect((await laptop.get(`${app.url}/api/auth/user`)).status).toBe(200);
      const sessionsBefore = await db('sessions').whereRaw("sess->>'userId' = ?", [actor.user.id]);
      expect(sessionsBefore).toHaveLength(2);

      const res = await actor.send('POST', '/api/auth/password', {
        currentPassword: person.password,
        newPassword: 'a completely new secret',
      });
      expect(res.status).toBe(200);

      expect((await actor.get('/api/auth/user')).status).toBe(200);
      expect((await laptop.get(`${app.url}/api/auth/user`)).status).toBe(401);
      // The provider forgot the laptop too: 'Continue with' asks for the (new) password again.
      expect((await laptop.get(`${app.url}/api/login`)).url).toMatch(/\/oidc\/interaction\/[^/]+$/);
      expect(await db('oidc_payloads').whereRaw("payload->>'accountId' = ?", [actor.user.id])).toEqual([]);
      const sessionsAfter = await db('sessions').whereRaw("sess->>'userId' = ?", [actor.user.id]);
      expect(sessionsAfter.map((s) => s.sid)).toEqual([actor.browser.cookie('riffline.sid')]);
    },
  );

  apiTest('a refused change ends nothing', async ({ app, newActor }) => {
    const actor = await newActor('artist');
    const laptop = new Browser();
    await signIn(laptop, app.url, actor.person.email, actor.person.password);
    const res = await actor.send('POST', '/api/auth/password', {
      currentPassword: 'not the password',
      newPassword: 'a completely new secret',
    });
    expect(res.status).toBe(400);
    expect((await laptop.get(`${app.url}/api/auth/user`)).status).toBe(200);
  });
});
