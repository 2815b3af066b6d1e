import { formatMoney, type AdminRoyaltyResponse } from '@riffline/contracts';

/** The ledger amount in its own currency: '$12.50'. */
export const royaltyAmount = (r: AdminRoyaltyResponse) => formatMoney(r.amount, r.currency);

/** '2026-10' → 'October 2026' (the sale month the amount is for). */
export const periodLabel = (period: string) => {
  const match = /^(\d{4})-(\d{2})$/.exec(period);
  if (!match) return period;
  return new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, 1)).toLocaleDateString('en-US', {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
};
