export * from './fanLinks.ts';
export * from './queries.ts';
