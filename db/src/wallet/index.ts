export * from './ledger.ts';
export * from './recharges.ts';
