/**
 * The package boundaries of DESIGN.md §1 and the one-write-path rule hold by construction: `make lint`
 * (ESLint) refuses each forbidden import, and every package names what it makes public.
 */
import fs from 'node:fs';
import path from 'node:path';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');
let eslint: ESLint;
beforeAll(() => {
  eslint = new ESLint({ cwd: root });
});

async function problems(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return (result?.messages ?? []).map((m) => `${m.ruleId}: ${m.message}`);
}

const forbidden: Array<[string, string, string]> = [
  ['a web app imports db', 'web-artist/src/pages/x.tsx', "import { User } from '@riffline/db';"],
  ['a web app imports db by path', 'web-admin/src/x.ts', "import { User } from '../../db/src/index.ts';"],
  ['a web app imports api', 'web-artist/src/x.ts', "import { x } from '@riffline/api/server';"],
  ['a web app imports workers', 'web-admin/src/x.ts', "import { startWorkers } from '@riffline/workers';"],
  ['contracts imports db', 'contracts/src/x.ts', "import { User } from '@riffline/db';"],
  ['contracts imports out of its folder', 'contracts/src/x.ts', "import { x } from '../../api/src/app.ts';"],
  ['api imports workers', 'api/src/x.ts', "import { startWorkers } from '@riffline/workers';"],
  [
    'an api test imports workers',
    'api/src/routes/x/x.int.test.ts',
    "import { startWorkers } from '../../../../workers/src/index.ts';",
  ],
  ['workers import api', 'workers/src/x.ts', "import { x } from '@riffline/api/server';"],
  [
    'a workers test imports api',
    'workers/src/x/x.int.test.ts',
    "import { reviewApplication } from '../../../api/src/commands/applications/applicationReviewer.ts';",
  ],
  ['db imports api', 'db/src/x.ts', "import { x } from '../../api/src/app.ts';"],
  ['db imports workers', 'db/src/x.ts', "import { startWorkers } from '@riffline/workers';"],
  [
    'a migration imports a live enumeration',
    'db/src/migrations/20990101000000_x.ts',
    "import { roles } from '@riffline/contracts';",
  ],
];

describe('make lint refuses', () => {
  it.each(forbidden)('%s', async (_name, file, code) => {
    const found = await problems(file, `${code}\nexport const used = [];\n`);
    expect(
      found.some((p) => p.startsWith('no-restricted-imports:')),
      found.join('\n'),
    ).toBe(true);
  });

  it('a route handler that writes or appends its own event', async () => {
    const found = await problems(
      'api/src/routes/public/x/index.ts',
      [
        "import { appendEvent, ContactMessage, type Db } from '@riffline/db';",
        'export const handler = (db: Db) =>',
        '  db.transaction(async (trx) => {',
        "    await ContactMessage.query(trx).insert({ name: 'n' });",
        "    await appendEvent(trx, { type: 'contact.received', aggregateId: 'x', payload: {} as never });",
        '  });',
      ].join('\n'),
    );
    expect(found.filter((p) => p.startsWith('no-restricted-syntax:'))).toHaveLength(2);
    expect(found.filter((p) => p.startsWith('no-restricted-imports:'))).toHaveLength(1);
  });
});

describe('make lint allows', () => {
  it.each([
    [
      'a web app imports contracts',
      'web-artist/src/x.ts',
      "import { supportTicketStatuses } from '@riffline/contracts';",
    ],
    [
      'api imports db and contracts',
      'api/src/x.ts',
      "import { User } from '@riffline/db';\nimport { roles } from '@riffline/contracts';",
    ],
    ['workers import db', 'workers/src/x.ts', "import { connect } from '@riffline/db';"],
    ['db imports contracts', 'db/src/x.ts', "import { roles } from '@riffline/contracts';"],
    ['a command writes', 'api/src/commands/x/x.ts', "import { appendEvent } from '@riffline/db';"],
  ])('%s', async (_name, file, code) => {
    const found = await problems(file, `${code}\nexport const used = [];\n`);
    expect(found.filter((p) => p.startsWith('no-restricted-'))).toEqual([]);
  });
});

describe('package exports', () => {
  const workspaces = (
    JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as {
      workspaces: string[];
    }
  ).workspaces;

  it.each(workspaces)('%s names only files that exist, without wildcards', (workspace) => {
    const pkg = JSON.parse(fs.readFileSync(path.join(root, workspace, 'package.json'), 'utf8')) as {
      exports?: Record<string, string>;
    };
    for (const [subpath, target] of Object.entries(pkg.exports ?? {})) {
      expect(subpath, `${workspace} exports ${subpath}`).not.toContain('*');
      expect(target).not.toContain('*');
      expect(fs.existsSync(path.join(root, workspace, target)), `${workspace}: ${target}`).toBe(true);
    }
  });
});
