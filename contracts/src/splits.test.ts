import { describe, expect, it } from 'vitest';
import { CreateSplitBody, percentHundredths } from './splits.ts';

describe('CreateSplitBody', () => {
  it('takes percentages as numbers or strings with at most 2 decimals, normalised to "50.00"', () => {
    const body = CreateSplitBody.parse({
      effectiveFrom: '2026-12',
      shares: [
        { owner: true, percent: 33.34 },
        { email: ' Bea@Example.TEST ', percent: '33.33' },
        { email: 'cal@example.test', percent: '33.33', name: 'Cal' },
      ],
    });
    expect(body.shares.map((s) => [s.owner ?? false, s.email ?? null, s.percent])).toEqual([
      [true, null, '33.34'],
      [false, 'bea@example.test', '33.33'],
      [false, 'cal@example.test', '33.33'],
    ]);
  });

  it('refuses a total other than 100, exactly, with the total it found', () => {
    const result = CreateSplitBody.safeParse({
      effectiveFrom: '2026-12',
      shares: [
        { owner: true, percent: '50' },
        { email: 'b@x.test', percent: '50.01' },
      ],
    });
    expect(result.error?.issues.map((i) => i.message)).toEqual([
      'The shares must add up to 100%: they add up to 100.01%.',
    ]);
  });

  it('reads percentages in hundredths, exactly', () => {
    expect([percentHundredths('12.5'), percentHundredths('100'), percentHundredths('0.001')]).toEqual([
      1250n,
      10_000n,
      null,
    ]);
  });
});
