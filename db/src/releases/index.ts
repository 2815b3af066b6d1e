export * from './identifierCounters.ts';
export * from './queries.ts';
