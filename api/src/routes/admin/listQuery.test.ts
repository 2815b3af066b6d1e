import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { containsPattern, listQuery } from './listQuery.ts';

const schema = listQuery(['createdAt', 'name'], { status: z.enum(['open', 'closed']), q: z.string() });

describe('listQuery (ra-data-simple-rest parameters)', () => {
  it('reads sort, range and filter as react-admin sends them, and plain filters too', () => {
    expect(
      schema.parse({ sort: '["name","DESC"]', range: '[25,49]', filter: '{"q":"maya"}', status: 'open' }),
    ).toEqual({
      sort: { field: 'name', order: 'desc' },
      range: { start: 25, end: 49 },
      filter: { q: 'maya', status: 'open' },
    });
    expect(schema.parse({})).toEqual({ sort: undefined, range: { start: 0, end: 24 }, filter: {} });
  });

  it('refuses unknown sort fields, bad JSON, backwards or huge ranges and bad filter values', () => {
    for (const query of [
      { sort: '["password","ASC"]' },
      { sort: '[' },
      { range: '[10,2]' },
      { range: '[0,100000]' },
      { filter: '{"status":"maybe"}' },
      { filter: '"text"' },
    ]) {
      expect(schema.safeParse(query).success, JSON.stringify(query)).toBe(false);
    }
  });

  it('escapes LIKE wildcards so a search matches them literally', () => {
    expect(containsPattern('50%_off\\')).toBe('%50\\%\\_off\\\\%');
  });
});
