/**
 * DDEX DSR Basic Audio Profile files for tests and benchmarks: HEAD, summaries, blocks (a release, its
 * resources and their usage lines), FOOT, in LF or CRLF, padded or not, with `#` headings, escaped titles
 * and footers that agree with the file unless told otherwise. The cells are laid out here from DSR Part 8
 * on their own, never through the reader's code, so a test reading a file checks the reader against them.
 * A file of a million lines is written as it is read (`dsrLines`, `dsrStream`): blocks given as a function
 * are generated twice, once to count what the HEAD, summaries and FOOT must say, once to write them.
 */
import { Readable } from 'node:stream';
import { seededRandom } from '../../api/src/demo/demoStoreReport.ts';
import { ratesPerUsd, type Currency } from '../../contracts/src/index.ts';
import { floorDiv, roundDiv } from './storeReport.ts';

export interface DsrSummary {
  id: string;
  territory: string;
  /** CurrencyOfReporting. */
  currency: string;
  netRevenue: string;
  commercialModel?: string;
  useType?: string;
  /** The store, when the sender reports on its behalf. */
  distributionChannel?: string;
  currencyOfTransaction?: string;
  exchangeRate?: string;
  /** The record type and version; SY02.03 by default. */
  recordType?: 'SY01' | 'SY01.01' | 'SY01.02' | 'SY02.01' | 'SY02.02' | 'SY02.03';
  /** TotalUsages as written; by default the sum of the counts of the lines naming it, in all files. */
  totalUsages?: string;
}

export interface DsrUsage {
  /** The SummaryRecordId it names (one the file lacks makes an invalid line). */
  summary: string;
  /** Streams (SU02), downloads sold (SU01) or UGC usages (SU03); a string is written as it is ('abc'). */
  count: number | string;
  kind?: 'stream' | 'download' | 'ugc';
  /** SU01: downloads returned. */
  returns?: number;
  /** SU03: the line's own net revenue. */
  netRevenue?: string;
  /** IsRoyaltyBearing as written; 'true' by default. */
  royaltyBearing?: string;
  /** A reference written instead of the resource's or release's own (one the block lacks). */
  ref?: string;
}

export interface DsrResource {
  isrc: string;
  title: string;
  /** DisplayArtistName; several are written as a multi-value cell. */
  artist?: string | string[];
  usages: DsrUsage[];
}

export interface DsrBlock {
  release?: { icpn: string; title: string; artist: string | string[] };
  resources: DsrResource[];
  /** Usage lines naming the release alone (matched by its ICPN). */
  releaseUsages?: DsrUsage[];
}

type FooterCell = 'linesInFile' | 'linesInReport' | 'summaries' | 'blocksInFile' | 'blocksInReport';

export interface DsrFileOptions {
  messageId?: string;
  sender?: string;
  senderPartyId?: string;
  service?: string;
  /** UsageStartDate and UsageEndDate as written (YYYY, YYYY-MM or YYYY-MM-DD). */
  period?: { start: string; end: string };
  fileNumber?: number;
  numberOfFiles?: number;
  summaries: DsrSummary[];
  /** The blocks, or a function giving them afresh each time (a large file is never held in memory). */
  blocks: readonly DsrBlock[] | (() => Iterable<DsrBlock>);
  lineEnd?: '\n' | '\r\n';
  /** Pads every record with empty cells up to this many cells, as some stores do. */
  padTo?: number;
  /** `#` lines naming the cells of each record type (one before the HEAD, the rest after it). */
  headings?: boolean;
  /** Footer cells written instead of the true counts (a footer that disagrees with its file). */
  footer?: Partial<Record<FooterCell, number | string>>;
  /** Record types written for blocks, with their versions. */
  recordTypes?: { release?: string; resource?: string; stream?: string; download?: string; ugc?: string };
}

const DEFAULT_TYPES = {
  release: 'RE01.02',
  resource: 'AS01.02',
  stream: 'SU02.03',
  download: 'SU01.02',
  ugc: 'SU03.02',
};

const HEADINGS = [
  '#SY02.03\tSummaryRecordId\tDistributionChannel\tDistributionChannelDPID\tCommercialModel\tUseType\tTerritory\tServiceDescription\tTotalUsages\tUsers\tCurrencyOfReporting\tNetRevenue',
  '#RE01.02\tBlockId\tReleaseReference\tDspReleaseId\tProprietaryReleaseId\tCatalogNumber\tICPN\tDisplayArtistName\tDisplayArtistPartyId\tTitle',
  '#AS01.02\tBlockId\tResourceReference\tDspResourceId\tISRC\tTitle\tSubTitle\tDisplayArtistName',
  '#SU02.03\tBlockId\tSummaryRecordId\tSalesTransactionId\tTransactedRelease\tTransactedResource\tIsRoyaltyBearing\tNumberOfStreams',
];
const HEAD_HEADING =
  '#HEAD\tMessageVersion\tProfile\tProfileVersion\tMessageId\tMessageCreatedDateTime\tFileNumber\tNumberOfFiles\tUsageStartDate\tUsageEndDate\tSenderPartyId\tSenderName\tServiceDescription';

/** Escapes a value as DSR does: a backslash before a backslash, a `|` or a TAB. */
export function dsrEscape(value: string): string {
  return value.replace(/[\\|\t]/g, (c) => `\\${c}`);
}

const multi = (value: string | string[] | undefined) =>
  Array.isArray(value) ? value.map(dsrEscape).join('|') : dsrEscape(value ?? '');

const countOf = (usage: DsrUsage) =>
  typeof usage.count === 'number' ? usage.count - (usage.kind === 'download' ? (usage.returns ?? 0) : 0) : 0;

const blocksOf = (options: DsrFileOptions): Iterable<DsrBlock> =>
  typeof options.blocks === 'function' ? options.blocks() : options.blocks;

/** What the blocks add up to: lines per block, and each summary's usages (net of returns). */
function tally(blocks: Iterable<DsrBlock>) {
  const perSummary = new Map<string, number>();
  let lines = 0;
  let count = 0;
  for (const block of blocks) {
    count++;
    lines += (block.release ? 1 : 0) + block.resources.length;
    for (const usage of [...(block.releaseUsages ?? []), ...block.resources.flatMap((r) => r.usages)]) {
      lines++;
      perSummary.set(usage.summary, (perSummary.get(usage.summary) ?? 0) + countOf(usage));
    }
  }
  return { lines, blocks: count, perSummary };
}

/**
 * The lines of one file (without line ends). `report` carries what the whole report adds up to when the
 * file is one part of several (see dsrReportFiles).
 */
export function* dsrLines(
  options: DsrFileOptions,
  report?: { perSummary: Map<string, number>; lines: number; blocks: number },
): Generator<string> {
  const own = tally(blocksOf(options));
  const totals = report ?? own;
  const types = { ...DEFAULT_TYPES, ...options.recordTypes };
  const pad = (cells: Array<string | number>) => {
    const padded = cells.map(String);
    while (padded.length < (options.padTo ?? 0)) padded.push('');
    return padded.join('\t');
  };
  const fileNumber = options.fileNumber ?? 1;
  const numberOfFiles = options.numberOfFiles ?? 1;
  const headingLines = options.headings ? 1 + HEADINGS.length : 0;
  const linesInFile = 1 + headingLines + options.summaries.length + own.lines + 1;

  if (options.headings) yield HEAD_HEADING;
  const period = options.period ?? { start: '2026-01-01', end: '2026-01-31' };
  yield pad([
    'HEAD',
    'dsrf/1.1.2/1.6/1.4',
    'BasicAudioProfile',
    '1.3',
    options.messageId ?? 'MSG-1',
    '2026-02-05T10:00:00Z',
    fileNumber,
    numberOfFiles,
    period.start,
    period.end,
    options.senderPartyId ?? 'PADPIDA2011072101T',
    dsrEscape(options.sender ?? 'Spotify'),
    options.service ?? 'SpotifyPremium',
    'PADPIDA2026010101R',
    'Riffline',
  ]);
  if (options.headings) yield* HEADINGS.slice(0, 1);
  for (const summary of options.summaries)
    yield pad(summaryCells(summary, totals.perSummary.get(summary.id) ?? 0));
  if (options.headings) yield* HEADINGS.slice(1);

  let blockNumber = 0;
  for (const block of blocksOf(options)) {
    const blockId = `B${fileNumber}-${++blockNumber}`;
    let transaction = 0;
    const usageLine = (usage: DsrUsage, releaseRef: string, resourceRef: string, dspResourceId: string) => {
      const id = `${blockId}-${++transaction}`;
      const royalty = usage.royaltyBearing ?? 'true';
      const kind = usage.kind ?? 'stream';
      if (kind === 'ugc') {
        return pad([
          types.ugc,
          blockId,
          id,
          usage.summary,
          usage.ref ?? dspResourceId,
          usage.count,
          usage.netRevenue ?? '0',
          '',
          '',
          '',
          royalty,
        ]);
      }
      const head = [types[kind], blockId, usage.summary, id, releaseRef, resourceRef, royalty];
      return kind === 'download'
        ? pad([...head, 'false', usage.count, usage.returns ?? 0, '0.99'])
        : pad([...head, usage.count, '', '', 'OnDemandStream']);
    };
    if (block.release) {
      const r = block.release;
      yield pad([
        types.release,
        blockId,
        '1',
        `DSPREL-${blockId}`,
        '',
        '',
        r.icpn,
        multi(r.artist),
        '',
        dsrEscape(r.title),
        '',
        'Album',
      ]);
    }
    for (const [k, resource] of block.resources.entries()) {
      const resourceArtist = multi(resource.artist ?? block.release?.artist);
      yield pad([
        types.resource,
        blockId,
        `T${k + 1}`,
        `DSPRES-${blockId}-${k + 1}`,
        resource.isrc,
        dsrEscape(resource.title),
        '',
        resourceArtist,
        '',
        'PT3M30S',
        'SoundRecording',
      ]);
    }
    for (const usage of block.releaseUsages ?? []) yield usageLine(usage, usage.ref ?? '1', '', '');
    for (const [k, resource] of block.resources.entries()) {
      for (const usage of resource.usages) {
        yield usageLine(usage, '', usage.ref ?? `T${k + 1}`, `DSPRES-${blockId}-${k + 1}`);
      }
    }
  }

  const last = fileNumber === numberOfFiles;
  const footer = options.footer ?? {};
  yield pad([
    'FOOT',
    footer.linesInFile ?? linesInFile,
    footer.linesInReport ?? (last ? (report ? totals.lines : linesInFile) : ''),
    footer.summaries ?? options.summaries.length,
    footer.blocksInFile ?? own.blocks,
    footer.blocksInReport ?? (last ? totals.blocks : ''),
  ]);
}

function summaryCells(summary: DsrSummary, usages: number): string[] {
  const type = summary.recordType ?? 'SY02.03';
  const total = summary.totalUsages ?? String(usages);
  const common = [
    type,
    summary.id,
    summary.distributionChannel ?? '',
    '',
    summary.commercialModel ?? 'SubscriptionModel',
    summary.useType ?? 'OnDemandStream',
    summary.territory,
    'SpotifyPremium',
    total,
    '',
    summary.currency,
    summary.netRevenue,
  ];
  const exchange = [summary.currencyOfTransaction ?? '', summary.exchangeRate ?? ''];
  if (type.startsWith('SY01')) return type === 'SY01' ? common : [...common, '', ...exchange];
  // SY02: RightsController … RightsType (cells 13–18), then ContentCategory and the exchange cells from .02.
  const rights = ['', '', '', '', '', ''];
  return type === 'SY02.01' ? [...common, ...rights] : [...common, ...rights, 'Music', ...exchange];
}

/** The whole file as text, with its line ends (and one after the FOOT). */
export function dsrFile(options: DsrFileOptions): string {
  const end = options.lineEnd ?? '\n';
  return [...dsrLines(options)].join(end) + end;
}

/** The file as a stream of bytes in pieces of about 64 KiB, written as it is read. */
export function dsrStream(options: DsrFileOptions): Readable {
  const end = options.lineEnd ?? '\n';
  function* pieces() {
    let piece: string[] = [];
    let size = 0;
    for (const line of dsrLines(options)) {
      piece.push(line);
      size += line.length + end.length;
      if (size >= 65_536) {
        yield Buffer.from(piece.join(end) + end);
        piece = [];
        size = 0;
      }
    }
    if (piece.length) yield Buffer.from(piece.join(end) + end);
  }
  return Readable.from(pieces());
}

/**
 * A report in several files (same MessageId, FileNumber x of `parts`): the blocks shared out in order,
 * the same summaries in each file with the report's totals, and the report's line and block counts in
 * the last footer only, as DSR Part 1 has it.
 */
export function dsrReportFiles(options: DsrFileOptions, parts = 2): string[] {
  const blocks = [...blocksOf(options)];
  const size = Math.ceil(blocks.length / parts);
  const files = Array.from({ length: parts }, (_, i) => ({
    ...options,
    fileNumber: i + 1,
    numberOfFiles: parts,
    blocks: blocks.slice(i * size, (i + 1) * size),
  }));
  const headingLines = options.headings ? 1 + HEADINGS.length : 0;
  const whole = tally(blocks);
  const lines = files.reduce(
    (sum, file) => sum + 2 + headingLines + options.summaries.length + tally(file.blocks).lines,
    0,
  );
  const end = options.lineEnd ?? '\n';
  return files.map((file) => [...dsrLines(file, { ...whole, lines })].join(end) + end);
}

/**
 * Blocks for a benchmark: about `lines` lines in all, each block a release with `resourcesPerBlock`
 * tracks, each track streamed under one of the summaries (seeded, so the same options give the same file).
 * With a `catalogue`, the blocks take its releases' UPCs and ISRCs in turn, so that the lines match.
 */
export function manyBlocks({
  lines,
  summaries,
  resourcesPerBlock = 10,
  seed = 1,
  catalogue,
}: {
  lines: number;
  summaries: string[];
  resourcesPerBlock?: number;
  seed?: number;
  catalogue?: ReadonlyArray<{ upc: string; tracks: ReadonlyArray<{ isrc: string }> }>;
}): () => Iterable<DsrBlock> {
  const perBlock = 1 + 2 * resourcesPerBlock;
  const count = Math.max(1, Math.round(lines / perBlock));
  return function* () {
    const next = seededRandom(seed);
    for (let b = 0; b < count; b++) {
      const code = String(b).padStart(7, '0');
      const known = catalogue?.length ? catalogue[b % catalogue.length] : undefined;
      yield {
        release: { icpn: known?.upc ?? `0${code}00001`, title: `Release ${b}`, artist: 'Bench Artist' },
        resources: Array.from({ length: resourcesPerBlock }, (_, t) => ({
          isrc:
            known?.tracks[t % known.tracks.length]?.isrc ??
            `QZBEN${code.slice(-2)}${String((b * resourcesPerBlock + t) % 100_000).padStart(5, '0')}`,
          title: `Track ${t + 1}`,
          usages: [
            {
              summary: summaries[Math.floor(next() * summaries.length)]!,
              count: 1 + Math.floor(next() * 5_000),
            },
          ],
        })),
      };
    }
  };
}

/** A value with up to 8 decimals as an integer of 10^-8. */
const e8 = (text: string) => {
  const [whole, fraction = ''] = text.replace('-', '').split('.');
  const value = BigInt(whole!) * 100_000_000n + BigInt(fraction.padEnd(8, '0'));
  return text.startsWith('-') ? -value : value;
};

/**
 * What importing the file must give, by the allocation rule worked out here on its own: each summary's
 * revenue shared by its lines' usages at 10^-8, the rest to the largest remainders; each line to USD
 * at the summary's ExchangeRate from USD, else SPEC §9's rate; each artist's month rounded down.
 */
export function dsrExpected(
  options: DsrFileOptions,
  owners: Map<string, { userId: string; releaseId: string }>,
  commission: string,
) {
  const lines: Array<{ summary: string; units: number; code: string }> = [];
  for (const block of options.blocks as DsrBlock[]) {
    for (const u of block.releaseUsages ?? [])
      lines.push({ summary: u.summary, units: Number(u.count), code: block.release!.icpn });
    for (const r of block.resources)
      for (const u of r.usages) lines.push({ summary: u.summary, units: Number(u.count), code: r.isrc });
  }
  const royalties = new Map<string, bigint>();
  const usage = new Map<string, { streams: number; revenueUsd: bigint }>();
  for (const s of options.summaries) {
    const mine = lines.filter((l) => l.summary === s.id);
    const total = BigInt(mine.reduce((n, l) => n + l.units, 0));
    // Shared as a positive amount, the sign put back after: a refund is split as a payment is.
    const signed = e8(s.netRevenue);
    const net = signed < 0n ? -signed : signed;
    const parts = mine.map((l, i) => ({
      l,
      i,
      base: (net * BigInt(l.units)) / total,
      rest: (net * BigInt(l.units)) % total,
    }));
    let left = net - parts.reduce((n, p) => n + p.base, 0n);
    for (const p of [...parts].sort((a, b) => (b.rest > a.rest ? 1 : b.rest < a.rest ? -1 : a.i - b.i))) {
      if (left <= 0n) break;
      p.base += 1n;
      left -= 1n;
    }
    if (signed < 0n) for (const p of parts) p.base = -p.base;
    const rate6 =
      s.currencyOfTransaction === 'USD' && s.exchangeRate
        ? e8(s.exchangeRate) / 100n
        : e8(ratesPerUsd[s.currency as Currency]) / 100n;
    for (const { l, base } of parts) {
      const owner = owners.get(l.code);
      if (!owner) continue;
      const usd = s.currency === 'USD' ? base : roundDiv(base * 1_000_000n, rate6);
      const key = `${owner.userId}|${owner.releaseId}`;
      royalties.set(key, (royalties.get(key) ?? 0n) + usd);
      const artist = usage.get(owner.userId) ?? { streams: 0, revenueUsd: 0n };
      artist.streams += l.units;
      artist.revenueUsd += usd;
      usage.set(owner.userId, artist);
    }
  }
  const bp = e8(commission) / 1_000_000n;
  return {
    royalties: new Map(
      [...royalties].map(([k, gross]) => [k, floorDiv(gross * (10_000n - bp), 1_000_000n * 10_000n)]),
    ),
    usage,
  };
}
