export * from './bulk.ts';
export * from './imports.ts';
export * from './queries.ts';
