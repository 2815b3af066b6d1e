export * from './catalog.ts';
export * from './append.ts';
