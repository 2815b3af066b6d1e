import type { Server } from 'node:http';
import Provider from 'oidc-provider';
import { freePort } from '../../infra/lib/ports.ts';

export interface ExternalIssuer {
  issuer: string;
  clientId: string;
  clientSecret: string;
  stop(): Promise<void>;
}

/**
 * A separately started oidc-provider, standing in for an external identity provider (an organisation's
 * Keycloak, Auth0, Google…): its own port, its own keys and client registration, its development sign-in
 * pages (any login name becomes the subject).
 */
export async function startExternalIssuer(rp: { publicUrl: string }): Promise<ExternalIssuer> {
  const port = await freePort();
  const issuer = `http://127.0.0.1:${port}`;
  const clientId = 'riffline-at-external';
  const clientSecret = 'external-issuer-test-secret';
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [`${rp.publicUrl}/api/callback`],
        post_logout_redirect_uris: [`${rp.publicUrl}/`],
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    cookies: { keys: ['external-issuer-cookie-key-for-tests-only'] },
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['given_name', 'family_name', 'picture'],
    },
    features: { devInteractions: { enabled: true } },
    pkce: { required: () => true },
    async findAccount(_ctx, sub) {
      return {
        accountId: sub,
        async claims() {
          return {
            sub,
            email: `${sub}@external.test`,
            email_verified: true,
            given_name: 'Ext',
            family_name: 'Ernal',
            picture: 'https://images.external.test/avatar.png',
          };
        },
      };
    },
  });
  const server: Server = provider.listen(port, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  return {
    issuer,
    clientId,
    clientSecret,
    stop: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
