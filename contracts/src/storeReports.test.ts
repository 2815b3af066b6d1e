import { describe, expect, it } from 'vitest';
import {
  checkStoreReportLine,
  missingStoreReportColumns,
  normalizeColumn,
  readPeriod,
  readStoreReportHeader,
  storeReportHeaderProblem,
  type StoreReportRecord,
} from './storeReports.ts';

const valid: StoreReportRecord = {
  period: '2026-10',
  store: 'Spotify',
  country: 'in',
  isrc: 'IN-RFL-25-00001',
  upc: '',
  sale_type: 'Stream',
  units: '1200',
  net_revenue: '3.81234567',
  currency: 'inr',
};

describe('store report header', () => {
  it('reads the names stores give columns, whatever their case and separators', () => {
    expect(normalizeColumn(' Net Revenue ')).toBe('net_revenue');
    expect(normalizeColumn('Sale-Type')).toBe('sale_type');
    expect(normalizeColumn('EAN')).toBe('upc');
    expect(normalizeColumn('Territory')).toBe('country');
    expect(normalizeColumn('Unit Price')).toBe('unit_price');
  });

  it('finds the delimiter (comma, semicolon or tab) and honours quotes', () => {
    expect(readStoreReportHeader('\uFEFFperiod,store,"net, revenue"')).toEqual({
      delimiter: ',',
      columns: ['period', 'store', 'net, revenue'],
    });
    expect(readStoreReportHeader('period;store;isrc').delimiter).toBe(';');
    expect(readStoreReportHeader('period\tstore\tisrc\tunits').delimiter).toBe('\t');
  });

  it('names every missing column, and needs an ISRC or a UPC column', () => {
    const header = ['Period', 'Store', 'Country', 'ISRC', 'Sale Type', 'Units', 'Net', 'Currency'];
    expect(missingStoreReportColumns(header)).toEqual([]);
    expect(missingStoreReportColumns(['period', 'store', 'country', 'units', 'currency'])).toEqual([
      'sale_type',
      'net_revenue',
      'isrc or upc',
    ]);
    expect(
      storeReportHeaderProblem(['period', 'store', 'country', 'upc', 'sale_type', 'units', 'currency']),
    ).toBe(
      'The report is missing the column net_revenue (a CSV with a header row: period, store, country, sale_type, units, net_revenue, currency, and isrc and/or upc)',
    );
    expect(storeReportHeaderProblem(header)).toBeNull();
  });
});

describe('store report lines', () => {
  it('normalises a valid line: ISRC without hyphens, upper-case codes, revenue to 8 decimals', () => {
    expect(checkStoreReportLine(valid)).toEqual({
      line: {
        period: '2026-10',
        date: '2026-10-01',
        store: 'Spotify',
        country: 'IN',
        isrc: 'INRFL2500001',
        upc: null,
        saleType: 'stream',
        units: 1200,
        netRevenue: 381234567n,
        currency: 'INR',
        listeners: null,
        track: null,
        release: null,
        artist: null,
      },
    });
  });

  it('takes a day as the period, and negative revenue (an adjustment)', () => {
    const check = checkStoreReportLine({
      ...valid,
      period: '2026-02-28',
      net_revenue: '-0.5',
      listeners: '40',
    });
    expect(check).toMatchObject({
      line: { period: '2026-02', date: '2026-02-28', netRevenue: -50000000n, listeners: 40 },
    });
  });

  it('gives every problem of an invalid line in one reason', () => {
    expect(
      checkStoreReportLine({
        period: '2026-13',
        store: '',
        country: 'India',
        isrc: 'XX',
        upc: '036000291453',
        sale_type: 'rental',
        units: '-3',
        net_revenue: '1.123456789',
        currency: 'XYZ',
      }),
    ).toEqual({
      reason: [
        'period must be a month (YYYY-MM) or a day (YYYY-MM-DD), not "2026-13"',
        'store is required',
        'country must be a two-letter ISO 3166 code',
        'ISRC "XX" is not a valid ISRC',
        'UPC "036000291453" is not a valid UPC-A or EAN-13 (12 or 13 digits with a check digit)',
        'sale_type must be one of stream, download, ugc, video',
        'units must be a whole number of 0 or more',
        'net_revenue must be a number with at most 8 decimals',
        'currency must be one of USD, EUR, GBP, INR, JPY, CAD, AUD, CNY, BRL, MXN',
      ].join('; '),
    });
  });

  it('needs an ISRC or a UPC, and refuses control characters', () => {
    expect(checkStoreReportLine({ ...valid, isrc: '' })).toEqual({ reason: 'an ISRC or a UPC is required' });
    expect(checkStoreReportLine({ ...valid, store: 'Spo\u0000tify' })).toEqual({
      reason: 'store contains characters that are not allowed; store is required',
    });
  });

  it('knows real days from impossible ones', () => {
    expect(readPeriod('2024-02-29')).toEqual({ period: '2024-02', date: '2024-02-29' });
    expect(readPeriod('2026-02-29')).toBeNull();
    expect(readPeriod('2026-1')).toBeNull();
    expect(readPeriod('10/2026')).toBeNull();
  });

  it('reads a cell the same whether its text was met before, on a valid or an invalid line, or long ago', () => {
    // Cells of every kind, each met on lines of both outcomes, in two orders, and again after more
    // distinct texts than a column remembers (10,000 units): the answer never depends on what came before.
    const cells: Array<Partial<StoreReportRecord>> = [
      { isrc: ' in-rfl-25-00001 ' },
      { isrc: 'XX' },
      { isrc: 'tab\there' },
      { upc: '036000291452', isrc: '' },
      { upc: '036000291453' },
      { store: ` ${'s'.repeat(300)} ` },
      { store: 'Spo\u0000tify' },
      { store: '\ud800lone' },
      { country: 'gb' },
      { period: ' 2024-02-29 ' },
      { period: '2026-02-29' },
      { sale_type: 'DOWNLOAD' },
      { units: '0012' },
      { currency: 'Eur' },
      { listeners: '' },
      { listeners: 'many' },
      { track: 'x'.repeat(201) },
    ];
    const lines = cells.flatMap((c) => [
      { ...valid, ...c },
      { ...valid, ...c, units: '-1' },
    ]);
    const first = lines.map((l) => checkStoreReportLine(l));
    expect([...lines].reverse().map((l) => checkStoreReportLine(l))).toEqual([...first].reverse());
    for (let units = 0; units < 10_500; units++) checkStoreReportLine({ ...valid, units: String(units) });
    expect(lines.map((l) => checkStoreReportLine(l))).toEqual(first);
    // What the first pass said, spelt out for a few of them.
    expect(first[0]).toMatchObject({ line: { isrc: 'INRFL2500001' } });
    expect(first[1]).toEqual({ reason: 'units must be a whole number of 0 or more' });
    expect(first[2]).toEqual({ reason: 'ISRC "XX" is not a valid ISRC' });
    expect(first[4]).toEqual({ reason: 'ISRC "TABHERE" is not a valid ISRC' });
    expect(first[10]).toEqual({ reason: 'store must be at most 200 characters; store is required' });
    expect(first[14]).toEqual({
      reason: 'store contains characters that are not allowed; store is required',
    });
    expect(first[16]).toMatchObject({ line: { country: 'GB' } });
    expect(first[18]).toMatchObject({ line: { period: '2024-02', date: '2024-02-29' } });
    expect(first[20]).toEqual({
      reason: 'period must be a month (YYYY-MM) or a day (YYYY-MM-DD), not "2026-02-29"',
    });
    expect(first[22]).toMatchObject({ line: { saleType: 'download' } });
    expect(first[24]).toMatchObject({ line: { units: 12 } });
    expect(first[26]).toMatchObject({ line: { currency: 'EUR' } });
    expect(first[28]).toMatchObject({ line: { listeners: null } });
    expect(first[30]).toEqual({ reason: 'listeners must be a whole number of 0 or more' });
    expect(first[32]).toEqual({ reason: 'track must be at most 200 characters' });
  });
});
