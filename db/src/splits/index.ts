export * from './allocation.ts';
export * from './queries.ts';
