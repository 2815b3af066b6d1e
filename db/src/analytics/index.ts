export * from './queries.ts';
export * from './admin.ts';
