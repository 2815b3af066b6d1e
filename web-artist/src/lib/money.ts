/** SPEC §9: fixed rates per USD; amounts convert through USD and show the symbol and 2 decimals. */
export const ratesPerUsd = {
  USD: 1,
  EUR: 0.92,
  GBP: 0.79,
  INR: 83.12,
  JPY: 149.5,
  CAD: 1.36,
  AUD: 1.52,
  CNY: 7.24,
  BRL: 4.97,
  MXN: 17.08,
} as const;

export type Currency = keyof typeof ratesPerUsd;

export const currencySymbols: Record<Currency, string> = {
  USD: '$',
  EUR: '€',
  GBP: '£',
  INR: '₹',
  JPY: '¥',
  CAD: 'C$',
  AUD: 'A$',
  CNY: 'CN¥',
  BRL: 'R$',
  MXN: 'MX$',
};

/** Converts an amount from one currency to another through USD. */
export function convert(amount: number, from: Currency, to: Currency): number {
  return (amount / ratesPerUsd[from]) * ratesPerUsd[to];
}

/** `$1,234.50`: the symbol and two decimals. */
export function formatMoney(amount: number | string, currency: Currency = 'USD'): string {
  const value = typeof amount === 'string' ? Number(amount) : amount;
  const safe = Number.isFinite(value) ? value : 0;
  const formatted = safe.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  return `${safe < 0 ? '-' : ''}${currencySymbols[currency]}${formatted.replace('-', '')}`;
}

/** Coins with two decimals, 0.00 when missing (SPEC §9). */
export const formatCoins = (coins: string | number | null | undefined) =>
  (Number(coins ?? 0) || 0).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
