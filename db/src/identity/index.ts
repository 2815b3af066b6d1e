export * from './accounts.ts';
export * from './oidcPayloads.ts';
export * from './tokens.ts';
