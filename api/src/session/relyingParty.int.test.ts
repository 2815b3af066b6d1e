/**
 * The API behind a TLS-terminating proxy (docker-compose.yml's https shape): its public address, and so its
 * embedded issuer's, is https://<public host>, which the API itself cannot reach. It talks to its issuer
 * through its own listener.
 */
import { describe, expect } from 'vitest';
import { apiTest, productionEnv, startTestServer } from '#test/support/api.ts';
import { Browser } from '#test/support/browser.ts';
import { newPerson, signIn, signOut, signUp } from '#test/support/signIn.ts';

const PUBLIC_URL = 'https://riffline.invalid';

describe('the embedded issuer behind a TLS-terminating proxy', () => {
  apiTest(
    'is reached through the API’s own port: a person signs up and in at a public host nobody resolves',
    async ({ db }) => {
      const server = await startTestServer({
        db,
        keepDb: true,
        env: {
          ...productionEnv(),
          PUBLIC_URL,
          TRUST_PROXY_HOPS: '1',
        },
      });
      // The proxy: a browser's https://riffline.invalid/… reaches the API's port as plain http, with what
      // Caddy (infra/compose/Caddyfile) adds.
      const behindProxy = () =>
        new Browser({}, (url) =>
          url.origin === PUBLIC_URL
            ? {
                url: new URL(`${url.pathname}${url.search}`, server.url),
                headers: {
                  'x-forwarded-proto': 'https',
                  'x-forwarded-host': url.host,
                  'x-forwarded-for': '192.0.2.7',
                },
              }
            : undefined,
        );
      try {
        await expect(fetch(`${PUBLIC_URL}/oidc/.well-known/openid-configuration`)).rejects.toThrow();

        const browser = behindProxy();
        const person = newPerson();
        const landed = await signUp(browser, PUBLIC_URL, person);
        // The issuer's endpoints are the public ones: the browser went nowhere else.
        expect(landed.trail.every((url) => url.startsWith(`${PUBLIC_URL}/`))).toBe(true);
        expect(landed.trail.some((url) => url.startsWith(`${PUBLIC_URL}/api/callback?`))).toBe(true);
        expect(landed.url).toBe(`${PUBLIC_URL}/`);
        const user = await browser.get(`${PUBLIC_URL}/api/auth/user`);
        expect(user.status).toBe(200);
        expect(user.json()).toMatchObject({ email: person.email, role: 'artist' });

        // Signed out, and in again on the sign-in form, in another browser.
        expect((await signOut(browser, PUBLIC_URL)).status).toBe(200);
        expect((await browser.get(`${PUBLIC_URL}/api/auth/user`)).status).toBe(401);
        const another = behindProxy();
        const back = await signIn(another, PUBLIC_URL, person.email, person.password);
        expect(back.url).toBe(`${PUBLIC_URL}/`);
        expect((await another.get(`${PUBLIC_URL}/api/auth/user`)).json()).toMatchObject({
          email: person.email,
        });
      } finally {
        await server.close();
      }
    },
  );
});
