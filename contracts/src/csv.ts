/**
 * The CSV files the admin console writes (its list exports): one writer, so that every export follows the
 * same rule against formula injection. A spreadsheet runs a cell that starts with `=`, `+`, `-` or `@`
 * as a formula (and some treat a leading tab or carriage return the same way), so a newsletter address
 * such as `=cmd|'/Ccalc'!A0@evil.example` could run on the admin's machine. Such a cell gets a single
 * quote in front (OWASP's advice): the spreadsheet shows it as text, and the value stays readable.
 */

const FORMULA_START = /^[=+\-@\t\r]/;

/** `text` as a spreadsheet shows it and never runs: a single quote before a leading `=`, `+`, `-`, `@`, tab or CR. */
export const neutralizeCsvFormula = (text: string): string => (FORMULA_START.test(text) ? `'${text}` : text);

/** One value as text: nothing for null, ISO 8601 for a date, JSON for an object. */
function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** One cell of a CSV line: neutralized, and quoted (RFC 4180) when it holds a comma, a quote or a line break. */
export function csvCell(value: unknown): string {
  const text = neutralizeCsvFormula(cellText(value));
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/**
 * A record as one CSV row: nested objects become `parent.child` columns, lists one cell (their items
 * joined by "; "), as react-admin's own exporter lays them out.
 */
export function flattenForCsv(record: object, prefix = ''): Record<string, unknown> {
  const row: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(record)) {
    const name = prefix + key;
    if (Array.isArray(value)) row[name] = value.map(cellText).join('; ');
    else if (value !== null && typeof value === 'object' && !(value instanceof Date)) {
      Object.assign(row, flattenForCsv(value, `${name}.`));
    } else row[name] = value;
  }
  return row;
}

/** The CSV text of these rows: a header of `columns` (else theirs, in order of appearance), then a line per row. */
export function toCsv(
  rows: ReadonlyArray<Record<string, unknown>>,
  columns: readonly string[] = [...new Set(rows.flatMap((row) => Object.keys(row)))],
): string {
  return [columns, ...rows.map((row) => columns.map((column) => row[column]))]
    .map((cells) => cells.map(csvCell).join(','))
    .join('\n');
}
