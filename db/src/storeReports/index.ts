export * from './bulk.ts';
export * from './imports.ts';
export * from './lineBlocks.ts';
export * from './queries.ts';
