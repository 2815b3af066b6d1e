import http from 'node:http';
import type { LoginScreen } from '@riffline/contracts';
import type { Config, Db } from '@riffline/db';
import * as oidc from 'openid-client';
import { embeddedClientSecret } from './secrets.ts';

export interface PendingSignIn {
  state: string;
  nonce: string;
  codeVerifier: string;
  returnTo: string;
}

export interface SignInClaims {
  sub: string;
  email: string | null;
  /** The issuer vouches that the person owns `email` (its `email_verified` claim). */
  emailVerified: boolean;
  firstName: string | null;
  lastName: string | null;
  picture: string | null;
  username: string | null;
  idToken: string | null;
  /** How the person signed in, from the ID token: `amr` (RFC 8176) and `auth_time` (seconds). */
  amr: string[];
  authTime: number | null;
}

export interface StartOptions {
  screen?: LoginScreen;
  /**
   * A step-up: the issuer must authenticate the person again, password and second factor, whatever
   * session it remembers (`prompt=login` and `max_age=0`).
   */
  stepUp?: boolean;
}

export interface RelyingParty {
  providerName: string;
  /**
   * The issuer's authorization URL and what the callback must check. `signup` asks for the create-account
   * form first with `prompt=create` (OpenID Connect "Initiating User Registration"), sent only to an issuer
   * that lists `create` in its `prompt_values_supported`: another one could refuse the request.
   */
  start(returnTo: string, options?: StartOptions): Promise<{ url: string; pending: PendingSignIn }>;
  /** Exchanges the code (PKCE, state and nonce checked) and reads the user's claims from userinfo. */
  finish(callbackUrl: URL, pending: PendingSignIn): Promise<SignInClaims>;
  /** Where to end the issuer's session, when it supports RP-initiated logout. */
  endSessionUrl(idToken: string | null): Promise<string | null>;
}

/** Some issuers send `email_verified` as the string "true". */
const isTrue = (value: unknown) => value === true || value === 'true';
const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : null);

/** The OpenID Connect relying party (openid-client): the same code for the embedded and external issuers. */
export function relyingParty(config: Config, db: Db): RelyingParty {
  const { identity } = config;
  const redirectUri = `${config.publicUrl}/api/callback`;
  let discovered: Promise<oidc.Configuration> | undefined;

  async function discover(): Promise<oidc.Configuration> {
    const secret = identity.mode === 'embedded' ? await embeddedClientSecret(db) : identity.clientSecret;
    const issuer = new URL(identity.issuer);
    const local = identity.mode === 'embedded' ? throughOwnListener(config) : undefined;
    return oidc.discovery(
      issuer,
      identity.clientId,
      undefined,
      secret ? oidc.ClientSecretBasic(secret) : oidc.None(),
      {
        timeout: 10,
        // Plain http is for issuers on this machine (development, tests); production issuers use https.
        ...(issuer.protocol === 'http:' ? { execute: [oidc.allowInsecureRequests] } : {}),
        ...(local ? { [oidc.customFetch]: local } : {}),
      },
    );
  }

  function configuration(): Promise<oidc.Configuration> {
    discovered ??= discover().catch((error: unknown) => {
      discovered = undefined; // try again on the next sign-in
      throw error;
    });
    return discovered;
  }

  return {
    providerName: identity.providerName,
    async start(returnTo, { screen = 'signin', stepUp = false } = {}) {
      const cfg = await configuration();
      const prompts = cfg.serverMetadata().prompt_values_supported;
      const create = screen === 'signup' && Array.isArray(prompts) && prompts.includes('create');
      const pending: PendingSignIn = {
        state: oidc.randomState(),
        nonce: oidc.randomNonce(),
        codeVerifier: oidc.randomPKCECodeVerifier(),
        returnTo,
      };
      const url = oidc.buildAuthorizationUrl(cfg, {
        redirect_uri: redirectUri,
        scope: 'openid email profile',
        code_challenge: await oidc.calculatePKCECodeChallenge(pending.codeVerifier),
        code_challenge_method: 'S256',
        state: pending.state,
        nonce: pending.nonce,
        ...(create && !stepUp ? { prompt: 'create' } : {}),
        ...(stepUp ? { prompt: 'login', max_age: '0' } : {}),
      });
      return { url: url.href, pending };
    },
    async finish(callbackUrl, pending) {
      const cfg = await configuration();
      const tokens = await oidc.authorizationCodeGrant(cfg, callbackUrl, {
        pkceCodeVerifier: pending.codeVerifier,
        expectedState: pending.state,
        expectedNonce: pending.nonce,
        idTokenExpected: true,
      });
      const idClaims = tokens.claims()!;
      const sub = idClaims.sub;
      const info = await oidc.fetchUserInfo(cfg, tokens.access_token, sub);
      return {
        sub,
        email: text(info.email)?.toLowerCase() ?? null,
        emailVerified: isTrue(info.email_verified),
        firstName: text(info.given_name),
        lastName: text(info.family_name),
        picture: text(info.picture),
        username: text(info.preferred_username) ?? text(info.nickname),
        idToken: tokens.id_token ?? null,
        amr: Array.isArray(idClaims.amr)
          ? idClaims.amr.filter((m): m is string => typeof m === 'string')
          : [],
        authTime: typeof idClaims.auth_time === 'number' ? idClaims.auth_time : null,
      };
    },
    async endSessionUrl(idToken) {
      const cfg = await configuration().catch(() => undefined);
      if (!cfg?.serverMetadata().end_session_endpoint) return null;
      const params: Record<string, string> = {
        post_logout_redirect_uri: `${config.publicUrl}/`,
        client_id: identity.clientId,
      };
      if (idToken) params.id_token_hint = idToken;
      return oidc.buildEndSessionUrl(cfg, params).href;
    },
  };
}

/**
 * The embedded issuer is this API, named by its public address (`${PUBLIC_URL}/oidc`), which need not be
 * reachable from where the API runs: behind a TLS-terminating proxy, inside a container, https://<public
 * host> is nobody. So the relying party's requests to the public origin go to the API's own listener
 * (HOST, PORT) over plain http, carrying the public host and scheme as the proxy would (Host,
 * X-Forwarded-Host, X-Forwarded-Proto): the issuer sees the request as the public one and answers with the
 * public endpoints. node:http rather than fetch, which does not let a request name its Host. With PORT=0
 * the port is not known beforehand, and the requests go out to the public address.
 */
export function throughOwnListener(config: Config): oidc.CustomFetch | undefined {
  if (!config.port) return undefined;
  const publicOrigin = new URL(config.publicUrl).origin;
  const wildcard = { '0.0.0.0': '127.0.0.1', '::': '::1', '': '127.0.0.1' } as Record<string, string>;
  const host = wildcard[config.host] ?? config.host;
  return async (url, options) => {
    const target = new URL(url);
    if (target.origin !== publicOrigin) return fetch(url, options as RequestInit);
    const body =
      options.body === undefined || options.body === null
        ? undefined
        : Buffer.from(await new Response(options.body as BodyInit).arrayBuffer());
    return new Promise<Response>((resolve, reject) => {
      const request = http.request(
        {
          host,
          port: config.port,
          method: options.method,
          path: `${target.pathname}${target.search}`,
          headers: {
            ...options.headers,
            host: target.host,
            'x-forwarded-host': target.host,
            'x-forwarded-proto': target.protocol.slice(0, -1),
            ...(body ? { 'content-length': String(body.length) } : {}),
          },
          signal: options.signal,
        },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('error', reject);
          response.on('end', () => {
            const headers = new Headers();
            for (const [name, value] of Object.entries(response.headers)) {
              for (const one of [value ?? []].flat()) headers.append(name, one);
            }
            const status = response.statusCode ?? 502;
            const empty = status === 204 || status === 304;
            resolve(new Response(empty ? null : Buffer.concat(chunks), { status, headers }));
          });
        },
      );
      request.on('error', reject);
      request.end(body);
    });
  };
}
