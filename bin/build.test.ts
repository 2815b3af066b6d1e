import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildInputs, inputsHash, staleReason, writeStamp } from './build.ts';

/** A repository in miniature: one web app importing a workspace package and a file next to it. */
const root = fs.mkdtempSync(path.join(os.tmpdir(), 'riffline-build-'));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

function write(file: string, text: string): void {
  fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  fs.writeFileSync(path.join(root, file), text);
}
const rel = (files: string[]) => files.map((f) => path.relative(root, f).split(path.sep).join('/'));

write('package-lock.json', '{}');
write('app/package.json', '{"name":"app"}');
write('app/index.html', '<script type="module" src="/src/main.tsx"></script>');
write('app/vite.config.ts', 'export default {};');
write(
  'app/src/main.tsx',
  [
    "import { money } from '@x/shared/money';",
    "import type { Shape } from '../../lib/shape';",
    "import React from 'react';",
    "const page = () => import('./page.tsx');",
  ].join('\n'),
);
write('app/src/page.tsx', 'export default 1;');
write('app/e2e/app.spec.ts', "import { test } from '@playwright/test';");
write('lib/shape.ts', "import { unit } from './unit.ts';\nexport type Shape = typeof unit;");
write('lib/unit.ts', 'export const unit = 1;');
write('lib/unused.ts', 'export const unused = 1;');
write('shared/package.json', '{"name":"@x/shared","exports":{".":"./src/index.ts","./*":"./src/*.ts"}}');
write('shared/src/money.ts', "export { cents } from './cents.ts';\nexport const money = 1;");
write('shared/src/cents.ts', 'export const cents = 100;');
write('shared/src/other.ts', 'export const other = 1;');
write('node_modules/react/package.json', '{"name":"react","main":"index.js"}');
write('node_modules/react/index.js', 'module.exports = {};');
fs.mkdirSync(path.join(root, 'node_modules/@x'), { recursive: true });
fs.symlinkSync(path.join(root, 'shared'), path.join(root, 'node_modules/@x/shared'));

describe('bin/build.ts: which web apps `make start` rebuilds', () => {
  it('takes the app, what it imports of ours (transitively) and the lockfile, not dependencies or tests', () => {
    expect(rel(buildInputs('app', root))).toEqual([
      'app/index.html',
      'app/package.json',
      'app/src/main.tsx',
      'app/src/page.tsx',
      'app/vite.config.ts',
      'lib/shape.ts',
      'lib/unit.ts',
      'package-lock.json',
      'shared/package.json',
      'shared/src/cents.ts',
      'shared/src/money.ts',
    ]);
  });

  it('includes contracts/src once it exists', () => {
    write('contracts/src/index.ts', 'export const a = 1;');
    expect(rel(buildInputs('app', root))).toContain('contracts/src/index.ts');
  });

  it('rebuilds when an input changes, by content, and skips otherwise', () => {
    expect(staleReason('app', inputsHash('app', root), root)).toBe('no build yet');
    write('app/dist/index.html', '<html></html>');
    expect(staleReason('app', inputsHash('app', root), root)).toBe('built without a record of its inputs');
    writeStamp('app', inputsHash('app', root), root);
    expect(staleReason('app', inputsHash('app', root), root)).toBeNull();

    // Not inputs: files the app does not import, its browser tests, a touch without a change.
    write('lib/unused.ts', 'export const unused = 2;');
    write('shared/src/other.ts', 'export const other = 2;');
    write('app/e2e/app.spec.ts', '// changed');
    const later = new Date(Date.now() + 60_000);
    fs.utimesSync(path.join(root, 'app/src/page.tsx'), later, later);
    expect(staleReason('app', inputsHash('app', root), root)).toBeNull();

    for (const [file, text] of [
      ['app/src/page.tsx', 'export default 2;'],
      ['shared/src/cents.ts', 'export const cents = 1000;'],
      ['lib/unit.ts', 'export const unit = 2;'],
      ['contracts/src/index.ts', 'export const a = 2;'],
      ['package-lock.json', '{"lockfileVersion":3}'],
      ['app/src/new.ts', 'export {};'],
    ] as const) {
      write(file, text);
      expect(staleReason('app', inputsHash('app', root), root), file).toBe('sources changed');
      writeStamp('app', inputsHash('app', root), root);
    }

    fs.rmSync(path.join(root, 'app/dist/index.html'));
    expect(staleReason('app', inputsHash('app', root), root)).toBe('no build yet');
  });
});
