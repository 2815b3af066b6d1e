import type Provider from 'oidc-provider';
import type { AppDeps } from '../context.ts';
import { createIdentityProvider } from '../identity/provider.ts';
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
