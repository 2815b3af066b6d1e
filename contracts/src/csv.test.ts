import { describe, expect, it } from 'vitest';
import { csvCell, flattenForCsv, neutralizeCsvFormula, toCsv } from './csv.ts';

describe('the CSV exports', () => {
  it('put a single quote before a cell a spreadsheet would run as a formula: =, +, -, @, tab, carriage return', () => {
    expect(
      ['=1+1', '+1', '-1', '@SUM(A1)', '\tx', '\rx', "=cmd|'/Ccalc'!A0@evil.example"].map(
        neutralizeCsvFormula,
      ),
    ).toEqual(["'=1+1", "'+1", "'-1", "'@SUM(A1)", "'\tx", "'\rx", "'=cmd|'/Ccalc'!A0@evil.example"]);
    // Only the start counts: an address with @ inside, or a formula sign later, is left alone.
    expect(['ana@example.com', 'a=b', ' =1', '', "'quoted"].map(neutralizeCsvFormula)).toEqual([
      'ana@example.com',
      'a=b',
      ' =1',
      '',
      "'quoted",
    ]);
  });

  it('quote cells with commas, quotes or line breaks (RFC 4180), after neutralizing them', () => {
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('=1,2')).toBe(`"'=1,2"`);
    expect(csvCell('\rline')).toBe(`"'\rline"`);
    expect(csvCell('=HYPERLINK("http://evil.example","x")')).toBe(
      `"'=HYPERLINK(""http://evil.example"",""x"")"`,
    );
    expect([null, undefined, 3, -3, true, new Date('2026-01-02T03:04:05Z')].map(csvCell)).toEqual([
      '',
      '',
      '3',
      "'-3",
      'true',
      '2026-01-02T03:04:05.000Z',
    ]);
  });

  it('write a header and a line per row; nested records become dotted columns, lists one cell', () => {
    const rows = [
      {
        email: "=cmd|'/Ccalc'!A0@evil.example",
        status: 'subscribed',
        subscribedAt: '2026-01-01T00:00:00.000Z',
      },
      { email: 'ana@example.com', status: 'unsubscribed', subscribedAt: '2026-01-02T00:00:00.000Z' },
    ];
    expect(toCsv(rows)).toBe(
      [
        'email,status,subscribedAt',
        "'=cmd|'/Ccalc'!A0@evil.example,subscribed,2026-01-01T00:00:00.000Z",
        'ana@example.com,unsubscribed,2026-01-02T00:00:00.000Z',
      ].join('\n'),
    );
    const flat = flattenForCsv({ id: 1, user: { name: '+Ana', socials: ['@ana', '-x'] }, at: null });
    expect(flat).toEqual({ id: 1, 'user.name': '+Ana', 'user.socials': '@ana; -x', at: null });
    expect(toCsv([flat, { id: 2, extra: '=x' }])).toBe(
      ['id,user.name,user.socials,at,extra', "1,'+Ana,'@ana; -x,,", "2,,,,'=x"].join('\n'),
    );
  });
});
