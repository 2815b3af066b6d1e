export * from './accounts.ts';
export * from './oidcPayloads.ts';
