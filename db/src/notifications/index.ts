export * from './settings.ts';
export * from './royaltyCredits.ts';
