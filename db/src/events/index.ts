export * from './append.ts';
export * from './notify.ts';
export * from './relay.ts';
export * from './positions.ts';
export * from './processed.ts';
export * from './deadLetters.ts';
export * from './stats.ts';
export * from './retention.ts';
