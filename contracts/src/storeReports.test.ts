import { describe, expect, it } from 'vitest';
import {
  checkUsage,
  csvLayoutOf,
  readHeaderRow,
  readPeriod,
  storeReportStartProblem,
  type UsageText,
} from './storeReports.ts';

const valid: UsageText = {
  store: 'Spotify',
  country: 'in',
  start: '2026-10',
  end: '',
  isrc: 'IN-RFL-25-00001',
  upc: '',
  saleType: 'Stream',
  units: '1200',
  netRevenue: '3.81234567',
  currency: 'inr',
  summaryId: '',
  listeners: '',
  track: '',
  release: '',
  artist: '',
};

describe('store report layouts', () => {
  it('finds the delimiter (comma, semicolon or tab) and honours quotes', () => {
    expect(readHeaderRow('\uFEFFperiod,store,"net, revenue"')).toEqual({
      delimiter: ',',
      cells: ['period', 'store', 'net, revenue'],
    });
    expect(readHeaderRow('period;store;isrc').delimiter).toBe(';');
    expect(readHeaderRow('period\tstore\tisrc\tunits').delimiter).toBe('\t');
  });

  it('knows our CSV by the names stores give columns, whatever their case and separators', () => {
    const header = ['Period', 'Store', 'Country', 'ISRC', 'Sale-Type', 'Units', 'Net', 'Currency'];
    expect(csvLayoutOf(header)).toMatchObject({ fit: { layout: { format: 'csv' }, missing: [] } });
  });

  it('knows a DistroKid-style export, with or without its newer columns', () => {
    const full =
      'Reporting Date,Sale Month,Store,Artist,Title,ISRC,UPC,Quantity,Team Percentage,Song/Album,Country of Sale,Songwriter Royalties Withheld (USD),Earnings (USD)';
    expect(csvLayoutOf(readHeaderRow(full).cells)).toMatchObject({
      fit: { layout: { format: 'distrokid' } },
    });
    const older = 'Sale Month,Store,Artist,Title,ISRC,Quantity,Country of Sale,Earnings (USD)';
    expect(storeReportStartProblem(older)).toBeNull();
  });

  it('names what is missing from the layout a header comes closest to', () => {
    expect(storeReportStartProblem('period,store,country,upc,sale_type,units,currency\n')).toBe(
      'The report is missing the column net_revenue (a CSV with a header row: period, store, country, sale_type, units, net_revenue, currency, and isrc and/or upc)',
    );
    expect(storeReportStartProblem('Sale Month,Store,Title,Quantity,Earnings (USD)')).toBe(
      'The report is missing the columns Country of Sale and ISRC or UPC (a DistroKid export: Sale Month, Store, Country of Sale, Quantity, Earnings (USD), and ISRC and/or UPC)',
    );
    expect(storeReportStartProblem('\n')).toBe('The report must start with a header row naming its columns');
  });

  it('takes a DDEX DSR flat file by its HEAD record, after any # heading lines', () => {
    expect(storeReportStartProblem('#HEAD\tMessageVersion\nHEAD\tdsrf/x\n')).toBeNull();
    expect(storeReportStartProblem('HEAD.02\tdsrf/x\n')).toBeNull();
  });
});

describe('usage lines', () => {
  it('normalises a valid line: codes without hyphens, upper case, a month as its first and last day', () => {
    expect(checkUsage(valid)).toEqual({
      usage: {
        store: 'Spotify',
        country: 'IN',
        startDate: '2026-10-01',
        endDate: '2026-10-31',
        period: '2026-10',
        isrc: 'INRFL2500001',
        upc: null,
        saleType: 'stream',
        units: 1200,
        netRevenue: '3.81234567',
        currency: 'INR',
        summaryId: null,
        listeners: null,
        track: null,
        release: null,
        artist: null,
      },
    });
  });

  it('takes a day, a range, negative revenue (an adjustment), and a line sharing its summary', () => {
    expect(checkUsage({ ...valid, start: '2026-02-28', netRevenue: '-0.5', listeners: '40' })).toMatchObject({
      usage: { startDate: '2026-02-28', endDate: '2026-02-28', netRevenue: '-0.5', listeners: 40 },
    });
    expect(checkUsage({ ...valid, start: '2026-10-01', end: '2026-12-31' })).toMatchObject({
      usage: { startDate: '2026-10-01', endDate: '2026-12-31', period: '2026-10' },
    });
    expect(checkUsage({ ...valid, netRevenue: '', currency: '', summaryId: 'S1' })).toMatchObject({
      usage: { netRevenue: null, currency: null, summaryId: 'S1' },
    });
  });

  it('gives every problem of an invalid line in one reason', () => {
    expect(
      checkUsage({
        ...valid,
        start: '2026-13',
        store: '',
        country: 'India',
        isrc: 'XX',
        upc: '036000291453',
        saleType: 'rental',
        units: '-3',
        netRevenue: '1.123456789',
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

  it('needs an ISRC or a UPC, refuses control characters, long titles and a range that ends first', () => {
    expect(checkUsage({ ...valid, isrc: '' })).toEqual({ reason: 'an ISRC or a UPC is required' });
    expect(checkUsage({ ...valid, store: 'Spo\u0000tify' })).toEqual({
      reason: 'store contains characters that are not allowed; store is required',
    });
    expect(checkUsage({ ...valid, track: 'x'.repeat(201) })).toEqual({
      reason: 'track must be at most 200 characters',
    });
    expect(checkUsage({ ...valid, start: '2026-10-05', end: '2026-10-04' })).toEqual({
      reason: 'the usage period ends before it starts ("2026-10-04")',
    });
  });

  it('knows real days from impossible ones', () => {
    expect(readPeriod('2024-02-29')).toEqual({ first: '2024-02-29', last: '2024-02-29' });
    expect(readPeriod('2024-02')).toEqual({ first: '2024-02-01', last: '2024-02-29' });
    expect(readPeriod('2026-02-29')).toBeNull();
    expect(readPeriod('2026-1')).toBeNull();
    expect(readPeriod('10/2026')).toBeNull();
  });
});
