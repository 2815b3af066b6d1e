import { flattenForCsv, toCsv } from '@riffline/contracts';
import { downloadCSV, type Exporter } from 'react-admin';

/**
 * The console's CSV download, for every list that has an Export button: react-admin's own exporter
 * writes cells as they are, so a name or an address starting with `=` would run as a formula in the
 * admin's spreadsheet. contracts' toCsv neutralizes such cells (tested in contracts/src/csv.test.ts).
 */
export function downloadCsv(rows: ReadonlyArray<Record<string, unknown>>, fileName: string): void {
  downloadCSV(toCsv(rows), fileName);
}

/** A list's `exporter`: the records as they came from the API, a column per field, named after the resource. */
export const csvExporter: Exporter = (records: object[], _fetchRelated, _dataProvider, resource) =>
  downloadCsv(
    records.map((record) => flattenForCsv(record)),
    resource ?? 'export',
  );
