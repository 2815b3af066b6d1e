export * from './append.ts';
export * from './relay.ts';
export * from './positions.ts';
export * from './processed.ts';
