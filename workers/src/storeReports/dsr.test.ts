import { describe, expect, it } from 'vitest';
import {
  dsrFile,
  dsrLines,
  dsrReportFiles,
  dsrStream,
  manyBlocks,
  type DsrBlock,
  type DsrFileOptions,
} from '../../../test/support/dsrFile.ts';
import { dsrReader } from './dsr.ts';
import {
  ReportFileProblem,
  type FileFacts,
  type LineFields,
  type ReportSink,
  type SummaryRecord,
  type UsageCells,
} from './usage.ts';

/** What a reading gave, in the order the sink was called. */
interface Read {
  usages: Array<{ line: number; cells: UsageCells }>;
  /** The cells the reader offers for each usage, should the import turn it down. */
  fields: LineFields[];
  invalid: Array<{ line: number; reason: string; cells: LineFields }>;
  summaries: SummaryRecord[];
  warnings: string[];
  facts: FileFacts;
}

/** Reads a file's text a line at a time, as the import does (line breaks gone, a `\r` left for CRLF files). */
function read(file: string): Read {
  const seen: Omit<Read, 'facts'> = { usages: [], fields: [], invalid: [], summaries: [], warnings: [] };
  const sink: ReportSink = {
    usage: (line, cells, fields) => {
      seen.usages.push({ line, cells });
      if (fields) seen.fields.push(fields());
    },
    invalid: (line, reason, cells) => seen.invalid.push({ line, reason, cells }),
    summary: (summary) => seen.summaries.push(summary),
    warn: (message) => seen.warnings.push(message),
  };
  const reader = dsrReader(sink);
  const lines = file.split('\n');
  if (lines.at(-1) === '') lines.pop();
  lines.forEach((line, i) => reader.line(line, i + 1));
  return { ...seen, facts: reader.end() };
}

function problem(file: string): string {
  try {
    read(file);
  } catch (error) {
    expect(error).toBeInstanceOf(ReportFileProblem);
    return (error as Error).message;
  }
  throw new Error('the file was read without a problem');
}

const tsv = (rows: ReadonlyArray<ReadonlyArray<string | number>>) =>
  rows.map((r) => r.join('\t')).join('\n') + '\n';

const HEAD = [
  'HEAD',
  'dsrf/1.1.2/1.6/1.4',
  'BasicAudioProfile',
  '1.3',
  'MSG-7',
  '2026-02-03T10:00:00Z',
  '1',
  '1',
  '2026-01',
  '2026-01',
  'PADPIDA2011072101T',
  'Spotify',
  'SpotifyPremium',
];
const SY = [
  'SY02.03',
  'S1',
  '',
  '',
  'SubscriptionModel',
  'OnDemandStream',
  'DE',
  'SpotifyPremium',
  '15',
  '',
  'EUR',
  '12.50',
];
const RE = ['RE01.02', 'B1', 'R1', 'DSPREL1', '', '', '0123456789012', 'The Band', '', 'The Album'];
const AS = [
  'AS01.02',
  'B1',
  'T1',
  'DSPRES1',
  'QZABC2600001',
  'The Song',
  '',
  'The Band',
  '',
  'PT3M',
  'SoundRecording',
];
const SU = ['SU02.03', 'B1', 'S1', 'TX1', '', 'T1', 'true', '15'];

/** A file of the given records with a HEAD before them and a footer that agrees with them. */
function file(records: string[][], { blocks = 1, summaries = 1, head = HEAD } = {}): string {
  const lines = records.length + 2;
  return tsv([head, ...records, ['FOOT', lines, lines, summaries, blocks, blocks]]);
}

describe('dsrReader', () => {
  it('reads the HEAD, a summary and a usage naming a resource', () => {
    const out = read(file([SY, RE, AS, SU]));
    expect(out.facts).toEqual({
      format: 'dsr',
      messageId: 'MSG-7',
      sender: 'Spotify',
      service: 'SpotifyPremium',
      usageStart: '2026-01-01',
      usageEnd: '2026-01-31',
      fileNumber: 1,
      numberOfFiles: 1,
    });
    expect(out.summaries).toEqual([
      {
        line: 2,
        id: 'S1',
        country: 'DE',
        commercialModel: 'SubscriptionModel',
        useType: 'OnDemandStream',
        totalUsages: '15',
        currency: 'EUR',
        netRevenue: '12.50',
        currencyOfTransaction: '',
        exchangeRate: '',
      },
    ]);
    expect(out.usages).toEqual([
      {
        line: 5,
        cells: {
          store: 'Spotify',
          country: 'DE',
          start: '2026-01-01',
          end: '2026-01-31',
          isrc: 'QZABC2600001',
          upc: '',
          saleType: 'stream',
          units: '15',
          netRevenue: '',
          currency: '',
          summaryId: 'S1',
          listeners: '',
          track: 'The Song',
          release: 'The Album',
          artist: 'The Band',
        },
      },
    ]);
    expect(out.invalid).toEqual([]);
    expect(out.warnings).toEqual([]);
  });

  it('falls back to the SenderPartyId for the sender and takes a DistributionChannel as the store', () => {
    const head = HEAD.map((cell, i) => (i === 11 ? '' : cell));
    const sy = SY.map((cell, i) => (i === 2 ? 'Tidal' : cell));
    const out = read(file([sy, RE, AS, SU], { head }));
    expect(out.facts.sender).toBe('PADPIDA2011072101T');
    expect(out.usages[0]!.cells.store).toBe('Tidal');
    expect(read(file([SY, RE, AS, SU], { head })).usages[0]!.cells.store).toBe('PADPIDA2011072101T');
  });

  it('takes a usage naming only a release by its ICPN, and a year or a day as the period', () => {
    const head = HEAD.map((cell, i) => (i === 8 ? '2025' : i === 9 ? '2025-12-07' : cell));
    const out = read(file([SY, RE, AS, ['SU02.03', 'B1', 'S1', 'TX1', 'R1', '', 'true', '15']], { head }));
    expect(out.facts).toMatchObject({ usageStart: '2025-01-01', usageEnd: '2025-12-07' });
    expect(out.usages[0]!.cells).toMatchObject({
      isrc: '',
      upc: '0123456789012',
      track: '',
      release: 'The Album',
    });
  });

  it('unescapes backslash escapes: a TAB, a `|` and a backslash in a cell', () => {
    const as = [...AS];
    as[5] = 'Tab\\\there, AC\\|DC \\\\ C:\\x';
    const out = read(file([SY, RE, as, SU]));
    expect(out.usages[0]!.cells.track).toBe('Tab\there, AC|DC \\ C:\\x');
    // The escaped TAB did not shift the cells after it.
    expect(out.usages[0]!.cells.artist).toBe('The Band');
  });

  it("offers each usage's own cells, unescaped, should the import turn the line down", () => {
    const su = [...SU.slice(0, 7), '15', '', 'Promo \\| 50\\\\', '', '', ''];
    const out = read(file([SY, RE, AS, su]));
    expect(out.fields).toEqual([[...SU.slice(0, 7), '15', '', 'Promo | 50\\']]);
  });

  it('reads multi-value cells: the first ISRC, every artist joined with ", "', () => {
    const as = [...AS];
    as[4] = 'QZABC2600007|QZABC2600008';
    as[7] = 'Ann|Bo \\| Co|';
    const re = [...RE];
    re[7] = 'Main\\\\Act|Guest';
    const out = read(file([SY, re, as, SU, ['SU02.03', 'B1', 'S1', 'TX2', 'R1', '', 'true', '0']]));
    expect(out.usages[0]!.cells).toMatchObject({ isrc: 'QZABC2600007', artist: 'Ann, Bo | Co' });
    expect(out.usages[1]!.cells).toMatchObject({ upc: '0123456789012', artist: 'Main\\Act, Guest' });
  });

  it('reads rows padded with empty cells, CRLF line ends and `#` lines, which count in the footer', () => {
    const pad = (row: string[]) => [...row, ...Array(30 - row.length).fill('')];
    const text = tsv([
      ['#HEAD', 'MessageVersion', 'Profile'],
      pad(HEAD),
      ['#SY02.03', 'SummaryRecordId'],
      pad(SY),
      pad(RE),
      pad(AS),
      pad([...SU.slice(0, 7), 'x15']),
      pad(SU),
      ['\t\t\t'],
      pad(['FOOT', '10', '10', '1', '1', '1']),
    ]).replace(/\n/g, '\r\n');
    const out = read(text);
    expect(out.usages.map((u) => [u.line, u.cells.units])).toEqual([[8, '15']]);
    // The invalid line's cells come without their padding.
    expect(out.invalid).toEqual([
      { line: 7, reason: 'NumberOfStreams "x15" is not a whole number', cells: [...SU.slice(0, 7), 'x15'] },
    ]);
    expect(out.warnings).toEqual([]);
  });

  it('reads IsRoyaltyBearing in any case, and keeps lines the store owes nothing for as invalid', () => {
    const su = (n: number, flag: string) => ['SU02.03', 'B1', 'S1', `TX${n}`, '', 'T1', flag, '5'];
    const out = read(
      file([SY, RE, AS, su(1, 'TRUE'), su(2, 'True'), su(3, ''), su(4, 'FALSE'), su(5, 'maybe')]),
    );
    expect(out.usages.map((u) => u.line)).toEqual([5, 6, 7]);
    expect(out.invalid.map((i) => [i.line, i.reason])).toEqual([
      [8, 'not royalty-bearing (IsRoyaltyBearing FALSE): the store owes nothing for it'],
      [9, 'IsRoyaltyBearing "maybe" is neither TRUE nor FALSE'],
    ]);
  });

  it('dispatches record types on their type and picks the cells of their version', () => {
    const sy01 = [
      'SY01',
      'P1',
      '',
      '',
      'PayAsYouGoModel',
      'PermanentDownload',
      'US',
      'Store',
      '0',
      '',
      'USD',
      '2.97',
      '0',
    ];
    const sy0102 = [...sy01.slice(0, 6), 'SE', 'Store', '0', '', 'SEK', '9', '0', 'USD', '0.094'];
    sy0102[0] = 'SY01.02';
    sy0102[1] = 'P2';
    const sy0201 = [
      'SY02.01',
      'A1',
      '',
      '',
      'AdvertisementSupportedModel',
      'Stream',
      'FR',
      'Free',
      '0',
      '',
      'EUR',
      '0.02',
    ];
    const out = read(file([sy01, sy0102, sy0201], { summaries: 3, blocks: 0 }));
    expect(out.warnings).toEqual([]);
    expect(
      out.summaries.map((s) => [s.id, s.country, s.currency, s.currencyOfTransaction, s.exchangeRate]),
    ).toEqual([
      ['P1', 'US', 'USD', '', ''],
      ['P2', 'SE', 'SEK', 'USD', '0.094'],
      ['A1', 'FR', 'EUR', '', ''],
    ]);
    const sy0202 = [...SY.slice(0, 12), '', '', '', '', '', '', 'Music', 'NOK', '0.95'];
    sy0202[0] = 'SY02.02';
    expect(read(file([sy0202, RE, AS, SU])).summaries[0]).toMatchObject({
      currencyOfTransaction: 'NOK',
      exchangeRate: '0.95',
    });
    // Usage records without a version suffix, with an old one, and in lower case.
    const su = (type: string, n: number) => [type, 'B1', 'S1', `TX${n}`, '', 'T1', 'true', '5'];
    const sy = SY.map((cell, i) => (i === 8 ? '15' : cell));
    const usages = read(file([sy, RE, AS, su('SU02', 1), su('SU02.01', 2), su('su02.03', 3)])).usages;
    expect(usages.map((u) => [u.line, u.cells.saleType, u.cells.units])).toEqual([
      [5, 'stream', '5'],
      [6, 'stream', '5'],
      [7, 'stream', '5'],
    ]);
  });

  it('counts SU01 downloads net of returns', () => {
    const sy = [
      'SY01.02',
      'P1',
      '',
      '',
      'PayAsYouGoModel',
      'PermanentDownload',
      'US',
      'Store',
      '6',
      '',
      'USD',
      '5.94',
    ];
    const su01 = (n: number, sold: string, returned: string) => [
      'SU01.02',
      'B1',
      'P1',
      `TX${n}`,
      '',
      'T1',
      'true',
      'false',
      sold,
      returned,
      '0.99',
    ];
    const out = read(
      file([sy, RE, AS, su01(1, '5', '1'), su01(2, '2', ''), su01(3, '1', '2'), su01(4, '2.0', '0')]),
    );
    expect(out.usages.map((u) => [u.line, u.cells.saleType, u.cells.units])).toEqual([
      [5, 'download', '4'],
      [6, 'download', '2'],
      [8, 'download', '2'],
    ]);
    expect(out.invalid.map((i) => [i.line, i.reason])).toEqual([
      [7, 'more downloads returned (2) than sold (1)'],
    ]);
    // 4 + 2 + 2 = 8 valid units against the 6 the summary states.
    expect(out.warnings).toEqual([
      'Summary "P1" (US PayAsYouGoModel, line 2) states 6 usages, but the valid usage lines naming it add up to 8.',
    ]);
  });

  it('reads SU03 (UGC) lines with their own revenue, in the summary currency of transaction', () => {
    const sy = [...SY.slice(0, 12), '', '', '', '', '', '', 'Music', 'USD', '1.08'];
    sy[8] = '12';
    const su03 = ['SU03.02', 'B1', 'TX1', 'S1', 'DSPRES1', '9', '0.0421', '', '', '', 'true'];
    const su0301 = ['SU03.01', 'B1', 'TX2', 'S1', 'DSPREL1', '3', '-0.01'];
    const out = read(file([sy, RE, AS, su03, su0301, ['SU03.02', 'B1', 'TX3', 'S1', 'NOPE', '1', '1']]));
    expect(out.usages.map((u) => u.cells)).toEqual([
      expect.objectContaining({ saleType: 'ugc', isrc: 'QZABC2600001', upc: '', units: '9' }),
      expect.objectContaining({ saleType: 'ugc', isrc: '', upc: '0123456789012', units: '3' }),
    ]);
    expect(out.usages.map((u) => [u.cells.netRevenue, u.cells.currency])).toEqual([
      ['0.0421', 'USD'],
      ['-0.01', 'USD'],
    ]);
    expect(out.invalid.map((i) => i.reason)).toEqual([
      'names resource (DspResourceId) "NOPE", which block "B1" does not describe',
    ]);
    // Without a currency of transaction the line's revenue is in the currency of reporting.
    expect(read(file([SY, RE, AS, su03])).usages[0]!.cells.currency).toBe('EUR');
  });

  it('keeps usages naming what the file lacks, or with numbers it cannot read, as invalid and goes on', () => {
    const su = (n: number, cells: Partial<Record<number, string>>) =>
      SU.map((cell, i) => cells[i] ?? cell).map((cell, i) => (i === 3 ? `TX${n}` : cell));
    const re02 = ['RE02', 'B1', 'R2', 'DSPSUB', '', 'T1'];
    const re03 = ['RE02', 'B1', 'R3', 'DSPSUB', '', 'T1|T2'];
    const noIsrc = ['AS01.02', 'B1', 'T3', 'DSPRES3', '', 'No Code', '', 'The Band'];
    const out = read(
      file([
        SY,
        RE,
        AS,
        re02,
        re03,
        noIsrc,
        su(1, { 5: 'T9' }),
        su(2, { 2: 'S9' }),
        su(3, { 7: 'abc' }),
        su(4, { 7: '1.5' }),
        su(5, { 5: '' }),
        su(6, { 4: 'R9', 5: '' }),
        su(7, { 4: 'R3', 5: '' }),
        su(8, { 5: 'T3' }),
        su(9, { 2: '' }),
        su(10, { 4: 'R2', 5: '', 7: '15' }),
      ]),
    );
    expect(out.invalid.map((i) => [i.line, i.reason])).toEqual([
      [8, 'names resource "T9", which block "B1" does not describe'],
      [9, 'names summary "S9", which the file does not hold'],
      [10, 'NumberOfStreams "abc" is not a whole number'],
      [11, 'NumberOfStreams "1.5" is not a whole number'],
      [12, 'names neither a release nor a resource (cells 5 and 6 are empty)'],
      [13, 'names release "R9", which block "B1" does not describe'],
      [14, 'names release "R3", which gives no ICPN'],
      [15, 'names resource "T3", which gives no ISRC'],
      [16, 'names no summary (SummaryRecordId)'],
      // A sub-release has no ICPN of its own to match a release of ours by.
      [17, 'names release "R2", which gives no ICPN'],
    ]);
    expect(out.invalid[0]!.cells).toEqual(su(1, { 5: 'T9' }));
    expect(out.usages).toEqual([]);
    expect(out.warnings).toEqual([
      'Summary "S1" (DE SubscriptionModel, line 2) states 15 usages, but the valid usage lines naming it add up to 0.',
    ]);
  });

  it('starts a new block, with references of its own, when the BlockId changes', () => {
    const b2 = (row: string[]) => row.map((cell, i) => (i === 1 ? 'B2' : cell));
    const as2 = b2(AS).map((cell, i) => (i === 4 ? 'QZABC2600002' : cell));
    const out = read(
      file([SY, RE, AS, b2(RE), as2, b2(SU), ['SU02.03', 'B3', 'S1', 'TX9', '', 'T1', 'true', '1']], {
        blocks: 3,
      }),
    );
    expect(out.usages.map((u) => u.cells.isrc)).toEqual(['QZABC2600002']);
    expect(out.invalid.map((i) => i.reason)).toEqual([
      'names resource "T1", which block "B3" does not describe',
    ]);
    expect(out.warnings).toEqual([]);
  });

  describe('refuses a broken file, naming the line', () => {
    it.each([
      [
        'an unknown record type',
        file([SY, RE, ['XX01', 'B1'], AS, SU]),
        'Line 4: unknown record type "XX01"',
      ],
      [
        'a block before any summary',
        file([RE, AS, SU]),
        'Line 2: a RE01.02 record (part of a block) before any summary record.',
      ],
      [
        'no HEAD',
        tsv([['#SY02.03', 'SummaryRecordId'], SY, ['FOOT', '3']]),
        'Line 2: the file must start with a HEAD record, not SY02.03.',
      ],
      ['no FOOT', tsv([HEAD, SY, RE, AS, SU, ['# the end']]), 'Line 6: the file ends without a FOOT record.'],
      [
        'a summary id repeated',
        file([SY, SY, RE, AS, SU]),
        'Line 3: summary "S1" is given twice (first on line 2).',
      ],
      [
        'a summary after a block',
        file([SY, RE, SY, AS, SU]),
        'Line 4: a SY02.03 summary record after the first block (line 3).',
      ],
      [
        'a second HEAD',
        file([SY, HEAD, RE, AS, SU]),
        'Line 3: a second HEAD record (the first is on line 1).',
      ],
      [
        'a record after the FOOT',
        tsv([HEAD, SY, ['FOOT', '3', '3', '1', '0', '0'], SU]),
        'Line 4: a SU02.03 record after the FOOT record (line 3).',
      ],
      [
        'a HEAD without MessageId',
        file([SY], { head: HEAD.map((c, i) => (i === 4 ? '' : c)) }),
        'Line 1: the HEAD record has no MessageId (cell 5).',
      ],
      [
        'a HEAD without dates',
        file([SY], { head: HEAD.slice(0, 9) }),
        'Line 1: the HEAD record has no UsageEndDate (cell 10).',
      ],
      [
        'a HEAD with a bad date',
        file([SY], { head: HEAD.map((c, i) => (i === 8 ? '2026-13' : c)) }),
        'Line 1: the HEAD record\'s UsageStartDate "2026-13" is not a date (YYYY, YYYY-MM or YYYY-MM-DD).',
      ],
      [
        'a HEAD ending before it starts',
        file([SY], { head: HEAD.map((c, i) => (i === 9 ? '2025-12' : c)) }),
        "Line 1: the HEAD record's UsageEndDate 2025-12-31 is before its UsageStartDate 2026-01-01.",
      ],
      [
        'a HEAD with file 3 of 2',
        file([SY], { head: HEAD.map((c, i) => (i === 6 ? '3' : i === 7 ? '2' : c)) }),
        'Line 1: the HEAD record says file 3 of 2.',
      ],
      [
        'a summary without id',
        file([SY.map((c, i) => (i === 1 ? '' : c))]),
        'Line 2: the SY02.03 record has no SummaryRecordId (cell 2).',
      ],
    ])('%s', (_, text, message) => {
      expect(problem(text)).toContain(message);
    });

    it('a file of headings alone', () => {
      expect(problem('#HEAD\tMessageVersion\n\n')).toBe(
        'The file holds no HEAD record: it is not a DSR file.',
      );
    });
  });

  describe('reconciles, with a warning an admin understands for each mismatch', () => {
    const records = [SY, RE, AS, SU];
    const withFoot = (foot: Array<string | number>, head = HEAD) => read(tsv([head, ...records, foot]));

    it('says nothing when the footer and the totals agree', () => {
      expect(withFoot(['FOOT', 6, 6, 1, 1, 1]).warnings).toEqual([]);
      expect(withFoot(['FOOT', 6, '', 1, 1]).warnings).toEqual([]);
    });

    it('compares each footer count with the file', () => {
      expect(withFoot(['FOOT', 7, 8, 2, 3, 4]).warnings).toEqual([
        'The footer (line 6) says the file has 7 lines (NumberOfLinesInFile), but it has 6.',
        'The footer (line 6) says the report has 8 lines (NumberOfLinesInReport), but it has 6.',
        'The footer (line 6) says the file has 2 summary records (NumberOfSummaryRecords), but it has 1.',
        'The footer (line 6) says the file has 3 blocks (NumberOfBlocksInFile), but it has 1.',
        'The footer (line 6) says the report has 4 blocks (NumberOfBlocksInReport), but it has 1.',
      ]);
    });

    it('names footer cells that are missing or not numbers', () => {
      expect(withFoot(['FOOT', 'six', '', '', 1]).warnings).toEqual([
        'The footer (line 6) gives NumberOfLinesInFile "six", which is not a whole number.',
        'The footer (line 6) does not give NumberOfSummaryRecords.',
      ]);
    });

    it("compares each summary's TotalUsages with the valid lines naming it", () => {
      const text = file(
        [
          SY.map((c, i) => (i === 8 ? '20' : c)),
          ['SY01', 'S2', '', '', 'PayAsYouGoModel', 'PermanentDownload', 'US', 'x', 'n/a', '', 'USD', '1'],
          RE,
          AS,
          SU,
        ],
        { summaries: 2 },
      );
      expect(read(text).warnings).toEqual([
        'Summary "S1" (DE SubscriptionModel, line 2) states 20 usages, but the valid usage lines naming it add up to 15.',
        'Summary "S2" (US PayAsYouGoModel, line 3) gives "n/a" as its total usages, which is not a whole number.',
      ]);
    });

    it('leaves the report-wide totals alone in one file of several', () => {
      const head = HEAD.map((c, i) => (i === 6 ? '1' : i === 7 ? '2' : c));
      const sy = SY.map((c, i) => (i === 8 ? '99' : c));
      expect(read(tsv([head, sy, RE, AS, SU, ['FOOT', 6, '', 1, 1, '']])).warnings).toEqual([]);
      expect(read(tsv([head, sy, RE, AS, SU, ['FOOT', 6, '', 1, 1, '']])).facts).toMatchObject({
        fileNumber: 1,
        numberOfFiles: 2,
      });
    });
  });
});

describe('dsrFile (the generator) read back through dsrReader', () => {
  const blocks: DsrBlock[] = [
    {
      release: { icpn: '0123456789012', title: 'Best | Of \\ Tabs\t!', artist: ['Ann', 'Bo|Co'] },
      resources: [
        {
          isrc: 'QZABC2600001',
          title: 'Song \\|/ One',
          usages: [
            { summary: 'S1', count: 1200 },
            { summary: 'S2', count: 7, kind: 'download', returns: 2 },
          ],
        },
        {
          isrc: 'QZABC2600002',
          title: 'Two',
          artist: 'Solo',
          usages: [{ summary: 'S1', count: 30, royaltyBearing: 'TRUE' }],
        },
      ],
      releaseUsages: [{ summary: 'S2', count: 3, kind: 'download' }],
    },
    {
      release: { icpn: '0123456789029', title: 'Second', artist: 'Dee' },
      resources: [{ isrc: 'QZABC2600003', title: 'Three', usages: [{ summary: 'S1', count: 5 }] }],
    },
  ];
  const options: DsrFileOptions = {
    messageId: 'SPOT-2026-01',
    sender: 'Spotify AB',
    period: { start: '2026-01-01', end: '2026-01-31' },
    summaries: [
      { id: 'S1', territory: 'DE', currency: 'EUR', netRevenue: '4.567' },
      {
        id: 'S2',
        territory: 'US',
        currency: 'USD',
        netRevenue: '5.94',
        recordType: 'SY01.02',
        commercialModel: 'PayAsYouGoModel',
        useType: 'PermanentDownload',
        currencyOfTransaction: 'CAD',
        exchangeRate: '0.73',
      },
    ],
    blocks,
  };

  it('round-trips a file with two currencies, escaped titles, CRLF, padding and headings', () => {
    const out = read(dsrFile({ ...options, lineEnd: '\r\n', padTo: 40, headings: true }));
    expect(out.warnings).toEqual([]);
    expect(out.invalid).toEqual([]);
    expect(out.facts).toMatchObject({ messageId: 'SPOT-2026-01', sender: 'Spotify AB', numberOfFiles: 1 });
    expect(
      out.summaries.map((s) => [s.id, s.currency, s.totalUsages, s.currencyOfTransaction, s.exchangeRate]),
    ).toEqual([
      ['S1', 'EUR', '1235', '', ''],
      ['S2', 'USD', '8', 'CAD', '0.73'],
    ]);
    expect(
      out.usages.map((u) => [u.cells.summaryId, u.cells.saleType, u.cells.isrc, u.cells.upc, u.cells.units]),
    ).toEqual([
      ['S2', 'download', '', '0123456789012', '3'],
      ['S1', 'stream', 'QZABC2600001', '', '1200'],
      ['S2', 'download', 'QZABC2600001', '', '5'],
      ['S1', 'stream', 'QZABC2600002', '', '30'],
      ['S1', 'stream', 'QZABC2600003', '', '5'],
    ]);
    expect(out.usages[1]!.cells).toMatchObject({
      track: 'Song \\|/ One',
      release: 'Best | Of \\ Tabs\t!',
      artist: 'Ann, Bo|Co',
      country: 'DE',
      store: 'Spotify AB',
    });
    expect(out.usages[3]!.cells.artist).toBe('Solo');
  });

  it('writes a footer that disagrees with its file when told to', () => {
    const out = read(dsrFile({ ...options, footer: { linesInFile: 99, blocksInFile: 5 } }));
    expect(out.warnings).toEqual([
      'The footer (line 14) says the file has 99 lines (NumberOfLinesInFile), but it has 14.',
      'The footer (line 14) says the file has 5 blocks (NumberOfBlocksInFile), but it has 2.',
    ]);
  });

  it('writes a report in two files: same message, the report totals in each, its counts in the last footer', () => {
    const [one, two] = dsrReportFiles({ ...options, headings: true });
    const first = read(one!);
    const second = read(two!);
    expect([first.facts, second.facts].map((f) => [f.messageId, f.fileNumber, f.numberOfFiles])).toEqual([
      ['SPOT-2026-01', 1, 2],
      ['SPOT-2026-01', 2, 2],
    ]);
    expect([...first.warnings, ...second.warnings]).toEqual([]);
    expect(second.summaries).toEqual(first.summaries);
    expect(first.summaries[0]!.totalUsages).toBe('1235');
    expect(first.usages.length + second.usages.length).toBe(5);
    const lines = (text: string) => text.slice(0, -1).split('\n');
    const foot = (text: string) => lines(text).at(-1)!.split('\t');
    const total = lines(one!).length + lines(two!).length;
    expect(foot(one!)).toEqual(['FOOT', String(lines(one!).length), '', '2', '1', '']);
    expect(foot(two!)).toEqual(['FOOT', String(lines(two!).length), String(total), '2', '1', '2']);
  });

  it('streams the same bytes as the text, and a large file of about the lines asked for', async () => {
    const chunks: Buffer[] = [];
    for await (const chunk of dsrStream({ ...options, lineEnd: '\r\n' })) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).toString()).toBe(dsrFile({ ...options, lineEnd: '\r\n' }));

    const big: DsrFileOptions = {
      summaries: [
        { id: 'S1', territory: 'DE', currency: 'EUR', netRevenue: '100' },
        { id: 'S2', territory: 'GB', currency: 'GBP', netRevenue: '80' },
      ],
      blocks: manyBlocks({ lines: 20_000, summaries: ['S1', 'S2'] }),
    };
    let count = 0;
    const reader = dsrReader({
      usage: () => undefined,
      invalid: () => undefined,
      summary: () => undefined,
      warn: (m) => expect.fail(m),
    });
    for (const line of dsrLines(big)) reader.line(line, ++count);
    expect(reader.end().numberOfFiles).toBe(1);
    expect(Math.abs(count - 20_000)).toBeLessThan(30);
  });
});
