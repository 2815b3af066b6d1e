/**
 * Hostile requests for the route fuzz (test/security/fuzz.int.test.ts), derived from a route's request
 * schema as JSON Schema (`schema.toJSONSchema({ io: 'input' })`: types, enums, lengths, bounds, patterns,
 * formats, required fields) and from the values of ./hostile.ts.
 *
 * A request is built from a valid baseline (values each field's own schema accepts) with a few things
 * broken, so that a single bad field still reaches the checks behind the others. Which cases are really
 * invalid is for the caller's oracle: the route's own schema on what the server reads (./wire.ts).
 */
import fc from 'fast-check';
import {
  deepJson,
  extraEntries,
  fragment,
  genericJsonValue,
  hostileKey,
  jsonishText,
  lengthAttack,
  numberAttack,
  numericText,
  spliced,
} from './hostile.ts';
import { jsonText, Obj, Raw, requestUrl, type FuzzCase, type Wire } from './wire.ts';

export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  enum?: unknown[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  default?: unknown;
}

export type Part = 'params' | 'query' | 'body';

/** What a route's request schema says, and whether a field's own schema takes a value (null: no way to ask). */
export interface RouteInputs {
  path: string;
  params?: JsonSchema;
  query?: JsonSchema;
  body?: JsonSchema;
  accepts(part: Part, field: string, value: unknown): boolean | null;
  /** Values to build on instead of generated ones (the id of a row that exists, so a bad body meets it). */
  examples?: Partial<Record<Part, Record<string, Wire[]>>>;
}

// ---------------------------------------------------------------------------------------------------------
// Values derived from a field's schema

const alternatives = (schema: JsonSchema): JsonSchema[] => schema.anyOf ?? schema.oneOf ?? [schema];
const typesOf = (schema: JsonSchema): string[] =>
  alternatives(schema).flatMap((s) => (Array.isArray(s.type) ? s.type : s.type ? [s.type] : []));
const enumOf = (schema: JsonSchema): unknown[] => alternatives(schema).flatMap((s) => s.enum ?? []);
const stringSchema = (schema: JsonSchema): JsonSchema =>
  alternatives(schema).find((s) => s.type === 'string') ?? schema;
const numberSchema = (schema: JsonSchema): JsonSchema =>
  alternatives(schema).find((s) => s.type === 'integer' || s.type === 'number') ?? schema;

const genericGood: Wire[] = [
  'https://example.com/riffline',
  'fan@example.com',
  'An ordinary sentence, long enough for a message.',
  'getting-started',
  '00000000-0000-4000-8000-000000000000',
  20,
  true,
];

/** Values of the field's own type and bounds, meant to be valid. */
function derivedGood(schema: JsonSchema, asText: boolean): fc.Arbitrary<Wire> {
  const options: Array<fc.Arbitrary<Wire>> = [];
  const values = enumOf(schema);
  if (values.length) options.push(fc.constantFrom(...(values as Wire[])));
  for (const type of typesOf(schema)) {
    if (type === 'integer' || type === 'number') {
      const s = numberSchema(schema);
      options.push(fc.integer({ min: s.minimum ?? 0, max: s.maximum ?? 1000 }));
    } else if (type === 'boolean') {
      options.push(fc.boolean());
    } else if (type === 'string' && !values.length) {
      const s = stringSchema(schema);
      const min = Math.max(s.minLength ?? 1, 1);
      const max = Math.max(min, Math.min(s.maxLength ?? 40, 40));
      if (s.format === 'uuid') options.push(fc.uuid({ version: 4 }));
      if (s.pattern) options.push(matching(s.pattern, s.maxLength ?? 2000));
      options.push(fc.string({ unit: 'grapheme-ascii', minLength: min, maxLength: max }));
    }
  }
  if (!options.length) options.push(fc.constantFrom(...genericGood));
  const arb = fc.oneof(...options);
  return asText ? arb.map((v) => (typeof v === 'string' ? v : jsonText(v))) : arb;
}

/**
 * Strings matching a schema's pattern. fast-check cannot generate from lookarounds, so those are dropped
 * for generating and the full pattern filters what comes out.
 */
function matching(pattern: string, maxLength: number): fc.Arbitrary<string> {
  const full = new RegExp(pattern);
  const generating = new RegExp(pattern.replace(/\(\?<?[=!](?:[^()\\]|\\.)*\)/g, ''));
  return fc.stringMatching(generating).filter((v) => v.length <= maxLength && full.test(v));
}

/** Hostile values for one field, in JSON (a body) or as text (a path segment or a query value). */
function hostileValue(schema: JsonSchema, good: Wire, where: 'json' | 'url'): fc.Arbitrary<Wire> {
  const text = typeof good === 'string' ? good : jsonText(good);
  const str = stringSchema(schema);
  const huge = where === 'url' ? 2_000 : 300_000;
  const strings = fc.oneof(
    { weight: 4, arbitrary: spliced(text) },
    { weight: 3, arbitrary: lengthAttack(str, text, huge) },
    { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 60 }) },
  );
  const options: Array<fc.WeightedArbitrary<Wire>> = [{ weight: 6, arbitrary: strings }];
  const values = enumOf(schema).filter((v): v is string => typeof v === 'string');
  if (values.length) {
    options.push({
      weight: 3,
      arbitrary: fc
        .constantFrom(...values)
        .chain((v) =>
          fc.constantFrom(v.toUpperCase(), ` ${v}`, `${v}\u0000`, `${v}s`, v.slice(0, -1), `${v},${v}`),
        ),
    });
  }
  const types = typesOf(schema);
  if (types.includes('integer') || types.includes('number')) {
    options.push({
      weight: 4,
      arbitrary: where === 'url' ? numericText(numberSchema(schema)) : numberAttack(numberSchema(schema)),
    });
  }
  if (where === 'json') {
    options.push({ weight: 3, arbitrary: genericJsonValue(good, 5_000) });
    options.push({ weight: 1, arbitrary: numericText(numberSchema(schema)) });
  } else {
    options.push({ weight: 2, arbitrary: jsonishText });
  }
  return fc.oneof(...options);
}

// ---------------------------------------------------------------------------------------------------------
// Requests

/** Values each field's own schema takes, sampled once per route: the baseline a case breaks. */
function goodValues(inputs: RouteInputs, part: Part, schema: JsonSchema, seed: number) {
  const asText = part !== 'body';
  const out: Record<string, Wire[]> = {};
  for (const [name, property] of Object.entries(schema.properties ?? {})) {
    const known = inputs.examples?.[part]?.[name];
    if (known?.length) {
      out[name] = known;
      continue;
    }
    const candidates = [
      ...fc.sample(derivedGood(property, asText), { numRuns: 60, seed }),
      ...genericGood.map((v) => (asText && typeof v !== 'string' ? jsonText(v) : v)),
    ];
    const accepted = candidates.filter((v) => inputs.accepts(part, name, v) === true);
    // No known good value (or no way to ask): the schema's own kind of value, valid or not.
    out[name] = accepted.length ? accepted : candidates.slice(0, 10);
  }
  return out;
}

type Entries = Array<readonly [string, Wire]>;

/** A baseline: every required field with a good value, each optional one maybe. */
function baseline(schema: JsonSchema, good: Record<string, Wire[]>): fc.Arbitrary<Entries> {
  const required = new Set(schema.required ?? []);
  const fields = Object.keys(schema.properties ?? {}).map((name) => {
    const value = fc.constantFrom(...good[name]!);
    return required.has(name)
      ? value.map((v) => [[name, v] as const])
      : fc.option(value, { freq: 2 }).map((v) => (v === null ? [] : [[name, v] as const]));
  });
  return fc.tuple(...fields).map((parts) => parts.flat());
}

/** The baseline with one to three fields (present or not) given hostile values. */
function withHostileFields(
  schema: JsonSchema,
  base: fc.Arbitrary<Entries>,
  good: Record<string, Wire[]>,
  where: 'json' | 'url',
): fc.Arbitrary<Entries> {
  const names = Object.keys(schema.properties ?? {});
  if (!names.length) return base;
  return fc
    .tuple(base, fc.shuffledSubarray(names, { minLength: 1, maxLength: Math.min(3, names.length) }))
    .chain(([entries, chosen]) =>
      fc
        .tuple(
          ...chosen.map((name) =>
            fc.constantFrom(...good[name]!).chain((g) => hostileValue(schema.properties![name]!, g, where)),
          ),
        )
        .map((values) => {
          const replaced = new Map<string, Wire>(entries.map(([k, v]) => [k, v]));
          chosen.forEach((name, i) => replaced.set(name, values[i]!));
          return [...replaced.entries()] as Entries;
        }),
    );
}

/** The baseline without some of its fields (required ones first of all). */
function withMissingFields(schema: JsonSchema, base: fc.Arbitrary<Entries>): fc.Arbitrary<Entries> {
  const required = schema.required ?? [];
  return base.chain((entries) => {
    const pool = required.length ? required : entries.map(([k]) => k);
    if (!pool.length) return fc.constant(entries);
    return fc
      .shuffledSubarray(pool, { minLength: 1 })
      .map((gone) => entries.filter(([k]) => !gone.includes(k)));
  });
}

function bodyCases(
  schema: JsonSchema,
  good: Record<string, Wire[]>,
): fc.Arbitrary<{ kind: string; body: string | Uint8Array }> {
  const base = baseline(schema, good);
  const text = (kind: string) => (entries: Entries) => ({ kind, body: jsonText(new Obj(entries)) });
  return fc.oneof(
    { weight: 16, arbitrary: withHostileFields(schema, base, good, 'json').map(text('body:field')) },
    { weight: 4, arbitrary: withMissingFields(schema, base).map(text('body:missing')) },
    {
      weight: 6,
      arbitrary: fc
        .tuple(fc.oneof(base, withHostileFields(schema, base, good, 'json')), extraEntries(2_000))
        .map(([entries, extra]) => [...entries, ...extra] as Entries)
        .map(text('body:extra')),
    },
    {
      weight: 4,
      arbitrary: base.chain((entries) =>
        fc
          .oneof(
            fc.constantFrom<Wire>(null, true, 42, -1, 'text', '', [], [new Obj(entries)], [[]]),
            deepJson(20_000).map((t) => new Raw(t)),
            fc.integer({ min: 1000, max: 50_000 }).map((n) => new Raw(`[${'{},'.repeat(n)}{}]`)),
          )
          .map((root) => ({ kind: 'body:root', body: jsonText(root) })),
      ),
    },
    { weight: 6, arbitrary: base.chain((entries) => malformedJson(jsonText(new Obj(entries)))) },
    {
      weight: 2,
      arbitrary: base.chain((entries) =>
        fc
          .tuple(
            fc.nat(),
            fc.constantFrom([0xff], [0xfe, 0xff], [0xc0, 0x80], [0xed, 0xa0, 0x80], [0xe0, 0x80], [0x80]),
          )
          .map(([at, bytes]) => {
            const json = Buffer.from(jsonText(new Obj(entries)));
            // Inside the first string value, so the JSON stays well formed around the bad bytes.
            const quote = json.indexOf(':"');
            const i = quote < 0 ? at % (json.length + 1) : quote + 2;
            return {
              kind: 'body:bytes',
              body: new Uint8Array(
                Buffer.concat([json.subarray(0, i), Buffer.from(bytes), json.subarray(i)]),
              ),
            };
          }),
      ),
    },
    {
      weight: 1,
      arbitrary: base.map((entries) => ({
        kind: 'body:too-large',
        body: jsonText(new Obj([...entries, ['padding', 'x'.repeat(1_100_000)]])),
      })),
    },
  );
}

/** JSON text broken the ways clients and attackers break it. */
const malformedJson = (json: string) =>
  fc
    .oneof(
      fc.nat().map((at) => json.slice(0, at % json.length)),
      fc.constantFrom(
        `${json}garbage`,
        `${json},`,
        json.replace(/"/g, "'"),
        json.replace(/"([^"]+)":/g, '$1:'),
        json.replace(/}$/, ',}'),
        json.replace('{', '{/* comment */'),
        json.replace(/:"/, ':"\u0000'),
        json.replace(/:"/, ':"\\x00'),
        json.replace(/:"/, ':"\\u12'),
        json.replace(/:"/, ':"\n'),
        json.replace(/:(\d+)/, ':NaN'),
        json.replace(/:(\d+)/, ':Infinity'),
        `\ufeff\ufeff${json}`,
        `[${json}`,
        `"${json}"`,
        json.replace('{', '{"__proto__":{"isAdmin":true},'),
        json.replace('{', '{"a":1,"a":{"__proto__":[]},'),
        '{"' + 'a'.repeat(10_000),
        'undefined',
        '\u0000',
      ),
    )
    .map((body) => ({ kind: 'body:malformed', body }));

function queryCases(schema: JsonSchema, good: Record<string, Wire[]>) {
  const base = baseline(schema, good);
  const asPairs = (entries: Entries) => entries.map(([k, v]) => [k, String(v)] as const);
  const cases = (
    kind: string,
    arb: fc.Arbitrary<ReadonlyArray<readonly [string, string]>>,
    raw: fc.Arbitrary<string> = fc.constant(''),
  ) => fc.tuple(arb, raw).map(([query, rawQuery]) => ({ kind, query, rawQuery }));
  const options = [
    { weight: 8, arbitrary: cases('query:field', withHostileFields(schema, base, good, 'url').map(asPairs)) },
    {
      weight: 2,
      arbitrary: cases(
        'query:repeat',
        fc
          .tuple(
            base,
            fc.constantFrom(...Object.keys(schema.properties ?? { q: {} })),
            fc.integer({ min: 2, max: 5 }),
          )
          .chain(([entries, name, times]) =>
            fc
              .constantFrom(...(good[name] ?? ['x']))
              .map((g) => [
                ...asPairs(entries).filter(([k]) => k !== name),
                ...Array.from({ length: times }, () => [name, String(g)] as const),
              ]),
          ),
      ),
    },
    {
      weight: 2,
      arbitrary: cases(
        'query:extra',
        fc
          .tuple(
            withHostileFields(schema, base, good, 'url'),
            fc.array(fc.tuple(hostileKey, fragment), { minLength: 1, maxLength: 4 }),
          )
          .map(([entries, extra]) => [...asPairs(entries), ...extra]),
      ),
    },
    {
      weight: 2,
      arbitrary: cases(
        'query:raw',
        base.map(asPairs),
        fc
          .tuple(
            fc.constantFrom(...Object.keys(schema.properties ?? { q: {} })),
            fc.constantFrom(
              '%',
              '%zz',
              '%E0%A4%A',
              '%ED%A0%80',
              '%C0%80',
              '%00',
              '%FF%FE',
              '+',
              '=',
              '==',
              '&&',
              '%u0000',
              '%2500',
            ),
          )
          .map(([name, raw]) => `&${name}=${raw}`),
      ),
    },
  ];
  if (schema.required?.length) {
    options.push({
      weight: 1,
      arbitrary: cases('query:missing', withMissingFields(schema, base).map(asPairs)),
    });
  }
  return fc.oneof(...options);
}

function paramCases(schema: JsonSchema, good: Record<string, Wire[]>) {
  const base = baseline(schema, good);
  return withHostileFields(schema, base, good, 'url')
    .map((entries) => Object.fromEntries(entries.map(([k, v]) => [k, String(v)])))
    .filter((params) => Object.values(params).every((v) => v !== '' && v !== '.' && v !== '..'))
    .map((params) => ({ kind: 'param', params }));
}

/** A route's hostile requests: its params, query and body broken one part at a time. */
export function hostileRequests(inputs: RouteInputs, seed: number): fc.Arbitrary<FuzzCase> {
  const good = {
    params: inputs.params ? goodValues(inputs, 'params', inputs.params, seed) : {},
    query: inputs.query ? goodValues(inputs, 'query', inputs.query, seed) : {},
    body: inputs.body ? goodValues(inputs, 'body', inputs.body, seed) : {},
  };
  const goodParams = inputs.params
    ? baseline(inputs.params, good.params).map((e) => Object.fromEntries(e.map(([k, v]) => [k, String(v)])))
    : fc.constant({});
  const goodBody = inputs.body
    ? baseline(inputs.body, good.body).map((e): string | undefined => jsonText(new Obj(e)))
    : fc.constant(undefined);
  const empty = { query: [] as ReadonlyArray<readonly [string, string]>, rawQuery: '' };
  const options: Array<fc.Arbitrary<FuzzCase>> = [];
  if (inputs.params) {
    options.push(
      fc
        .tuple(paramCases(inputs.params, good.params), goodBody)
        .map(([c, body]) => ({ ...empty, ...c, body })),
    );
  }
  if (inputs.query) {
    options.push(
      fc
        .tuple(queryCases(inputs.query, good.query), goodParams, goodBody)
        .map(([c, params, body]) => ({ ...c, params, body })),
    );
  }
  if (inputs.body) {
    options.push(
      fc
        .tuple(bodyCases(inputs.body, good.body), goodParams)
        .map(([c, params]) => ({ ...empty, ...c, params })),
    );
  }
  return fc.oneof(...options).filter((c) => requestUrl(inputs.path, c).length <= 7_000);
}
