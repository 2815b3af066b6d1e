/**
 * Every CSV the admin console writes goes through contracts' toCsv (contracts/src/csv.ts), which keeps a
 * cell starting with `=`, `+`, `-` or `@` from running as a formula. react-admin gives each list an
 * Export button writing its records as they are unless the list names its own `exporter`, so each
 * react-admin `<List>` must name one (`csvExporter`, or `false` for none), and nothing may call
 * react-admin's `defaultExporter` or its `downloadCSV` except web-admin/src/common/csvExporter.ts.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const src = path.join(root, 'web-admin/src');
const WRITER = 'common/csvExporter.ts';

const files = (fs.readdirSync(src, { recursive: true }) as string[])
  .filter((file) => /\.tsx?$/.test(file))
  .map((file) => ({ file, source: fs.readFileSync(path.join(src, file), 'utf8') }));

/** Whether the file's `List` is react-admin's (not MUI's). */
const importsAdminList = (source: string) =>
  [...source.matchAll(/import\s*\{([^}]*)\}\s*from\s*'react-admin'/g)].some(([, names]) =>
    names!.split(',').some((name) => name.trim() === 'List'),
  );

describe("the console's CSV exports", () => {
  it('every react-admin list names its exporter: the neutralizing csvExporter, or false', () => {
    const lists = files.filter(({ source }) => importsAdminList(source));
    expect(lists.length).toBeGreaterThan(5);
    const unnamed = lists
      .filter(({ source }) => {
        const opened = source.match(/<List\b/g)?.length ?? 0;
        const named = source.match(/\bexporter=\{(?:false|csvExporter)\}/g)?.length ?? 0;
        return named < opened;
      })
      .map(({ file }) => file);
    expect(unnamed).toEqual([]);
  });

  it("nothing but the console's one writer makes CSV text", () => {
    const writers = files
      .filter(({ source }) => /\b(?:defaultExporter|downloadCSV|jsonexport)\b/.test(source))
      .map(({ file }) => file.split(path.sep).join('/'));
    expect(writers).toEqual([WRITER]);
  });
});
