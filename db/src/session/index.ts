/** The app's session: its rows, the rate-limit windows, the generated secrets (api/src/session/). */
export * from './appSecrets.ts';
export * from './rateLimits.ts';
export * from './sessions.ts';
