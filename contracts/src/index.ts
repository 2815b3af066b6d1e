/**
 * @riffline/contracts: the one vocabulary of the API, the workers, the database package and both web apps.
 * It imports nothing of ours (`make lint` enforces it).
 */
export * from './enums.ts';
export * from './common.ts';
export * from './csv.ts';
export * from './money.ts';
export * from './events.ts';
export * from './auth.ts';
export * from './secondFactor.ts';
export * from './users.ts';
export * from './applications.ts';
export * from './supportTickets.ts';
export * from './contactMessages.ts';
export * from './newsletterSubscriptions.ts';
export * from './help.ts';
export * from './admin.ts';
export * from './wallet.ts';
export * from './paymentMethods.ts';
export * from './withdrawalRequests.ts';
export * from './identifiers.ts';
export * from './releases.ts';
export * from './exports.ts';
export * from './storeReports.ts';
export * from './splits.ts';
export * from './expenses.ts';
export * from './payees.ts';
export * from './statements.ts';
export * from './analytics.ts';
export * from './dashboard.ts';
export * from './notifications.ts';
export * from './artistApp.ts';
export * from './delivery.ts';
export * from './smartlinks.ts';
