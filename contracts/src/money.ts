import type { Currency } from './enums.ts';

/**
 * Money is exact: amounts travel as decimal strings with at most two decimals (the database's
 * decimal(10,2)) and are computed in integer minor units (bigint), never in binary floating point.
 */

/** SPEC §9: fixed rates per USD, as exact decimals. Amounts convert through USD. */
export const ratesPerUsd: Readonly<Record<Currency, string>> = {
  USD: '1',
  EUR: '0.92',
  GBP: '0.79',
  INR: '83.12',
  JPY: '149.5',
  CAD: '1.36',
  AUD: '1.52',
  CNY: '7.24',
  BRL: '4.97',
  MXN: '17.08',
};

export const currencySymbols: Readonly<Record<Currency, string>> = {
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

/** A decimal amount: optional minus, digits, at most two decimals ("12", "12.5", "-0.25"). */
export const DECIMAL_PATTERN = /^-?\d+(\.\d{1,2})?$/;

/** The largest amount a decimal(10,2) column holds. */
export const MAX_AMOUNT = '99999999.99';

/** "12.3" → 1230n. Throws a RangeError on anything that is not a decimal with at most two decimals. */
export function toMinor(amount: string | number): bigint {
  const text = typeof amount === 'number' ? numberText(amount) : amount.trim();
  if (!DECIMAL_PATTERN.test(text)) throw new RangeError(`Not a money amount: ${JSON.stringify(amount)}`);
  const negative = text.startsWith('-');
  const [whole = '0', fraction = ''] = (negative ? text.slice(1) : text).split('.');
  const minor = BigInt(whole) * 100n + BigInt(fraction.padEnd(2, '0'));
  return negative ? -minor : minor;
}

/** 1230n → "12.30". */
export function fromMinor(minor: bigint): string {
  const negative = minor < 0n;
  const abs = negative ? -minor : minor;
  const text = `${abs / 100n}.${(abs % 100n).toString().padStart(2, '0')}`;
  return negative ? `-${text}` : text;
}

/**
 * A decimal with any number of places rounded down to the cent (towards minus infinity): "0.29999999" →
 * "0.29". What a sum of ledger rows at 8 decimals shows: rounding never creates money.
 */
export function floorToCents(amount: string | number): string {
  const text = typeof amount === 'number' ? numberText(amount) : amount.trim();
  const match = /^(-?)(\d+)(?:\.(\d*))?$/.exec(text);
  if (!match) throw new RangeError(`Not a decimal amount: ${JSON.stringify(amount)}`);
  const [, sign, whole = '0', fraction = ''] = match;
  const magnitude = BigInt(whole) * 100n + BigInt(fraction.slice(0, 2).padEnd(2, '0'));
  const beyond = /[1-9]/.test(fraction.slice(2));
  return fromMinor(sign ? -magnitude - (beyond ? 1n : 0n) : magnitude);
}

/** Normalises a decimal to two places: "12.5" → "12.50". */
export const normalizeAmount = (amount: string | number): string => fromMinor(toMinor(amount));

export const addAmounts = (...amounts: Array<string | number>): string =>
  fromMinor(amounts.reduce<bigint>((sum, a) => sum + toMinor(a), 0n));

export const subtractAmounts = (a: string | number, b: string | number): string =>
  fromMinor(toMinor(a) - toMinor(b));

/** -1, 0 or 1, as a comparator. */
export function compareAmounts(a: string | number, b: string | number): -1 | 0 | 1 {
  const x = toMinor(a);
  const y = toMinor(b);
  return x < y ? -1 : x > y ? 1 : 0;
}

/** Whether `amount` is a decimal(10,2) value: at most two decimals and within the column's range. */
export function isAmount(amount: string): boolean {
  if (!DECIMAL_PATTERN.test(amount.trim())) return false;
  const minor = toMinor(amount);
  const max = toMinor(MAX_AMOUNT);
  return minor <= max && minor >= -max;
}

/** A rate as an integer scaled by 10^RATE_DECIMALS, so conversion stays in integers. */
const RATE_DECIMALS = 6;
const scaledRates = new Map<Currency, bigint>();
function scaledRate(currency: Currency): bigint {
  let rate = scaledRates.get(currency);
  if (rate === undefined) {
    const [whole = '0', fraction = ''] = ratesPerUsd[currency].split('.');
    rate = BigInt(whole) * 10n ** BigInt(RATE_DECIMALS) + BigInt(fraction.padEnd(RATE_DECIMALS, '0'));
    scaledRates.set(currency, rate);
  }
  return rate;
}

/** Integer division rounding half away from zero. */
export function divideRounded(numerator: bigint, denominator: bigint): bigint {
  const negative = numerator < 0n !== denominator < 0n;
  const n = numerator < 0n ? -numerator : numerator;
  const d = denominator < 0n ? -denominator : denominator;
  const q = (n * 2n + d) / (2n * d);
  return negative ? -q : q;
}

/**
 * Converts through USD at SPEC §9's fixed rates, rounding once, half away from zero, to two decimals:
 * convertAmount("10.00", "USD", "INR") → "831.20".
 */
export function convertAmount(amount: string | number, from: Currency, to: Currency): string {
  if (from === to) return normalizeAmount(amount);
  return fromMinor(divideRounded(toMinor(amount) * scaledRate(to), scaledRate(from)));
}

/** 10^n as numbers (exact). */
const NUMBER_POWERS = Array.from({ length: 19 }, (_, n) => 10 ** n);

/**
 * An amount × 10^decimals as a number, without a BigInt, where that is exact: read character by character
 * without a pattern or pieces of text, an optional minus, at most 15 digits in all, a point followed by 1
 * to `decimals` digits, and a scaled value that is a safe integer (below 2^53). Null for anything else,
 * which toScaled reads the long way (or refuses). A store report's import reads one on every line.
 */
export function scaledNumber(text: string, decimals: number): number | null {
  const length = text.length;
  const negative = length > 0 && text.charCodeAt(0) === 45;
  let at = negative ? 1 : 0;
  let value = 0;
  let digits = 0;
  let places = -1; // digits after the point, -1 while there is none
  for (; at < length; at++) {
    const code = text.charCodeAt(at);
    if (code >= 48 && code <= 57) {
      value = value * 10 + (code - 48);
      digits += 1;
      if (places >= 0) places += 1;
    } else if (code === 46 && places < 0 && digits > 0) places = 0;
    else return null;
  }
  if (digits === 0 || digits > 15 || places === 0 || places > decimals) return null;
  const power = decimals - Math.max(places, 0);
  // Both factors are exact integers: a product up to 2^53 - 1 is exact too, and a larger one is refused.
  const scaled = value * (NUMBER_POWERS[power] ?? 10 ** power);
  if (!(scaled <= Number.MAX_SAFE_INTEGER)) return null;
  return negative ? -scaled : scaled;
}

/** toScaled's pattern per number of decimals, built once. */
const scaledPatterns = new Map<number, RegExp>();

/**
 * Amounts finer than a cent (a store report's revenue per line) as integers scaled by 10^decimals:
 * toScaled("0.0031", 8) → 310000n. Throws a RangeError on anything that is not a plain decimal with at most
 * `decimals` places.
 */
export function toScaled(amount: string, decimals: number): bigint {
  const value = readScaled(amount, decimals);
  if (value === null) {
    throw new RangeError(`Not an amount with at most ${decimals} decimals: ${JSON.stringify(amount)}`);
  }
  return value;
}

/** toScaled without the throw: null for anything that is not such an amount (no error to build). */
export function readScaled(amount: string, decimals: number): bigint | null {
  const quick = scaledNumber(amount, decimals);
  if (quick !== null) return BigInt(quick);
  const text = amount.trim();
  let pattern = scaledPatterns.get(decimals);
  if (!pattern) scaledPatterns.set(decimals, (pattern = new RegExp(`^-?\\d+(\\.\\d{1,${decimals}})?$`)));
  if (!pattern.test(text)) return null;
  // The digits with the point taken out and the fraction padded to `decimals` places, read as one integer.
  const negative = text.startsWith('-');
  const start = negative ? 1 : 0;
  const point = text.indexOf('.');
  const digits =
    point < 0
      ? text.slice(start) + '0'.repeat(decimals)
      : text.slice(start, point) + text.slice(point + 1).padEnd(decimals, '0');
  const value = BigInt(digits);
  return negative ? -value : value;
}

/** 310000n, 8 → "0.00310000": every one of the `decimals` places. */
export function fromScaled(value: bigint, decimals: number): string {
  // One conversion to digits, then the point placed in the text (a store report's import does this for
  // every line: BigInt division and remainder cost more than the text).
  const negative = value < 0n;
  const digits = (negative ? -value : value).toString().padStart(decimals + 1, '0');
  const whole = digits.slice(0, digits.length - decimals);
  return `${negative ? '-' : ''}${decimals ? `${whole}.${digits.slice(-decimals)}` : whole}`;
}

/** A scaled amount at fewer (rounded half away from zero) or more decimals: rescale(12345n, 4, 2) → 123n. */
export function rescale(value: bigint, from: number, to: number): bigint {
  if (to >= from) return value * 10n ** BigInt(to - from);
  return divideRounded(value, 10n ** BigInt(from - to));
}

/**
 * convertAmount for scaled amounts: through USD at SPEC §9's rates, rounded once, half away from zero,
 * at the same number of decimals.
 */
export function convertScaled(value: bigint, from: Currency, to: Currency): bigint {
  if (from === to) return value;
  return divideRounded(value * scaledRate(to), scaledRate(from));
}

/** The two rates of a conversion as numbers, their common factor taken out (smaller products, same quotient). */
const numberRates = new Map<Currency, Map<Currency, [to: number, from: number]>>();
function numberRatesOf(from: Currency, to: Currency): [to: number, from: number] {
  let fromRates = numberRates.get(from);
  if (!fromRates) numberRates.set(from, (fromRates = new Map()));
  let rates = fromRates.get(to);
  if (!rates) {
    let [a, b] = [scaledRate(to), scaledRate(from)];
    for (let [x, y] = [a, b]; ;) {
      if (y === 0n) {
        [a, b] = [a / x, b / x];
        break;
      }
      [x, y] = [y, x % y];
    }
    fromRates.set(to, (rates = [Number(a), Number(b)]));
  }
  return rates;
}

/**
 * convertScaled for an amount that is a safe integer, in numbers (no BigInt): the same result where every
 * step is exact, null where one might not be (then convertScaled answers).
 */
export function convertScaledNumber(value: number, from: Currency, to: Currency): number | null {
  if (from === to) return value;
  const [toRate, fromRate] = numberRatesOf(from, to);
  const denominator = 2 * fromRate;
  // divideRounded's (2n + d) / 2d, its operands exact below 2^52 (the product below is then exact too).
  const numerator = 2 * Math.abs(value) * toRate + fromRate;
  if (!(numerator < 2 ** 52)) return null;
  let quotient = Math.floor(numerator / denominator);
  // The division is rounded: one off at most, which the remainder shows.
  const remainder = numerator - quotient * denominator;
  if (remainder < 0) quotient -= 1;
  else if (remainder >= denominator) quotient += 1;
  return value < 0 ? -quotient : quotient;
}

/** "1234567.5" → "1,234,567.50". */
function groupThousands(amount: string): string {
  const text = normalizeAmount(amount);
  const negative = text.startsWith('-');
  const [whole = '0', fraction = '00'] = (negative ? text.slice(1) : text).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${negative ? '-' : ''}${grouped}.${fraction}`;
}

/** `$1,234.50`, `-₹12.00`: the symbol and two decimals (SPEC §9). Not an amount shows as zero. */
export function formatMoney(amount: string | number | null | undefined, currency: Currency = 'USD'): string {
  const grouped = groupThousands(safeAmount(amount));
  const negative = grouped.startsWith('-');
  return `${negative ? '-' : ''}${currencySymbols[currency]}${negative ? grouped.slice(1) : grouped}`;
}

/** Coins with two decimals, "0.00" when missing (SPEC §9): "1,234.50". */
export const formatCoins = (coins: string | number | null | undefined): string =>
  groupThousands(safeAmount(coins));

function safeAmount(amount: string | number | null | undefined): string {
  if (amount === null || amount === undefined) return '0';
  const text = typeof amount === 'number' ? numberText(amount) : amount.trim();
  return DECIMAL_PATTERN.test(text) ? text : '0';
}

/** A number's shortest decimal text, if it is one with at most two decimals ("NaN" otherwise). */
function numberText(value: number): string {
  if (!Number.isFinite(value)) return 'NaN';
  const text = String(value);
  return /e/i.test(text) ? 'NaN' : text;
}
