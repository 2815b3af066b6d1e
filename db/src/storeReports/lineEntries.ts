/**
 * A block's entries as JSON bytes (lineBlocks.ts), the part that needs no database: also what the thread
 * that reads a store report writes a matched line's entry with (`@riffline/db/lineEntries`, without the
 * rest of this package).
 */

/** A line's amounts are kept to eight decimals (contracts' REVENUE_DECIMALS). */
export const AMOUNT_DECIMALS = 8;

/** A rate as the database prints numeric(12,6): "83.12" → "83.120000". */
export function sixPlaces(rate: string): string {
  const point = rate.indexOf('.');
  const decimals = point < 0 ? 0 : rate.length - point - 1;
  if (decimals >= 6) return rate;
  return `${point < 0 ? `${rate}.` : rate}${'0'.repeat(6 - decimals)}`;
}

/** Text that is its own JSON (letters, digits, spaces, dots and dashes: most of a line's values). */
const PLAIN = /^[\w .-]*$/;
const json = (value: string) => (PLAIN.test(value) ? `"${value}"` : JSON.stringify(value));

export const COMMA = 44;
export const OPEN = 91;
export const CLOSE = 93;
const QUOTE = 34;
const MINUS = 45;
const POINT = 46;
const ZERO = 48;
const NULL = Buffer.from('null');

/**
 * A block's JSON as UTF-8 bytes, written in place: no string per entry to be joined (and flattened) when
 * the block closes. The texts that repeat on line after line (months, days, stores, countries, codes,
 * rates) are encoded once each; numbers are written digit by digit.
 */
export class JsonBytes {
  private buf = Buffer.allocUnsafe(256 * 1024);
  private at = 0;
  /** Texts as JSON bytes, each encoded once (bounded: emptied when a report has very many). */
  private readonly encoded = new Map<string, Uint8Array>();

  get length() {
    return this.at;
  }

  /** The bytes written since the last `reset` (this object's memory: read them before writing more). */
  written(): Uint8Array {
    return this.buf.subarray(0, this.at);
  }

  /** The bytes written since the last `reset`, copied out. */
  copy(): Buffer<ArrayBuffer> {
    return Buffer.from(this.buf.subarray(0, this.at));
  }

  reset() {
    this.at = 0;
  }

  private room(bytes: number) {
    if (this.at + bytes <= this.buf.length) return;
    const larger = Buffer.allocUnsafe(Math.max(this.buf.length * 2, this.at + bytes));
    this.buf.copy(larger, 0, 0, this.at);
    this.buf = larger;
  }

  byte(code: number) {
    this.room(1);
    this.buf[this.at++] = code;
  }

  /** A whole number or null. */
  number(value: number | null) {
    if (value === null) this.bytes(NULL);
    else this.int(value);
  }

  /** A whole number of 0 or more, as digits (anything else through its text). */
  int(value: number) {
    if (!(Number.isSafeInteger(value) && value >= 0)) {
      this.bytes(Buffer.from(String(value)));
      return;
    }
    let digits = 1;
    for (let rest = value; rest >= 10; rest = Math.floor(rest / 10)) digits += 1;
    this.room(digits);
    let rest = value;
    for (let i = this.at + digits - 1; i >= this.at; i--) {
      this.buf[i] = 48 + (rest % 10);
      rest = Math.floor(rest / 10);
    }
    this.at += digits;
  }

  bytes(bytes: Uint8Array) {
    const count = bytes.length;
    this.room(count);
    const { buf, at } = this;
    if (count > 16) buf.set(bytes, at);
    else for (let i = 0; i < count; i++) buf[at + i] = bytes[i]!;
    this.at = at + count;
  }

  /** A text as a JSON string (null as null). */
  text(value: string | null) {
    this.bytes(this.encode(value));
  }

  /** Text written as it is, in UTF-8 (JSON already: seldom the same twice, so not kept). */
  utf8(value: string) {
    this.room(value.length * 3);
    this.at += this.buf.write(value, this.at, 'utf8');
  }

  /** A text's JSON bytes (null's for null), each text encoded once. */
  encode(value: string | null): Uint8Array {
    if (value === null) return NULL;
    let bytes = this.encoded.get(value);
    if (!bytes) {
      if (this.encoded.size >= 50_000) this.encoded.clear();
      bytes = Buffer.from(json(value));
      this.encoded.set(value, bytes);
    }
    return bytes;
  }

  /** An amount scaled by 10^decimals, as fromScaled writes it (every decimal), as a JSON string. */
  scaled(value: bigint | number, decimals: number) {
    const negative = value < 0;
    // A number is a safe integer (below 2^53: no exponent in its text).
    const digits =
      typeof value === 'number' ? String(Math.abs(value)) : (negative ? -value : value).toString();
    const whole = Math.max(digits.length - decimals, 0);
    this.room(digits.length + decimals + 5);
    const { buf } = this;
    let at = this.at;
    buf[at++] = QUOTE;
    if (negative) buf[at++] = MINUS;
    if (!whole) buf[at++] = ZERO;
    for (let i = 0; i < whole; i++) buf[at++] = digits.charCodeAt(i);
    if (decimals) {
      buf[at++] = POINT;
      for (let i = digits.length - whole; i < decimals; i++) buf[at++] = ZERO;
      for (let i = whole; i < digits.length; i++) buf[at++] = digits.charCodeAt(i);
    }
    buf[at++] = QUOTE;
    this.at = at;
  }

  /** A decimal text of digits, a point and a sign (an amount: one of its own on almost every line). */
  amount(value: string) {
    this.room(value.length + 2);
    const { buf } = this;
    const from = this.at;
    buf[from] = QUOTE;
    for (let i = 0; i < value.length; i++) {
      const code = value.charCodeAt(i);
      // Anything but digits, a point and a minus (not an amount after all) is written as any text is.
      if ((code < 48 || code > 57) && code !== 46 && code !== 45) return this.text(value);
      buf[from + 1 + i] = code;
    }
    buf[from + 1 + value.length] = QUOTE;
    this.at = from + value.length + 2;
  }
}

/**
 * A matched line's entry after its match (lineBlocks.ts): its texts already as JSON (JsonBytes.encode:
 * period, sale date, store, country, ISRC, UPC, sale type), its amounts scaled by 10^8 (a bigint or a safe
 * integer, written as fromScaled writes them) or their decimal text.
 */
export type MatchedTail =
  Parameters<typeof matchedEntryTail> extends [JsonBytes, ...infer Rest] ? Rest : never;

export function matchedEntryTail(
  out: JsonBytes,
  texts: readonly Uint8Array[],
  units: number,
  netRevenue: bigint | number | string,
  currency: Uint8Array,
  ratePerUsd: Uint8Array,
  revenueUsd: bigint | number | string,
  listeners: number | null,
): void {
  for (const text of texts) {
    out.byte(COMMA);
    out.bytes(text);
  }
  out.byte(COMMA);
  out.int(units);
  out.byte(COMMA);
  writeAmount(out, netRevenue);
  out.byte(COMMA);
  out.bytes(currency);
  out.byte(COMMA);
  out.bytes(ratePerUsd);
  out.byte(COMMA);
  writeAmount(out, revenueUsd);
  out.byte(COMMA);
  out.number(listeners);
}

/** An amount scaled by 10^8 (a bigint or a safe integer) or its decimal text. */
function writeAmount(out: JsonBytes, amount: bigint | number | string): void {
  if (typeof amount === 'string') out.amount(amount);
  else out.scaled(amount, AMOUNT_DECIMALS);
}
