import { findIdentityAccount, type Config, type Db } from '@riffline/db';
import Provider, { interactionPolicy, type Configuration, type KoaContextWithOIDC } from 'oidc-provider';
import { embeddedClientSecret, signingKeys } from '../session/secrets.ts';
import { postgresAdapter } from './adapter.ts';
import { errorPage, logoutPage, signedOutPage } from './views.ts';

const HOUR = 3600;

/** Whether the authorization request asked for the create-account form first (`prompt=create`). */
export const asksToCreateAccount = (params: Record<string, unknown>): boolean =>
  typeof params.prompt === 'string' && params.prompt.split(' ').includes('create');

/**
 * The default policy (login, then consent) plus `prompt=create` (OpenID Connect "Initiating User
 * Registration"), listed in discovery's `prompt_values_supported`. It asks for the login prompt even
 * when the browser is signed in at the provider, so that the interaction opens on the create-account form
 * (interactions.ts); the person can switch to sign in there. Once either form succeeds it is satisfied.
 */
function policy() {
  const { base, Check, Prompt } = interactionPolicy;
  const prompts = base();
  prompts
    .get('login')!
    .checks.add(
      new Check('create_requested', 'End-User asked to create an account', (ctx) =>
        asksToCreateAccount(ctx.oidc.params ?? {}) && !ctx.oidc.result?.login
          ? Check.REQUEST_PROMPT
          : Check.NO_NEED_TO_PROMPT,
      ),
      0,
    );
  // Requestable so that `create` is a prompt value the provider accepts; the login prompt above does the work.
  const create = new Prompt({ name: 'create', requestable: true });
  create.checks.clear();
  prompts.add(create);
  return prompts;
}

/**
 * The embedded OpenID Connect provider at /oidc (used when OIDC_ISSUER_URL is not set): email and password
 * accounts in Postgres, its grants and sessions in Postgres, one first-party client: our own API.
 */
export async function createIdentityProvider(
  config: Config,
  db: Db,
  cookieKeys: string[],
): Promise<Provider> {
  if (config.identity.mode !== 'embedded') throw new Error('the embedded identity provider is off');
  const { providerName, issuer, clientId } = config.identity;
  const secure = config.https;
  const clientSecret = await embeddedClientSecret(db);
  const interactions = policy();

  const configuration: Configuration = {
    adapter: postgresAdapter(db),
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        client_name: 'Riffline',
        redirect_uris: [`${config.publicUrl}/api/callback`],
        post_logout_redirect_uris: [`${config.publicUrl}/`],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
        // Every ID token says when the person signed in: the step-up for money reads it with `amr`.
        require_auth_time: true,
      },
    ],
    jwks: { keys: (await signingKeys(db)) as never },
    cookies: {
      keys: cookieKeys,
      long: { httpOnly: true, sameSite: 'lax', secure },
      short: { httpOnly: true, sameSite: 'lax', secure },
    },
    claims: {
      // `amr` (RFC 8176) in every ID token: ['pwd'], or ['pwd', 'otp'] after an authenticator app's code.
      openid: ['sub', 'amr'],
      email: ['email', 'email_verified'],
      profile: ['name', 'given_name', 'family_name', 'preferred_username'],
    },
    scopes: ['openid', 'email', 'profile'],
    pkce: { required: () => true },
    features: {
      devInteractions: { enabled: false },
      rpInitiatedLogout: {
        enabled: true,
        logoutSource: async (ctx, form) => {
          ctx.type = 'html';
          ctx.body = logoutPage(providerName, form);
        },
        postLogoutSuccessSource: async (ctx) => {
          ctx.type = 'html';
          ctx.body = signedOutPage(providerName);
        },
      },
    },
    // oidc-provider does not publish the prompts it takes; the relying party sends prompt=create only to an
    // issuer that lists it.
    discovery: { prompt_values_supported: ['none', ...interactions.map((prompt) => prompt.name)] },
    interactions: {
      policy: interactions,
      url: (_ctx, interaction) => `/oidc/interaction/${interaction.uid}`,
    },
    async findAccount(_ctx, sub) {
      const account = await findIdentityAccount(db, sub);
      if (!account) return undefined;
      return {
        accountId: account.id,
        async claims() {
          return {
            sub: account.id,
            email: account.email,
            email_verified: account.emailVerified,
            given_name: account.firstName,
            family_name: account.lastName,
            name: `${account.firstName} ${account.lastName}`,
            preferred_username: account.email,
          };
        },
      };
    },
    // Riffline is the provider's only client and a first party: the user is not asked to consent.
    async loadExistingGrant(ctx: KoaContextWithOIDC) {
      const { oidc } = ctx;
      const grantId = oidc.result?.consent?.grantId || oidc.session!.grantIdFor(oidc.client!.clientId);
      if (grantId) return oidc.provider.Grant.find(grantId);
      const grant = new oidc.provider.Grant({
        clientId: oidc.client!.clientId,
        accountId: oidc.session!.accountId,
      });
      grant.addOIDCScope('openid email profile');
      await grant.save();
      return grant;
    },
    async renderError(ctx, out) {
      ctx.type = 'html';
      ctx.body = errorPage(providerName, String(out.error_description ?? out.error ?? 'Sign-in failed'));
    },
    ttl: {
      Session: Math.round(config.session.maxAgeMs / 1000),
      Interaction: HOUR,
      Grant: Math.round(config.session.maxAgeMs / 1000),
      AccessToken: HOUR,
      IdToken: HOUR,
      AuthorizationCode: 60,
    },
  };

  const provider = new Provider(issuer, configuration);
  provider.proxy = config.trustProxyHops > 0;
  return provider;
}
