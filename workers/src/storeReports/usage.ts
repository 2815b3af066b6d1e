import type { StoreReportFacts, UsageText } from '@riffline/contracts';

/**
 * What every format's reader hands the import: usage lines as text cells, the summaries whose revenue
 * they share (DSR), warnings, and what the file says about itself. The rest of the import does not know
 * which format it read; the cells are checked by one rule set (checkUsage in @riffline/contracts).
 */

/** A problem with the file as a whole: the job fails with this message and nothing of it counts. */
export class ReportFileProblem extends Error {
  override name = 'ReportFileProblem';
}

/** One usage line's cells as text, trimmed; '' where the format has nothing to say. */
export type UsageCells = UsageText;

/** A DSR summary record: the revenue of one territory × commercial model × use type, shared by its lines. */
export interface SummaryRecord {
  /** The line it was read from. */
  line: number;
  /** SummaryRecordId, unique within the report. */
  id: string;
  country: string;
  commercialModel: string;
  useType: string;
  /** TotalUsages as the store states it (text; checked against the lines naming it). */
  totalUsages: string;
  /** CurrencyOfReporting. */
  currency: string;
  netRevenue: string;
  currencyOfTransaction: string;
  exchangeRate: string;
}

/** A line's cells as read: by the header's names (CSV) or in order (DSR). */
export type LineFields = Readonly<Record<string, string>> | readonly string[];

/** Where a reader puts what it reads (synchronous: the import writes it in batches meanwhile). */
export interface ReportSink {
  /** What the file says about itself, as soon as it says it (DSR's HEAD; a CSV is file 1 of 1). */
  head?(facts: FileFacts): void;
  /** `fields`: the line's cells as read, kept should the line turn out invalid. */
  usage(line: number, cells: UsageCells, fields?: () => LineFields): void;
  /** A line that says something, but not a usage the import can read: kept as invalid, with its cells. */
  invalid(line: number, reason: string, cells: LineFields): void;
  summary(summary: SummaryRecord): void;
  /** Something an admin must see (a footer that disagrees with its file): the report is flagged. */
  warn(message: string): void;
}

/** What a file says about itself (DSR's HEAD; little for a CSV). */
export type FileFacts = StoreReportFacts;

/** A format read a line at a time (DSR); CSV layouts are read through csv-parse instead (csv.ts). */
export interface LineReader {
  /** The next line of the file, without its line break, and its 1-based number. */
  line(text: string, number: number): void;
  /** After the last line: what the file says about itself. Throws ReportFileProblem where it is broken. */
  end(): FileFacts;
}
