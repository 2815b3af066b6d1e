/**
 * Values hostile to any API, for the route fuzz: control characters, lone surrogates, SQL and HTML
 * metacharacters, prototype-pollution and privilege keys, strings past their bounds, numbers negative,
 * fractional, enormous or not numbers at all, deep nesting, and JSON-looking text for query values.
 */
import fc from 'fast-check';
import type { JsonSchema } from './requests.ts';
import { Obj, Raw, type Wire } from './wire.ts';

const controlChars = [
  '\u0000',
  '\u0001',
  '\u0007',
  '\b',
  '\u000b',
  '\f',
  '\u001b',
  '\u001f',
  '\u007f',
  '\u0085',
  '\u200b',
  '\u2028',
  '\u202e',
  '\ufeff',
  '\uffff',
];
const loneSurrogates = ['\ud800', '\udbff', '\udc00', '\udfff', '\ud83c'];
const sqlText = [
  "' OR '1'='1",
  "'; DROP TABLE users; --",
  '" OR ""="',
  '1) OR (1=1',
  "admin'--",
  "%' UNION SELECT email, role FROM users --",
  "'; SELECT pg_sleep(10); --",
  '$1',
  '$$; delete from events; $$',
  '\\',
  "\\'",
  '%_%',
  '::text',
  "E'\\x00'",
];
const htmlText = [
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  'javascript:alert(1)',
  '<svg/onload=alert(1)>',
  '{{constructor.constructor("return process")()}}',
  '${7*7}',
  '<!--',
  ']]>',
  '&#0;&lt;',
];
const oddText = [
  '',
  ' ',
  '   ',
  '\t',
  '\r\n',
  'null',
  'undefined',
  'NaN',
  'Infinity',
  '-1',
  '0',
  '1e308',
  '[]',
  '{}',
  '[object Object]',
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'hasOwnProperty',
  '../../../../etc/passwd',
  '..%2F..%2F',
  '%00',
  '%',
  '%s%n%x',
  'İ',
  'ß',
  'ﬀ',
  'e\u0301',
  '🎵🎸',
  '\u0000\u0000\u0000',
];

export const fragment = fc.oneof(
  // NUL on its own too: PostgreSQL refuses it in text, so it is the one most likely to reach a 500.
  { weight: 2, arbitrary: fc.constant('\u0000') },
  { weight: 3, arbitrary: fc.constantFrom(...controlChars) },
  { weight: 2, arbitrary: fc.constantFrom(...loneSurrogates) },
  { weight: 2, arbitrary: fc.constantFrom(...sqlText) },
  { weight: 2, arbitrary: fc.constantFrom(...htmlText) },
  { weight: 2, arbitrary: fc.constantFrom(...oddText) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 12 }) },
);

/** `base` with one to three hostile fragments spliced in, or replaced by one. */
export const spliced = (base: string) =>
  fc.oneof(
    fc.array(fc.tuple(fragment, fc.nat()), { minLength: 1, maxLength: 3 }).map((inserts) => {
      let out = base;
      for (const [piece, at] of inserts) {
        const i = at % (out.length + 1);
        out = out.slice(0, i) + piece + out.slice(i);
      }
      return out;
    }),
    fragment,
  );

/** Strings at and past the bounds: empty, blank, one past `maxLength`, and very long (up to `huge`). */
export const lengthAttack = (schema: JsonSchema, base: string, huge: number) => {
  const max = schema.maxLength ?? 200;
  const past = (len: number) =>
    fc.constantFrom('a', ' ', '\u0000', '\ud800', 'é', '🎵', '%').map((c) => pad(base, c, len));
  const attacks: Array<fc.Arbitrary<string>> = [
    fc.constantFrom('', ' ', ' \t\r\n '),
    past(max + 1),
    fc.integer({ min: max + 1, max: Math.max(max + 2, huge) }).chain((len) => past(len)),
  ];
  if (schema.minLength && schema.minLength > 1) {
    attacks.push(fc.constant(base.slice(0, schema.minLength - 1)));
    attacks.push(fc.constant(' '.repeat(schema.minLength + 2)));
  }
  return fc.oneof(...attacks);
};

function pad(base: string, filler: string, length: number): string {
  if (base.length >= length) return base.slice(0, length);
  return (base + filler.repeat(Math.ceil((length - base.length) / filler.length))).slice(0, length);
}

/** Numbers wrong for a bounded integer: outside it, fractional, enormous, not finite, not numbers. */
export const numberAttack = (schema: JsonSchema): fc.Arbitrary<Wire> => {
  const min = schema.minimum ?? 0;
  const max = schema.maximum ?? 1_000_000;
  return fc.oneof(
    fc.constantFrom<Wire>(
      -1,
      0,
      -0.5,
      0.5,
      1.5,
      1e308,
      -1e308,
      2 ** 53 + 2,
      -(2 ** 53) - 2,
      Number.MIN_VALUE,
    ),
    fc.constantFrom<Wire>(min - 1, max + 1, min + 0.5, max - 0.25, -min, max * 1000),
    fc.constantFrom(
      new Raw('1e400'),
      new Raw('-1e400'),
      new Raw('-0'),
      new Raw('1E2'),
      new Raw('0.00000000000000000000000001'),
      new Raw('1'.repeat(400)),
      new Raw('123456789012345678901234567890'),
    ),
    fc.double({ noNaN: true }).map((n): Wire => n),
    fc.integer().map((n): Wire => n),
  );
};

/** Numbers as text, for strings that are read as numbers (a query, or a preprocessed field). */
export const numericText = (schema: JsonSchema) =>
  fc.oneof(
    fc.constantFrom(
      '-1',
      '0',
      '1.5',
      '1e3',
      '1e400',
      '-1e400',
      '0x10',
      '0b1',
      ' 7 ',
      'Infinity',
      'NaN',
      '٣',
      '１',
      '9'.repeat(400),
    ),
    fc.constantFrom(
      String((schema.minimum ?? 0) - 1),
      String((schema.maximum ?? 1e6) + 1),
      `${schema.minimum ?? 0}.5`,
    ),
    fc.double().map(String),
  );

/** Nesting deeper than anything expects: arrays or objects `depth` levels down, as raw JSON text. */
export const deepJson = (maxDepth: number) =>
  fc
    .integer({ min: 50, max: maxDepth })
    .chain((depth) =>
      fc.constantFrom(
        '['.repeat(depth) + ']'.repeat(depth),
        '{"a":'.repeat(depth) + '1' + '}'.repeat(depth),
        '[{"__proto__":'.repeat(Math.min(depth, 200)) + 'null' + '}]'.repeat(Math.min(depth, 200)),
      ),
    );

/** Keys that reach for prototypes, privileges or the parser's corners. */
export const hostileKey = fc.oneof(
  fc.constantFrom(
    '__proto__',
    'constructor',
    'prototype',
    'toString',
    'hasOwnProperty',
    'valueOf',
    'role',
    'isAdmin',
    'isApproved',
    'id',
    'userId',
    'status',
    'coins',
    'reviewedBy',
    '',
    ' ',
    '\u0000',
    '\ud800',
    '$where',
    'a'.repeat(1000),
  ),
  fc.string({ unit: 'binary', maxLength: 10 }),
);

/** Values of the wrong JSON type, or of the right type made hostile. */
export const genericJsonValue = (good: Wire, maxDepth: number): fc.Arbitrary<Wire> =>
  fc.oneof(
    fc.constantFrom<Wire>(null, true, false, [], new Obj([]), 0, -1, 0.5, 1e308, -1e308, '', [null]),
    fc.constantFrom(new Raw('1e400'), new Raw('-0'), new Raw('123456789012345678901234567890')),
    fc.constant<Wire>([good]),
    fc.constant<Wire>(new Obj([['value', good]])),
    fc.constantFrom<Wire>(
      new Obj([['$ne', null]]),
      new Obj([['__proto__', new Obj([['isAdmin', true]])]]),
      new Obj([['constructor', new Obj([['prototype', new Obj([['isAdmin', true]])]])]]),
      new Obj([['toString', 'x']]),
    ),
    deepJson(maxDepth).map((text) => new Raw(text)),
    fc.integer({ min: 1000, max: 20_000 }).map((n) => new Raw(`[${'1,'.repeat(n)}1]`)),
  );

/** JSON-looking text for query values that carry JSON (ra-data-simple-rest's sort, range, filter). */
export const jsonishText = fc.oneof(
  fc.constantFrom(
    '[',
    '{',
    '[]',
    '{}',
    'null',
    'true',
    '1',
    '""',
    '["createdAt"]',
    '["createdAt","ASC","x"]',
    '["nope","ASC"]',
    '["createdAt","SIDEWAYS"]',
    '["id; drop table users","ASC"]',
    '[0]',
    '[-1,5]',
    '[5,1]',
    '[0,1e400]',
    '[0.5,2]',
    '[0,100000]',
    '[9007199254740993,9007199254740999]',
    '["0","1"]',
    '{"q":1}',
    '{"q":["a"]}',
    '{"status":"nope"}',
    '{"role":"root"}',
    '{"isApproved":"yes"}',
    '{"__proto__":{"q":"x"}}',
    '{"constructor":{"prototype":{"q":"x"}}}',
    '{"q":"a\\u0000b"}',
    '{"q":"\\ud800"}',
    '{"q":"' + 'x'.repeat(300) + '"}',
  ),
  fc.integer({ min: 50, max: 600 }).map((depth) => '['.repeat(depth) + ']'.repeat(depth)),
  fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.stringify(v)),
);

/** Extra keys: prototype pollution, privileges, oddities, each with a hostile value. */
export const extraEntries = (maxDepth: number) =>
  fc.array(fc.tuple(hostileKey, fc.oneof(fragment, genericJsonValue('x', maxDepth))), {
    minLength: 1,
    maxLength: 4,
  });
