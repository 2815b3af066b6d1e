/** A growth percentage as the API sends it (two decimals) and as a badge reads it: "12.50" → "+12.5%". */
export function formatGrowth(percentage: string): string {
  const value = Number(percentage);
  // At most two decimals, thousands grouped: what toLocaleString('en-US') gives, without Intl's start-up cost.
  const [whole, decimals] = String(Number(Math.abs(value).toFixed(2))).split('.');
  const figure = `${groupDigits(whole!)}${decimals ? `.${decimals}` : ''}%`;
  return value < 0 ? `-${figure}` : `+${figure}`;
}

/** A negative percentage: the badge turns red and points down. */
export const isDecline = (percentage: string) => Number(percentage) < 0;

/**
 * "12345" → "12,345": digits grouped in thousands as toLocaleString('en-US') groups them, without Intl
 * (its first use costs a phone tens of milliseconds while the dashboard's figures come in).
 */
export const groupDigits = (digits: string) => digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
