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
      dates: { field: 'createdAt', from: undefined, to: undefined },
    });
    expect(schema.parse({})).toMatchObject({ sort: undefined, range: { start: 0, end: 24 }, filter: {} });
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

  it('takes id as react-admin sorts by default, ids as getMany sends them, and a creation-date span', () => {
    const a = '0b5f6a52-3c0e-4f3e-9d55-5a4f0b9a8e11';
    const b = '7c1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f';
    expect(schema.parse({ sort: '["id","ASC"]' }).sort).toEqual({ field: 'id', order: 'asc' });
    const many = schema.parse({ filter: JSON.stringify({ id: [a, b] }) });
    expect(many.filter.id).toEqual([a, b]);
    expect(many.range).toEqual({ start: 0, end: 1 }); // every id asked for, not the first 25 rows
    expect(schema.parse({ id: a }).filter.id).toEqual([a]);
    const span = schema.parse({
      filter: '{"createdAt_gte":"2026-01-01","createdAt_lte":"2026-02-01T00:00:00Z"}',
    });
    expect(span.dates).toEqual({
      field: 'createdAt',
      from: new Date('2026-01-01T00:00:00Z'),
      to: new Date('2026-02-01T00:00:00Z'),
    });
    // A plain date as the upper bound takes in the whole of that day.
    const days = schema.parse({ filter: '{"createdAt_gte":"2026-01-01","createdAt_lte":"2026-01-31"}' });
    expect(days.dates.to).toEqual(new Date('2026-01-31T23:59:59.999Z'));
  });

  it('names what is wrong with an id, a date or a sort field', () => {
    const message = (query: Record<string, string>) => schema.safeParse(query).error?.issues[0]?.message;
    expect(message({ filter: '{"id":["nope"]}' })).toBe('Invalid id');
    expect(message({ filter: '{"id":[]}' })).toBe('id must name at least one id');
    expect(message({ filter: '{"createdAt_gte":"yesterday"}' })).toBe(
      'createdAt_gte must be a date (YYYY-MM-DD) or an ISO date-time',
    );
    expect(message({ sort: '["password","ASC"]' })).toBe(
      'sort must be ["field","ASC" or "DESC"] with field one of id, createdAt, name',
    );
    expect(message({ sort: '["name","SIDEWAYS"]' })).toMatch(/^sort must be/);
  });

  it('escapes LIKE wildcards so a search matches them literally', () => {
    expect(containsPattern('50%_off\\')).toBe('%50\\%\\_off\\\\%');
  });
});
