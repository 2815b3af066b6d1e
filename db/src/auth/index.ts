export * from './appSecrets.ts';
export * from './rateLimits.ts';
export * from './sessions.ts';
