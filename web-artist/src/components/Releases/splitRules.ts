import { percentHundredths, type PayeeStatus } from '@riffline/contracts';

/** `YYYY-MM` of the month `offset` months after the one `now` is in (the artist's own calendar). */
export function monthFrom(now: Date, offset = 0): string {
  const d = new Date(now.getFullYear(), now.getMonth() + offset, 1);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}`;
}

/** "2026-11" → "Nov 2026"; any other text as it is. */
export function monthLabel(period: string): string {
  const m = /^(\d{4})-(\d{2})$/.exec(period);
  if (!m) return period;
  return new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, 1)).toLocaleDateString('en-US', {
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  });
}

/**
 * Where a new version starts unless the artist picks another month: next month, or the month after the
 * latest version when that one already starts next month or later (two versions never share a month).
 * A month already credited is refused by the server with the month it can start from instead.
 */
export function defaultEffectiveFrom(now: Date, latestVersionFrom: string | undefined): string {
  const next = monthFrom(now, 1);
  if (!latestVersionFrom || latestVersionFrom < next) return next;
  const [year, month] = latestVersionFrom.split('-').map(Number) as [number, number];
  return monthFrom(new Date(year, month - 1, 1), 1);
}

/** A percentage as typed, in hundredths (valid: above 0, at most 100, 2 decimals), or null. */
export function shareHundredths(text: string): bigint | null {
  const value = percentHundredths(text.trim());
  return value !== null && value > 0n && value <= 10_000n ? value : null;
}

/** Hundredths as the total reads: 9000n → "90.00". */
export const hundredthsText = (value: bigint) => `${value / 100n}.${String(value % 100n).padStart(2, '0')}`;

/** "30.00" → "30", "12.50" → "12.5": a stored percentage as the artist would type it. */
export const percentInput = (percent: string) =>
  percent.includes('.') ? percent.replace(/\.?0+$/, '') : percent;

/** What the artist reads for a payee's status. */
export const payeeStatusLabels: Record<PayeeStatus, string> = {
  owner: 'You',
  invited: 'Invited — share held',
  accepted: 'Accepted',
  withdrawn: 'Withdrawn',
};
