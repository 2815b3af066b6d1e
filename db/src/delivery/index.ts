export * from './credentials.ts';
export * from './queries.ts';
