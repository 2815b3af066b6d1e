import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const ours = (pkg) => [`@riffline/${pkg}`, `@riffline/${pkg}/*`, `**/${pkg}/src`, `**/${pkg}/src/**`];
const webApps = ['web-artist', 'web-admin'];

/** Who may not import whom (DESIGN.md §1). Checked by test/boundaries.test.ts. */
export const boundaries = [
  {
    files: webApps.map((app) => `${app}/**`),
    forbidden: [...ours('db'), ...ours('api'), ...ours('workers')],
    message: 'A web app imports only @riffline/contracts of ours (DESIGN.md §1).',
  },
  {
    files: ['contracts/**'],
    forbidden: [
      '@riffline/*',
      '../../*',
      ...['db', 'api', 'workers', ...webApps].flatMap((pkg) => ours(pkg)),
    ],
    message: 'contracts imports nothing of ours (DESIGN.md §1).',
  },
  {
    files: ['api/**'],
    forbidden: [...ours('workers'), ...webApps.flatMap(ours)],
    message: 'api imports db and contracts, never workers or a web app (DESIGN.md §1).',
  },
  {
    files: ['workers/**'],
    forbidden: [...ours('api'), ...webApps.flatMap(ours)],
    message: 'workers import db and contracts, never api or a web app (DESIGN.md §1).',
  },
  {
    files: ['db/**'],
    ignores: ['db/src/migrations/**'],
    forbidden: [...ours('api'), ...ours('workers'), ...webApps.flatMap(ours)],
    message: 'db imports contracts only, never api, workers or a web app (DESIGN.md §1).',
  },
  {
    files: ['db/src/migrations/**'],
    forbidden: [
      '@riffline/*',
      '../*',
      '../../*',
      ...['contracts', 'api', 'workers', ...webApps].flatMap((pkg) => ours(pkg)),
    ],
    message:
      'A migration keeps the literal values it was written with: it never imports a live enumeration or anything of ours.',
  },
];

/** Query-builder and transaction calls that change data. */
export const writeMethods = [
  'transaction',
  'insert',
  'insertAndFetch',
  'insertGraph',
  'insertGraphAndFetch',
  'upsertGraph',
  'upsertGraphAndFetch',
  'patch',
  'patchAndFetch',
  'patchAndFetchById',
  'update',
  'updateAndFetch',
  'updateAndFetchById',
  'delete',
  'deleteById',
  'del',
  'increment',
  'decrement',
  'relate',
  'unrelate',
  'truncate',
  'raw',
];

/**
 * SQL on our tables lives in db (STYLE.md: `db` is the only package that knows tables). In api and
 * workers, code calls db's functions (`db/src/<area>/…`) and Objection models, never raw SQL (`.raw(`,
 * `.whereRaw(` …) nor a knex table call (`db('events')`, `trx('sessions')`).
 */
const sqlStaysInDb = {
  meta: {
    type: 'problem',
    schema: [],
    messages: {
      raw: 'Raw SQL (`.{{name}}(`) belongs in db: add a function to db/src/<area>/ and call it.',
      table:
        "Table queries (`{{name}}('…')`) belong in db: add a function to db/src/<area>/ or use an Objection model.",
    },
  },
  create(context) {
    const calleeName = (callee) => {
      if (callee.type === 'Identifier') return callee.name;
      if (callee.type === 'MemberExpression' && !callee.computed && callee.property.type === 'Identifier') {
        return callee.property.name;
      }
      return null;
    };
    return {
      CallExpression(node) {
        const name = calleeName(node.callee);
        if (!name) return;
        if (node.callee.type === 'MemberExpression' && /^(raw|[a-z]+Raw)$/.test(name)) {
          context.report({ node, messageId: 'raw', data: { name } });
        } else if (/^(db|trx|knex)$/.test(name)) {
          context.report({ node, messageId: 'table', data: { name } });
        }
      },
    };
  },
};

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '.data/**',
      'infra/kafka/lib/**',
      '**/test-results/**',
      '**/playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': 'off',
    },
  },
  {
    files: ['web-artist/src/**', 'web-admin/src/**'],
    languageOptions: { globals: { ...globals.browser } },
  },
  // The dependency rule of DESIGN.md §1, tests included: web-* → contracts; api → db, contracts;
  // workers → db, contracts; db → contracts; contracts → nothing of ours.
  ...boundaries.map(({ files, ignores, forbidden, message }) => ({
    files,
    ...(ignores ? { ignores } : {}),
    rules: { 'no-restricted-imports': ['error', { patterns: [{ group: forbidden, message }] }] },
  })),
  {
    // One write path: a route handler parses, calls a command, presents. Commands own transactions,
    // writes and events.
    files: ['api/src/routes/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@riffline/db',
              importNames: ['appendEvent'],
              message: 'Route handlers do not append events: call a command (api/src/commands/<area>/).',
            },
          ],
          // This block replaces the rule's options for routes, so it repeats api's boundary.
          patterns: boundaries
            .filter((b) => b.files.includes('api/**'))
            .map(({ forbidden, message }) => ({ group: forbidden, message })),
        },
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector: `CallExpression[callee.property.name=/^(${writeMethods.join('|')})$/]`,
          message:
            'Route handlers do not write: call a command (api/src/commands/<area>/) that writes and appends its event in one transaction.',
        },
      ],
    },
  },
  {
    // Vitest runs a worker's test files in one process (vitest.config.ts): what a file changes there
    // would reach the files after it.
    files: ['**/*.test.ts', '**/*.test.tsx', 'test/support/**/*.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.object.name='vi'][callee.property.name=/^(mock|doMock)$/]",
          message:
            'A module mock would outlive its test file (test files share a process): pass the fake in.',
        },
        {
          selector:
            ":matches(AssignmentExpression > MemberExpression.left, UnaryExpression[operator='delete'] > MemberExpression.argument)[object.object.name='process'][object.property.name='env']",
          message:
            'process.env is shared by the test files after this one: give the code its config, or a child process its env.',
        },
        {
          selector:
            'CallExpression[callee.property.name=/^(override|scoped)$/][callee.object.name=/[tT]est$/]',
          message:
            "A test's `override` at a file's top changes the shared test for the files after it: make the file's own with `.extend({ … })`.",
        },
      ],
    },
  },
  {
    // SQL stays in db: api and workers (tests aside) reach tables through db's functions and models.
    files: ['api/src/**/*.ts', 'workers/src/**/*.ts'],
    ignores: ['**/*.test.ts'],
    plugins: { riffline: { rules: { 'sql-in-db': sqlStaysInDb } } },
    rules: { 'riffline/sql-in-db': 'error' },
  },
);
