export * from './allocation.ts';
export * from './queries.ts';
export * from './invites.ts';
export * from './expenses.ts';
export * from './payees.ts';
