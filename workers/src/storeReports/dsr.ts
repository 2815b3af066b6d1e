/**
 * The DDEX DSR flat-file reader: Basic Audio Profile 1.1–1.3 (multi-record block variant) and the UGC
 * profile's money-bearing SU03 lines. A file is HEAD, summary records, blocks (a release, its resources,
 * their usage lines) and FOOT; cell positions below are those of the dsrf schemas and DSR Part 8, counted
 * from 0 (cell 0 is the record type; the standard counts from 1, as the messages do).
 */
import { ReportFileProblem, type FileFacts, type LineReader, type ReportSink } from './usage.ts';
import type { SummaryRecord } from './usage.ts';

/** FOOT cells, each against what the file holds; the report's own are optional, and checked in a one-file report. */
const FOOT = [
  { at: 1, name: 'NumberOfLinesInFile', of: 'file', counts: 'lines' },
  { at: 2, name: 'NumberOfLinesInReport', of: 'report', counts: 'lines' },
  { at: 3, name: 'NumberOfSummaryRecords', of: 'file', counts: 'summary records' },
  { at: 4, name: 'NumberOfBlocksInFile', of: 'file', counts: 'blocks' },
  { at: 5, name: 'NumberOfBlocksInReport', of: 'report', counts: 'blocks' },
] as const;
/**
 * Summary cells by type; SummaryRecordId 1, DistributionChannel 2, CommercialModel 4, UseType 5 and
 * Territory 6 are common to all. Versions keep these positions and add cells after them: SY01 (1.1) and
 * SY02.01 end before CurrencyOfTransaction, which then reads as ''.
 */
const SY01 = { usages: 8, currency: 10, netRevenue: 11, currencyOfTransaction: 13, exchangeRate: 14 };
const SY02 = { ...SY01, currencyOfTransaction: 19, exchangeRate: 20 };
/**
 * Usage cells. SU01 (downloads) and SU02 (streams), every version, name a release (4) or a resource (5) of
 * the block by reference; UseType (from .02) and later cells are not read. SU03 (UGC) names the release by
 * DspReleaseId (4) in SU03.01, the resource by DspResourceId from .02, and gives its own NetRevenue (6).
 */
const SU = {
  SU01: { saleType: 'download', summary: 2, royaltyBearing: 6, count: 8, name: 'Usages' },
  SU02: { saleType: 'stream', summary: 2, royaltyBearing: 6, count: 7, name: 'NumberOfStreams' },
  SU03: { saleType: 'ugc', summary: 3, royaltyBearing: 10, count: 5, name: 'Usages' },
} as const;
const READ_TYPES = 'HEAD, SY01, SY02, RE01, RE02, AS01, AS02, MW01, SU01, SU02, SU03 and FOOT';

/** A release (`code` its ICPN) or a resource (`code` its ISRC) of the block. */
type Item = { dspId: string; code: string; title: string; artist: string };
/** A summary, with the units of the valid lines naming it for the reconciliation. */
type Summary = { record: SummaryRecord; store: string; units: number };

export function dsrReader(sink: ReportSink): LineReader {
  let facts: FileFacts | null = null;
  let usageStart = '';
  let usageEnd = '';
  let headLine = 0;
  const summaries = new Map<string, Summary>();
  let foot: string[] | null = null;
  let footLine = 0;
  /** The last line that is not empty (the file's line count, a final line break aside). */
  let lastLine = 0;
  let blocks = 0;
  let firstBlockLine = 0;
  let blockId: string | null = null;
  let headRelease: Item | null = null;
  const releases = new Map<string, Item>();
  const resources = new Map<string, Item>();
  // The line being read: its cells (also handed to the readers below, which is faster), number and type.
  let row: string[] = [];
  let n = 0;
  let type = '';
  // The line's cells as the file gives them, for a usage the import's checks turn down: one function for
  // every line, valid during the sink's usage() call (the sink is synchronous).
  const fields = () => shown(row);
  const invalid = (reason: string) => sink.invalid(n, reason, shown(row));
  const missing = (what: string, ref: string) =>
    `names ${what} "${ref}", which block "${blockId}" does not describe`;

  function record(cells: string[]): void {
    type = cells[0]!.trim();
    if (footLine) throw problem(n, `a ${type} record after the FOOT record (line ${footLine})`);
    const base = type.length === 4 || type.charCodeAt(4) === 46 ? type.slice(0, 4) : type;
    if (!facts && base !== 'HEAD') throw problem(n, `the file must start with a HEAD record, not ${type}`);
    switch (base) {
      case 'SU01': // SU.SU01 rather than SU[base], which would look a fresh string up on every line.
        return usage(cells, SU.SU01);
      case 'SU02':
        return usage(cells, SU.SU02);
      case 'SU03':
        return usage(cells, SU.SU03);
      case 'AS01':
      case 'AS02':
        return resource(cells);
      case 'RE01':
      case 'RE02':
        return release(cells, base === 'RE02');
      case 'MW01': // Musical work details: nothing the import reads, but part of the block.
        return enterBlock(cells);
      case 'HEAD':
        return head(cells);
      case 'SY01':
      case 'SY02':
        return summary(cells, base === 'SY01' ? SY01 : SY02);
      case 'FOOT':
        foot = cells;
        footLine = n;
        return;
    }
    const upper = type.toUpperCase();
    if (upper === type) throw problem(n, `unknown record type "${type}" (the import reads ${READ_TYPES})`);
    cells[0] = upper;
    record(cells);
  }

  function head(cells: string[]): void {
    if (facts) throw problem(n, `a second HEAD record (the first is on line ${headLine})`);
    const messageId = text(cells[4]);
    if (!messageId) throw problem(n, 'the HEAD record has no MessageId (cell 5)');
    usageStart = headDate(cells, 8, 'UsageStartDate', false);
    usageEnd = headDate(cells, 9, 'UsageEndDate', true);
    if (usageEnd < usageStart)
      throw problem(
        n,
        `the HEAD record's UsageEndDate ${usageEnd} is before its UsageStartDate ${usageStart}`,
      );
    const fileNumber = headCount(cells, 6, 'FileNumber');
    const numberOfFiles = headCount(cells, 7, 'NumberOfFiles');
    if (fileNumber > numberOfFiles)
      throw problem(n, `the HEAD record says file ${fileNumber} of ${numberOfFiles}`);
    const sender = text(cells[11]) || text(cells[10]) || null;
    const service = text(cells[12]) || null;
    facts = { format: 'dsr', messageId, sender, service, usageStart, usageEnd, fileNumber, numberOfFiles };
    headLine = n;
    sink.head?.(facts);
  }

  /** A DSR date (YYYY, YYYY-MM or YYYY-MM-DD) as the first or last day it covers, `YYYY-MM-DD`. */
  function headDate(cells: string[], at: number, name: string, end: boolean): string {
    const given = text(cells[at]);
    if (!given) throw problem(n, `the HEAD record has no ${name} (cell ${at + 1})`);
    const match = /^(\d{4})(?:-(\d{2})(?:-(\d{2}))?)?$/.exec(given);
    const month = match?.[2] ? Number(match[2]) : end ? 12 : 1;
    const last = match ? new Date(Date.UTC(Number(match[1]), month, 0)).getUTCDate() : 0;
    const day = match?.[3] ? Number(match[3]) : end ? last : 1;
    if (!match || month < 1 || month > 12 || day < 1 || day > last)
      throw problem(n, `the HEAD record's ${name} "${given}" is not a date (YYYY, YYYY-MM or YYYY-MM-DD)`);
    return `${match[1]}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
  }

  function headCount(cells: string[], at: number, name: string): number {
    const given = text(cells[at]);
    const count = given ? wholeNumber(given) : 1;
    if (count < 1) throw problem(n, `the HEAD record's ${name} "${given}" is not a file count`);
    return count;
  }

  function summary(cells: string[], layout: typeof SY01): void {
    if (blocks > 0)
      throw problem(n, `a ${type} summary record after the first block (line ${firstBlockLine})`);
    const id = first(cells[1]);
    if (!id) throw problem(n, `the ${type} record has no SummaryRecordId (cell 2)`);
    const seen = summaries.get(id);
    if (seen) throw problem(n, `summary "${id}" is given twice (first on line ${seen.record.line})`);
    const record: SummaryRecord = {
      line: n,
      id,
      country: first(cells[6]),
      commercialModel: first(cells[4]),
      useType: first(cells[5]),
      totalUsages: text(cells[layout.usages]),
      currency: first(cells[layout.currency]),
      netRevenue: text(cells[layout.netRevenue]),
      currencyOfTransaction: first(cells[layout.currencyOfTransaction]),
      exchangeRate: text(cells[layout.exchangeRate]),
    };
    // The DistributionChannel is the store when the sender reports on a store's behalf.
    summaries.set(id, { record, store: first(cells[2]) || facts!.sender || '', units: 0 });
    sink.summary(record);
  }

  /** Takes the record into its block: a new BlockId starts a new block, whose references are its own. */
  function enterBlock(cells: string[]): void {
    if (summaries.size === 0)
      throw problem(n, `a ${cells[0]} record (part of a block) before any summary record`);
    const id = text(cells[1]);
    if (id === blockId) return;
    blockId = id;
    blocks++;
    if (firstBlockLine === 0) firstBlockLine = n;
    headRelease = null;
    releases.clear();
    resources.clear();
  }

  /** RE01, and RE02 (a sub-release: no ICPN, so its usages cannot be matched to a release of ours). */
  function release(cells: string[], sub: boolean): void {
    enterBlock(cells);
    const dspId = first(cells[3]);
    const item = sub
      ? { dspId, code: '', title: '', artist: '' }
      : { dspId, code: first(cells[6]), title: text(cells[9]), artist: joined(cells[7]) };
    if (!sub) headRelease ??= item;
    releases.set(first(cells[2]), item);
  }

  /** AS01 and AS02 share their first cells; AS02 adds work details after them. */
  function resource(cells: string[]): void {
    enterBlock(cells);
    resources.set(first(cells[2]), {
      dspId: first(cells[3]),
      code: first(cells[4]),
      title: text(cells[5]),
      artist: joined(cells[7]),
    });
  }

  /** A count of downloads, streams or UGC usages naming a release or a resource of the block. */
  function usage(cells: string[], at: (typeof SU)[keyof typeof SU]): void {
    enterBlock(cells);
    const id = first(cells[at.summary]);
    const summary = summaries.get(id);
    if (!summary)
      return invalid(
        id ? `names summary "${id}", which the file does not hold` : 'names no summary (SummaryRecordId)',
      );
    // IsRoyaltyBearing, TRUE or FALSE in any case; empty reads as true (the cell is optional in SU02). A
    // line the store owes nothing for is kept as invalid with that reason, so it neither earns nor vanishes.
    const flag = first(cells[at.royaltyBearing]);
    const bearing = flag === '' || flag === 'true' || flag === 'TRUE' ? 'true' : flag.toLowerCase();
    if (bearing === 'false')
      return invalid(`not royalty-bearing (IsRoyaltyBearing ${flag}): the store owes nothing for it`);
    if (bearing !== 'true') return invalid(`IsRoyaltyBearing "${flag}" is neither TRUE nor FALSE`);
    const ugc = at.saleType === 'ugc';
    const given = first(cells[at.count]) || (ugc ? '0' : '');
    const sold = wholeNumber(given);
    if (sold < 0) return invalid(`${at.name} "${given}" is not a whole number`);
    let units = ugc ? String(sold) : given;
    if (at.saleType === 'download') {
      // Downloads count net of returns: a returned (refunded) sale earns nothing.
      const returns = first(cells[9]) || '0';
      const returned = wholeNumber(returns);
      if (returned < 0) return invalid(`Returns "${returns}" is not a whole number`);
      if (returned > sold) return invalid(`more downloads returned (${returned}) than sold (${sold})`);
      units = String(sold - returned);
    }
    let release: Item | undefined, resource: Item | undefined;
    let ref = first(cells[4]);
    let netRevenue = '';
    if (ugc) {
      netRevenue = first(cells[6]);
      if (!DECIMAL.test(netRevenue)) return invalid(`NetRevenue "${netRevenue}" is not a number`);
      const byRelease = type.endsWith('.01');
      let found: Item | undefined;
      for (const item of (byRelease ? releases : resources).values()) if (item.dspId === ref) found = item;
      if (!found)
        return invalid(missing(byRelease ? 'release (DspReleaseId)' : 'resource (DspResourceId)', ref));
      if (byRelease) release = found;
      else resource = found;
    } else {
      const resourceRef = first(cells[5]);
      if (!ref && !resourceRef)
        return invalid('names neither a release nor a resource (cells 5 and 6 are empty)');
      release = ref ? releases.get(ref) : undefined;
      if (ref && !release) return invalid(missing('release', ref));
      resource = resourceRef ? resources.get(resourceRef) : undefined;
      if (resourceRef && !resource) return invalid(missing('resource', resourceRef));
      ref = resourceRef || ref;
    }
    // A usage of `resource` is matched by its ISRC, one of `release` by its ICPN: without either, by nothing.
    const isrc = resource ? resource.code : '';
    const upc = release ? release.code : '';
    if (!isrc && !upc)
      return invalid(
        `names ${resource ? `resource "${ref}", which gives no ISRC` : `release "${ref}", which gives no ICPN`}`,
      );
    summary.units += Number(units);
    const { record, store } = summary;
    const currency = ugc ? record.currencyOfTransaction || record.currency : '';
    const named = release ?? headRelease;
    sink.usage(
      n,
      {
        store,
        country: record.country,
        start: usageStart,
        end: usageEnd,
        isrc,
        upc,
        saleType: at.saleType,
        units,
        netRevenue,
        currency,
        summaryId: record.id,
        listeners: '',
        track: resource ? resource.title : '',
        release: named ? named.title : '',
        artist: resource?.artist || (named ? named.artist : ''),
      },
      fields,
    );
  }

  function line(text: string, number: number): void {
    if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
    if (text.charCodeAt(text.length - 1) === 13) text = text.slice(0, -1);
    if (text.length === 0) return;
    lastLine = number;
    if (text.charCodeAt(0) === HASH) return;
    const cells = split(text, '\t');
    // Rows padded with empty cells read as the record without them; a row of only tabs is an empty record.
    let length = cells.length;
    while (length > 0 && cells[length - 1] === '') length--;
    if (length === 0) return;
    cells.length = length;
    row = cells;
    n = number;
    record(cells);
  }

  /** The footer's counts against the file, and each summary's TotalUsages against its lines. */
  function end(): FileFacts {
    if (!facts) throw new ReportFileProblem('The file holds no HEAD record: it is not a DSR file.');
    if (!foot) throw problem(lastLine, 'the file ends without a FOOT record');
    const single = facts.numberOfFiles === 1;
    const held = { lines: lastLine, 'summary records': summaries.size, blocks };
    const where = `The footer (line ${footLine})`;
    for (const { at, name, of, counts } of FOOT) {
      const stated = text(foot[at]);
      const count = wholeNumber(stated);
      if (of === 'report' && (!single || stated === '')) continue;
      if (stated === '') sink.warn(`${where} does not give ${name}.`);
      else if (count < 0) sink.warn(`${where} gives ${name} "${stated}", which is not a whole number.`);
      else if (count !== held[counts])
        sink.warn(`${where} says the ${of} has ${count} ${counts} (${name}), but it has ${held[counts]}.`);
    }
    // A report in several files repeats its summaries in each, with the report's totals: no one file can check them.
    if (!single) return facts;
    for (const { record, units } of summaries.values()) {
      const where = `Summary "${record.id}" (${record.country} ${record.commercialModel}, line ${record.line})`;
      const stated = wholeNumber(record.totalUsages);
      if (stated < 0)
        sink.warn(`${where} gives "${record.totalUsages}" as its total usages, which is not a whole number.`);
      else if (stated !== units)
        sink.warn(
          `${where} states ${stated} usages, but the valid usage lines naming it add up to ${units}.`,
        );
    }
    return facts;
  }

  return { line, end };
}

const HASH = 35;
const BACKSLASH = 92;
const DECIMAL = /^-?\d+(?:\.\d+)?$/;

/** A line's cells as an admin reads them: unescaped, without the padding. */
const shown = (cells: readonly string[]): string[] => cells.map(text);

const problem = (line: number, message: string) => new ReportFileProblem(`Line ${line}: ${message}.`);

/** A count as DSR writes it: digits, or digits and a zero fraction where the cell is a decimal; -1 otherwise. */
const wholeNumber = (given: string): number => (/^\d+(\.0+)?$/.test(given) ? Number.parseInt(given, 10) : -1);

/**
 * `whole` split at each `sep` but an escaped one (after an odd run of backslashes, `\\` being an escaped
 * backslash), which stays in its cell as written for text() to unescape, as it does `\|` and `\\`.
 */
function split(whole: string, sep: '\t' | '|'): string[] {
  const parts = whole.split(sep);
  if (whole.indexOf('\\') === -1) return parts;
  const out = [parts[0]!];
  for (let i = 1; i < parts.length; i++) {
    const last = out[out.length - 1]!;
    let run = 0;
    while (last.charCodeAt(last.length - 1 - run) === BACKSLASH) run++;
    if (run % 2 === 1) out[out.length - 1] = last + sep + parts[i];
    else out.push(parts[i]!);
  }
  return out;
}

/** The values of a multi-value cell, unescaped and trimmed. */
const values = (cell: string) => split(cell, '|').map(text);

/** The first value of a cell, where one is needed (an identifier, a number, a code). */
function first(cell: string | undefined): string {
  if (!cell) return '';
  if (cell.indexOf('\\') !== -1) return values(cell)[0]!;
  const bar = cell.indexOf('|');
  return (bar === -1 ? cell : cell.slice(0, bar)).trim();
}

/** All the values of a cell, joined with ', ' (the artists of a DisplayArtistName). */
function joined(cell: string | undefined): string {
  if (!cell || cell.indexOf('|') === -1) return text(cell);
  return values(cell).filter(Boolean).join(', ');
}

/** A cell as free text (a title): unescaped, any `|` in it kept as written. */
function text(cell: string | undefined): string {
  if (!cell) return '';
  if (cell.indexOf('\\') === -1) return cell.trim();
  return cell.replace(/\\([\\|\t])/g, '$1').trim();
}
