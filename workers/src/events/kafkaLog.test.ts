import { describe, expect, it } from 'vitest';
import { bySize } from './kafkaLog.ts';

describe('bySize (the Kafka publisher cuts a relay step into sends)', () => {
  const cut = (items: string[], max: number) =>
    bySize(items, (s) => s, max).map((run) => run.map((r) => r.item));

  it('keeps the order and fills each run up to the limit, never past it', () => {
    expect(cut(['aa', 'bb', 'cc', 'dd', 'e'], 4)).toEqual([['aa', 'bb'], ['cc', 'dd'], ['e']]);
  });

  it('sends an item over the limit alone, and nothing for nothing', () => {
    expect(cut(['a', 'toolong', 'b'], 3)).toEqual([['a'], ['toolong'], ['b']]);
    expect(cut([], 3)).toEqual([]);
  });

  it('counts bytes, not characters', () => {
    expect(cut(['éé', 'é'], 4)).toEqual([['éé'], ['é']]);
  });
});
