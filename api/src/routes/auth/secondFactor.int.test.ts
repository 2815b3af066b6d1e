import { describe, expect } from 'vitest';
import { apiTest } from '#test/support/api.ts';
import { enrolAuthenticator, stepUp } from '#test/support/secondFactor.ts';

const routes = [
  ['GET', '/api/auth/second-factor'],
  ['POST', '/api/auth/second-factor/enrolment'],
  ['POST', '/api/auth/second-factor/confirmation'],
  ['DELETE', '/api/auth/second-factor'],
] as const;

describe('/api/auth/second-factor', () => {
  apiTest('401 signed out, for every route', async ({ visitor }) => {
    for (const [method, path] of routes) {
      const res = await visitor.send(method, path, method === 'POST' ? { code: '123456' } : undefined);
      expect(res.status, `${method} ${path}`).toBe(401);
    }
  });

  apiTest(
    '400 with the exact message: a code that is not 6 digits, or no set-up started',
    async ({ artist }) => {
      for (const code of ['12345', 'abcdef', '1234567', 42]) {
        const res = await artist.send('POST', '/api/auth/second-factor/confirmation', { code });
        expect(res.status, String(code)).toBe(400);
        expect(res.json<{ message: string }>().message).toBe(
          'Enter the 6-digit code from your authenticator app',
        );
      }
      const none = await artist.send('POST', '/api/auth/second-factor/confirmation', { code: '123 456' });
      expect(none.status).toBe(400);
      expect(none.json<{ message: string }>().message).toBe(
        'Start setting up two-factor authentication again: the set-up expired or was not started',
      );
    },
  );

  apiTest(
    'DELETE: 403 with the reason without a recent sign-in with the app; 204 after the step-up, and off',
    async ({ app, db, artist }) => {
      const notEnrolled = await artist.send('DELETE', '/api/auth/second-factor');
      expect(notEnrolled.status).toBe(403);
      expect(notEnrolled.json<{ reason: string }>().reason).toBe('second_factor_not_enrolled');

      const authenticator = await enrolAuthenticator(artist);
      const required = await artist.send('DELETE', '/api/auth/second-factor');
      expect(required.status).toBe(403);
      expect(required.json()).toEqual({
        message: "Confirm it's you: sign in again with your authenticator app to continue.",
        reason: 'second_factor_required',
      });
      expect((await artist.send('POST', '/api/auth/second-factor/enrolment')).status).toBe(409);

      await stepUp(artist.browser, app.url, artist.person, authenticator);
      const off = await artist.send('DELETE', '/api/auth/second-factor');
      expect(off.status).toBe(204);
      expect((await artist.get('/api/auth/second-factor')).json()).toMatchObject({
        enabled: false,
        recoveryCodesLeft: 0,
      });
      expect(await db('identity_recovery_codes').where({ accountId: artist.user.id })).toEqual([]);
      expect(
        await db('events').where({ aggregateId: artist.user.id, type: 'user.secondFactorDisabled' }),
      ).toHaveLength(1);
      // Set up again from scratch: a new secret.
      const again = await artist.send('POST', '/api/auth/second-factor/enrolment');
      expect(again.status).toBe(201);
      expect(again.json<{ secret: string }>().secret).not.toBe(authenticator.secret);
    },
  );

  apiTest('GET /api/login?stepUp= takes 1 only', async ({ visitor }) => {
    const res = await visitor.get('/api/login?stepUp=yes');
    expect(res.status).toBe(400);
    expect(res.json<{ message: string }>().message).toBe('stepUp must be 1');
  });
});
