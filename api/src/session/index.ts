/**
 * The app's own session and what makes it: the cookie and its store (sessionStore, cookieKeys), the
 * generated secrets the cookie and the embedded provider sign with (secrets), the rate limiter sign-in and
 * the routes count against (rateLimiter), the relying party that signs in against an identity provider and
 * so produces the session (relyingParty), and the sweep of expired rows. The embedded identity provider
 * itself (accounts, interactions, pages, recovery, tokens) is in ../identityProvider/.
 */
import type Provider from 'oidc-provider';
import type { AppDeps } from '../context.ts';
import { createIdentityProvider } from '../identityProvider/provider.ts';
import { relyingParty, type RelyingParty } from './relyingParty.ts';
import { sessionKeys } from './secrets.ts';

export interface AuthServices {
  /** Signs cookies: koa-session's and the embedded provider's (they must be the same keys). */
  keys: string[];
  relyingParty: RelyingParty;
  /** The embedded identity provider, when OIDC_ISSUER_URL is not set. */
  identityProvider: Provider | null;
}

export async function createAuthServices(deps: AppDeps): Promise<AuthServices> {
  const { config, db } = deps;
  const keys = await sessionKeys(db, config.session.keys);
  const identityProvider =
    config.identity.mode === 'embedded' ? await createIdentityProvider(config, db, keys) : null;
  return { keys, relyingParty: relyingParty(config, db), identityProvider };
}
