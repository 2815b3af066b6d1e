import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Currency } from './enums.ts';
import {
  addAmounts,
  compareAmounts,
  convertAmount,
  convertScaled,
  convertScaledNumber,
  floorToCents,
  formatCoins,
  formatMoney,
  fromMinor,
  fromScaled,
  isAmount,
  normalizeAmount,
  ratesPerUsd,
  rescale,
  scaledNumber,
  subtractAmounts,
  toMinor,
  toScaled,
} from './money.ts';

describe('money', () => {
  it('parses and prints decimal amounts exactly, in minor units', () => {
    expect(toMinor('12.3')).toBe(1230n);
    expect(toMinor('-0.05')).toBe(-5n);
    expect(toMinor(7)).toBe(700n);
    expect(fromMinor(1230n)).toBe('12.30');
    expect(fromMinor(-5n)).toBe('-0.05');
    expect(normalizeAmount('99999999.99')).toBe('99999999.99');
    for (const bad of ['', '1.234', 'abc', '1e3', '.5', '1,000.00', ' ']) {
      expect(() => toMinor(bad), bad).toThrow(RangeError);
    }
    expect(() => toMinor(0.1 + 0.2)).toThrow(RangeError);
  });

  it('adds where binary floating point would drift', () => {
    expect(0.1 + 0.2).not.toBe(0.3);
    expect(addAmounts('0.10', '0.20')).toBe('0.30');
    expect(addAmounts(...Array.from({ length: 1000 }, () => '0.01'))).toBe('10.00');
    expect(subtractAmounts('100.00', '20.01')).toBe('79.99');
    expect(compareAmounts('20', '19.99')).toBe(1);
    expect(compareAmounts('20.00', '20')).toBe(0);
    expect(compareAmounts('-1', '0')).toBe(-1);
  });

  it('knows the decimal(10,2) range', () => {
    expect(isAmount('99999999.99')).toBe(true);
    expect(isAmount('100000000.00')).toBe(false);
    expect(isAmount('1.001')).toBe(false);
  });

  it('converts through USD at the fixed rates, rounding half away from zero once', () => {
    expect(convertAmount('10.00', 'USD', 'INR')).toBe('831.20');
    expect(convertAmount('831.20', 'INR', 'USD')).toBe('10.00');
    expect(convertAmount('20', 'USD', 'JPY')).toBe('2990.00');
    // 1 EUR = 1 / 0.92 USD = 1.0869565… USD → 1.09
    expect(convertAmount('1', 'EUR', 'USD')).toBe('1.09');
    // 0.01 GBP → 0.01 * 1.36 / 0.79 CAD = 0.01721… → 0.02
    expect(convertAmount('0.01', 'GBP', 'CAD')).toBe('0.02');
    expect(convertAmount('-1', 'EUR', 'USD')).toBe('-1.09');
    expect(convertAmount('12.5', 'MXN', 'MXN')).toBe('12.50');
  });

  it('formats with the symbol, thousands separators and two decimals', () => {
    expect(formatMoney('1234.5', 'USD')).toBe('$1,234.50');
    expect(formatMoney('1234567.891'.slice(0, 10), 'INR')).toBe('₹1,234,567.89');
    expect(formatMoney('-12', 'GBP')).toBe('-£12.00');
    expect(formatMoney('0', 'BRL')).toBe('R$0.00');
    expect(formatMoney(null, 'EUR')).toBe('€0.00');
    expect(formatCoins(undefined)).toBe('0.00');
    expect(formatCoins('not a number')).toBe('0.00');
    expect(formatCoins('120.5')).toBe('120.50');
    expect(formatCoins('100000')).toBe('100,000.00');
  });
});

describe('conversions at the SPEC §9 rates, for amounts from 0.01 to 1,000,000', () => {
  const codes = Object.keys(ratesPerUsd) as Currency[];
  it('round-trip within the rounding of each leg (a cent, plus half a cent of the other currency)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 100_000_000 }),
        fc.constantFrom(...codes),
        fc.constantFrom(...codes),
        (cents, from, to) => {
          const amount = fromMinor(BigInt(cents));
          const back = convertAmount(convertAmount(amount, from, to), to, from);
          const error = Math.abs(Number(toMinor(back) - toMinor(amount)));
          // Each leg rounds to a cent: the way there loses at most half a cent of `to`, worth
          // rate(from)/rate(to) of that in `from`; the way back at most half a cent of `from`.
          const bound = 0.5 * (Number(ratesPerUsd[from]) / Number(ratesPerUsd[to])) + 0.5;
          return error <= Math.ceil(bound);
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('is exact where the rates allow: through USD and back for USD amounts', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 100_000_000 }), fc.constantFrom(...codes), (cents, to) => {
        const amount = fromMinor(BigInt(cents));
        const there = convertAmount(amount, 'USD', to);
        return Math.abs(Number(toMinor(convertAmount(there, to, 'USD')) - toMinor(amount))) <= 1;
      }),
      { numRuns: 2000 },
    );
  });
});

describe('amounts finer than a cent (store report revenue)', () => {
  it('parses and prints them exactly at a given scale', () => {
    expect(toScaled('0.0031', 8)).toBe(310000n);
    expect(toScaled('-12', 8)).toBe(-1200000000n);
    expect(fromScaled(310000n, 8)).toBe('0.00310000');
    expect(fromScaled(-1200000000n, 8)).toBe('-12.00000000');
    expect(fromScaled(1230n, 2)).toBe('12.30');
    expect(fromScaled(0n, 8)).toBe('0.00000000');
    expect(fromScaled(-1n, 8)).toBe('-0.00000001');
    expect(fromScaled(-7n, 0)).toBe('-7');
    fc.assert(
      fc.property(
        fc.bigInt({ min: -(10n ** 20n), max: 10n ** 20n }),
        fc.integer({ min: 0, max: 12 }),
        (v, d) => {
          const unit = 10n ** BigInt(d);
          const abs = v < 0n ? -v : v;
          const fraction = d ? `.${(abs % unit).toString().padStart(d, '0')}` : '';
          expect(fromScaled(v, d)).toBe(`${v < 0n ? '-' : ''}${abs / unit}${fraction}`);
          expect(toScaled(fromScaled(v, 8), 8)).toBe(v);
        },
      ),
    );
    for (const bad of ['', '1.123456789', '1e-3', '.5', '1,5']) {
      expect(() => toScaled(bad, 8), bad).toThrow(RangeError);
    }
  });

  it('reads short amounts (the quick way) exactly as long ones: every place, sign, point and space', () => {
    const text = fc
      .tuple(
        fc.constantFrom('', '-', '+', ' '),
        fc.stringMatching(/^\d{0,17}$/),
        fc.constantFrom('', '.'),
        fc.stringMatching(/^\d{0,10}$/),
        fc.constantFrom('', ' ', 'x'),
      )
      .map((parts) => parts.join(''));
    fc.assert(
      fc.property(text, (amount) => {
        const match = /^(-?)(\d+)(?:\.(\d{1,8}))?$/.exec(amount.trim());
        if (!match) {
          expect(() => toScaled(amount, 8), amount).toThrow(RangeError);
          return;
        }
        const value = BigInt(match[2]! + (match[3] ?? '').padEnd(8, '0'));
        expect(toScaled(amount, 8), amount).toBe(match[1] ? -value : value);
      }),
      { numRuns: 5000 },
    );
  });

  it('reads a plain amount as a number only where that is exact: otherwise null, left to toScaled', () => {
    const text = fc
      .tuple(
        fc.constantFrom('', '-', ' '),
        fc.stringMatching(/^\d{0,17}$/),
        fc.constantFrom('', '.'),
        fc.stringMatching(/^\d{0,10}$/),
      )
      .map((parts) => parts.join(''));
    fc.assert(
      fc.property(text, fc.integer({ min: 0, max: 12 }), (amount, decimals) => {
        const quick = scaledNumber(amount, decimals);
        const exact = (() => {
          try {
            return toScaled(amount, decimals);
          } catch {
            return null;
          }
        })();
        if (exact === null) expect(quick, amount).toBeNull();
        else if (quick !== null) {
          expect(Number.isSafeInteger(quick), amount).toBe(true);
          expect(BigInt(quick), amount).toBe(exact);
        }
      }),
      { numRuns: 5000 },
    );
    expect(scaledNumber('12.34567890', 8)).toBe(1_234_567_890);
    expect(scaledNumber('-0.00000001', 8)).toBe(-1);
    // 15 digits, then × 10: just under 2^53 - 1, and just over it.
    expect(scaledNumber('900719925474099', 1)).toBe(9_007_199_254_740_990);
    expect(scaledNumber('900719925474100', 1)).toBeNull();
    expect(scaledNumber('1234567890123456', 0)).toBeNull(); // 16 digits
    for (const other of ['', ' 1', '1.', '.5', '1e3', '--1', '1.123456789']) {
      expect(scaledNumber(other, 8), other).toBeNull();
    }
  });

  it('rounds half away from zero when it drops decimals', () => {
    expect(rescale(12345n, 4, 2)).toBe(123n);
    expect(rescale(12350n, 4, 2)).toBe(124n);
    expect(rescale(-12350n, 4, 2)).toBe(-124n);
    expect(rescale(123n, 2, 4)).toBe(12300n);
  });

  it('converts through USD at the SPEC rates, rounding once at the same scale', () => {
    // 100 INR / 83.12 = 1.20307988… USD
    expect(fromScaled(convertScaled(toScaled('100', 8), 'INR', 'USD'), 8)).toBe('1.20307988');
    // 1 JPY / 149.5 = 0.006688963… USD
    expect(fromScaled(convertScaled(toScaled('1', 8), 'JPY', 'USD'), 8)).toBe('0.00668896');
    expect(convertScaled(5n, 'EUR', 'EUR')).toBe(5n);
    // The same as convertAmount at two decimals.
    expect(fromScaled(convertScaled(toScaled('10.00', 2), 'USD', 'INR'), 2)).toBe(
      convertAmount('10.00', 'USD', 'INR'),
    );
  });

  it('converts safe integers in numbers as convertScaled does, or answers null', () => {
    const codes = Object.keys(ratesPerUsd) as Currency[];
    let seed = 7;
    const next = () => (seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648) / 2_147_483_648;
    const values = [0, 1, -1, 5, 50, 2_000_000_000, -2_000_000_000, 2 ** 40, 2 ** 45, -(2 ** 47)];
    for (let i = 0; i < 20_000; i++) {
      const value = Math.floor((next() - 0.5) * 10 ** Math.floor(next() * 16));
      values.push(value === 0 ? 0 : value);
    }
    let answered = 0;
    for (const value of values)
      for (const from of codes)
        for (const to of codes) {
          const quick = convertScaledNumber(value, from, to);
          if (quick === null) continue;
          answered += 1;
          expect(BigInt(quick), `${value} ${from} → ${to}`).toBe(convertScaled(BigInt(value), from, to));
        }
    // Amounts of a store report's lines (up to millions of the currency at 10^8) are answered.
    expect(convertScaledNumber(2_000_000_000_000_000 / 1000, 'INR', 'USD')).not.toBeNull();
    expect(answered).toBeGreaterThan(values.length * codes.length * codes.length * 0.5);
    // Past what numbers hold exactly: null, not a rounded answer.
    expect(convertScaledNumber(2 ** 52, 'INR', 'USD')).toBeNull();
  });
});

describe('floorToCents (sums of ledger rows at 8 decimals, as people read them)', () => {
  it('rounds down to the cent, towards minus infinity, whatever the scale', () => {
    expect(floorToCents('61.72500000')).toBe('61.72');
    expect(floorToCents('0.29999999')).toBe('0.29');
    expect(floorToCents('12.34')).toBe('12.34');
    expect(floorToCents('12')).toBe('12.00');
    expect(floorToCents(0.5)).toBe('0.50');
    expect(floorToCents('-0.00000001')).toBe('-0.01');
    expect(floorToCents('-1.20000000')).toBe('-1.20');
    expect(() => floorToCents('1e3')).toThrow(RangeError);
  });
});
