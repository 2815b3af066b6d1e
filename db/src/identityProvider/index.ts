/** The embedded identity provider's store: accounts, payloads, emailed tokens (api/src/identityProvider/). */
export * from './accounts.ts';
export * from './oidcPayloads.ts';
export * from './tokens.ts';
