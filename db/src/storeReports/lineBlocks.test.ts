import { describe, expect, it } from 'vitest';
import { fromScaled } from '@riffline/contracts';
import { blockEntries, LineBlockWriter } from './lineBlocks.ts';

describe('LineBlockWriter.addMatchedEncoded', () => {
  it('writes amounts given as scaled bigints (or numbers) exactly as fromScaled writes them, and texts as encoded', () => {
    const amounts = [
      0n,
      1n,
      -1n,
      99_999_999n,
      100_000_000n,
      -100_000_000n,
      123_456_789n,
      -987_654_321_000n,
      10n ** 19n + 7n,
      -(10n ** 20n) + 1n,
      2n ** 53n - 1n,
      -(2n ** 53n) + 1n,
    ];
    // Random ones too: every length of digits, either sign.
    let seed = 7;
    for (let i = 0; i < 200; i++) {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      const digits = String(seed)
        .repeat(3)
        .slice(0, 1 + (i % 21));
      amounts.push((i % 2 ? -1n : 1n) * BigInt(digits));
    }
    const writer = new LineBlockWriter();
    const texts = ['2026-09', '2026-09-01', 'Spöti"fy', 'US', null, '123456789012', 'stream'].map((t) =>
      writer.encode(t),
    );
    // A safe integer may come as a number (the net revenue and the revenue in USD as the reading thread has them).
    const safe = (amount: bigint) =>
      amount <= BigInt(Number.MAX_SAFE_INTEGER) && amount >= -BigInt(Number.MAX_SAFE_INTEGER);
    amounts.forEach((amount, i) =>
      writer.addMatchedEncoded(
        i + 2,
        0,
        texts,
        i,
        i % 2 && safe(amount) ? Number(amount) : amount,
        writer.encode('EUR'),
        writer.encode('0.920000'),
        i % 2 === 0 && safe(amount) ? -Number(amount) : -amount,
        i % 3 ? null : i,
      ),
    );
    writer.matchOf({ trackId: null, releaseId: 'r', userId: 'u', royaltyId: 'x' });
    const { blocks } = writer.take(true);
    const entries = blocks.flatMap((b) => blockEntries(b.entries.toString('utf8')));
    expect(entries).toEqual(
      amounts.map((amount, i) => [
        i + 2,
        0,
        '2026-09',
        '2026-09-01',
        'Spöti"fy',
        'US',
        null,
        '123456789012',
        'stream',
        i,
        fromScaled(amount, 8),
        'EUR',
        '0.920000',
        fromScaled(-amount, 8),
        i % 3 ? null : i,
      ]),
    );
  });
});
