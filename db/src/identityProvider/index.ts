/** The embedded identity provider's store: accounts, payloads, emailed tokens, second factors (api/src/identityProvider/). */
export * from './accounts.ts';
export * from './oidcPayloads.ts';
export * from './tokens.ts';
export * from './secondFactor.ts';
