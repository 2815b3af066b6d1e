/**
 * The authorization matrix (issue 9): every route of `allRoutes()` called as five personas (anonymous, a
 * signed-in artist awaiting approval, approved artists A and B, an admin), expecting the status that the
 * route's entry in ./routeMatrix.ts implies. Each answer is also searched for the other personas'
 * private values (emails, ids, names, subjects); a refusal must change nothing, and for a route that
 * takes an id it must read the same as for an id that does not exist. The matrix is printed at the end.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect } from 'vitest';
import type { Db } from '@riffline/db';
import { allRoutes } from '../../api/src/routes/index.ts';
import type { Audience, RouteDef } from '../../api/src/routes/route.ts';
import { actor, type ActorKind } from '#test/support/actors.ts';
import { apiTest, type TestServer } from '#test/support/api.ts';
import { Browser, type Page } from '#test/support/browser.ts';
import { uniqueName } from '#test/support/database.ts';
import { unique } from '#test/support/db.ts';
import { buildApplication, buildSupportTicket } from '#test/support/factories.ts';
import { enrolAuthenticator, stepUp, type TestAuthenticator } from '#test/support/secondFactor.ts';
import { snapshotTables, tableChanges } from '#test/support/tableSnapshot.ts';
import {
  matrixWebhookSecret,
  personaNames,
  routeMatrix,
  type Call,
  type Fixture,
  type MatrixEntry,
  type Persona,
  type PersonaName,
  type SignedIn,
} from './routeMatrix.ts';

const kinds: Record<SignedIn, ActorKind> = {
  pending: 'artist',
  A: 'approved',
  B: 'approved',
  admin: 'admin',
};
const headings: Record<PersonaName, string> = {
  anonymous: 'anonymous',
  pending: 'pending',
  A: 'artist A',
  B: "B on A's",
  admin: 'admin',
};

interface Caller {
  persona: Persona;
  browser: Browser;
}

interface Personas {
  callers: Record<PersonaName, Caller>;
  signedIn: Fixture['personas'];
  /** Values private to each persona: nobody else but an admin may be shown them. */
  markers: Record<PersonaName, Set<string>>;
}

// Its own database (a refusal is checked to change no row of any table) and a throwaway mail outbox.
const dataDir = path.join(os.tmpdir(), uniqueName('riffline-authz'));
const matrixTest = apiTest
  .extend('personas', { scope: 'file' }, async ({ app, db }): Promise<Personas> => {
    const markers = Object.fromEntries(
      personaNames.map((n) => [n, new Set<string>()]),
    ) as Personas['markers'];
    const signUp = async (name: SignedIn) => {
      const a = await actor(app, db, kinds[name], { lastName: unique(`${name}-last-name`) });
      markers[name].add(a.user.email!).add(a.person.lastName);
      // Staff ids are part of the records artists read (SPEC: reviewedBy, assignedTo); an artist's are not.
      if (name !== 'admin') markers[name].add(a.user.id);
      return { browser: a.browser, persona: { name, user: a.user, person: a.person } };
    };
    const [pending, A, B, admin] = await Promise.all([
      signUp('pending'),
      signUp('A'),
      signUp('B'),
      signUp('admin'),
    ]);
    // Each artist has an application (pending's was rejected: it may apply again) and a ticket.
    for (const [name, caller, status] of [
      ['pending', pending, 'rejected'],
      ['A', A, 'approved'],
      ['B', B, 'approved'],
    ] as const) {
      const userId = caller.persona.user.id;
      const application = await buildApplication(db, {
        userId,
        status,
        artistName: unique(`${name}-artist-name`),
        legalName: unique(`${name}-legal-name`),
      });
      const ticket = await buildSupportTicket(db, {
        userId,
        subject: unique(`${name}-ticket-subject`),
        message: unique(`${name}-ticket-message`),
      });
      markers[name]
        .add(application.id)
        .add(application.artistName)
        .add(application.legalName)
        .add(ticket.id)
        .add(ticket.subject)
        .add(ticket.message);
    }
    return {
      callers: {
        anonymous: { persona: { name: 'anonymous' }, browser: new Browser() },
        pending,
        A,
        B,
        admin,
      },
      signedIn: { pending: pending.persona, A: A.persona, B: B.persona, admin: admin.persona },
      markers,
    };
  })
  .extend({
    freshDb: true,
    serverEnv: { DATA_DIR: dataDir, PAYMENT_WEBHOOK_SECRET: matrixWebhookSecret },
  });
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

const keyOf = (def: RouteDef) => `${def.method.toUpperCase()} ${def.path}`;

/** Each persona's authenticator app (set up on first need) and when it last signed in with it. */
const authenticators = new Map<PersonaName, { app: TestAuthenticator; at: number }>();

/** The step-up for a route that moves money, renewed well within its 10 minutes. */
async function signInWithApp(app: TestServer, caller: Caller) {
  const { name, person } = caller.persona;
  const held = authenticators.get(name);
  if (held && Date.now() - held.at < 5 * 60_000) return;
  const sender = {
    send: (method: string, path: string, body?: unknown) =>
      caller.browser.request(`${app.url}${path}`, {
        method,
        headers: { 'content-type': 'application/json', origin: app.url },
        body: body === undefined ? undefined : JSON.stringify(body),
      }),
  };
  const authenticator = held?.app ?? (await enrolAuthenticator(sender));
  await stepUp(caller.browser, app.url, person!, authenticator);
  authenticators.set(name, { app: authenticator, at: Date.now() });
}

/** What the audience's gate answers a persona: a refusal status, or null when it lets them through. */
function gateAnswer(audience: Audience, name: PersonaName): number | null {
  if (audience === 'public') return null;
  if (name === 'anonymous') return 401;
  // The pending persona is nobody's accepted payee: it has no earnings either.
  if ((audience === 'approved' || audience === 'earner') && name === 'pending') return 403;
  if (audience === 'admin' && name !== 'admin') return 403;
  return null;
}

function expected(key: string, def: RouteDef, entry: MatrixEntry, name: PersonaName) {
  const override = entry.entitled?.[name];
  const refusal = (status: number) => {
    if (override !== undefined) throw new Error(`${key}: entitled.${name} cannot replace the ${status}`);
    return { status, refused: true };
  };
  const gate = gateAnswer(entry.audience, name);
  if (gate) return refusal(gate);
  // Past the gate, someone else's id reads as one that does not exist (an admin only where entitled).
  const notOwner = entry.ownedBy && entry.audience !== 'admin' && name !== entry.ownedBy;
  if (notOwner && !(name === 'admin' && override !== undefined)) return refusal(404);
  return { status: override ?? def.status ?? (def.redirect ? 302 : 200), refused: false };
}

/** As the web apps send it: same-origin, JSON unless the call is an upload; redirects not followed. */
function send(browser: Browser, app: TestServer, method: string, url: string, call: Call): Promise<Page> {
  if (method === 'get')
    return browser.request(`${app.url}/api${url}`, { follow: false, headers: call.headers });
  const { body, contentType } = call;
  return browser.request(`${app.url}/api${url}`, {
    method: method.toUpperCase(),
    follow: false,
    headers: { 'content-type': contentType ?? 'application/json', origin: app.url, ...call.headers },
    body: body === undefined ? undefined : contentType ? (body as BodyInit) : JSON.stringify(body),
  });
}

/** The same call with every path parameter replaced by an id that names nothing. */
function absent(template: string, filled: string): string {
  const [pathname, query] = filled.split('?');
  const want = template.split('/');
  const got = pathname!.split('/');
  if (want.length !== got.length) throw new Error(`${filled} does not fill ${template}`);
  const swapped = got.map((segment, i) => (want[i]!.startsWith(':') ? randomUUID() : segment)).join('/');
  return query === undefined ? swapped : `${swapped}?${query}`;
}

const answerOf = (page: Page) => ({ status: page.status, body: page.body });

interface Cell {
  status: number;
  expected: number;
  problems: string[];
}
const results = new Map<string, Partial<Record<PersonaName, Cell>>>();

async function callAs(
  key: string,
  def: RouteDef,
  entry: MatrixEntry,
  name: PersonaName,
  { app, db, personas }: { app: TestServer; db: Db; personas: Personas },
): Promise<Cell> {
  const throwaway = entry.throwawaySession && name !== 'anonymous';
  const caller: Caller = throwaway
    ? await actor(app, db, kinds[name as SignedIn], {}, { secondFactor: entry.secondFactor }).then((a) => ({
        browser: a.browser,
        persona: { name, user: a.user, person: a.person },
      }))
    : personas.callers[name];
  if (entry.secondFactor && !throwaway && name !== 'anonymous') await signInWithApp(app, caller);
  const fixture: Fixture = {
    db,
    storage: app.deps.storage,
    caller: caller.persona,
    personas: personas.signedIn,
    own: (owner, ...values) => values.forEach((v) => personas.markers[owner].add(v)),
  };
  const call = (await entry.request?.(fixture)) ?? {};
  const url = call.path ?? def.path;
  if (url.split('?')[0]!.includes('/:')) throw new Error(`${key}: the entry's request must fill ${def.path}`);
  const want = expected(key, def, entry, name);
  const problems: string[] = [];

  const before = want.refused ? await snapshotTables(db) : undefined;
  const res = await send(caller.browser, app, def.method, url, call);
  if (res.status !== want.status) {
    problems.push(`expected ${want.status}, got ${res.status}: ${res.body.slice(0, 200)}`);
  }
  // A refusal (when it is one) says why in JSON, and reads the same for an id that names nothing.
  if (want.refused && res.status === want.status) {
    const message = res.headers.get('content-type')?.includes('json')
      ? res.json<{ message?: unknown }>().message
      : undefined;
    if (typeof message !== 'string') problems.push(`a refusal is JSON {message}: ${res.body.slice(0, 200)}`);
    if (def.path.includes('/:')) {
      const other = await send(caller.browser, app, def.method, absent(def.path, url), call);
      if (JSON.stringify(answerOf(other)) !== JSON.stringify(answerOf(res))) {
        problems.push(
          `tells an existing id from a missing one: ${JSON.stringify(answerOf(res))} vs ${JSON.stringify(answerOf(other))}`,
        );
      }
    }
  }
  if (before) {
    const changes = tableChanges(before, await snapshotTables(db));
    if (changes.length) problems.push(`a call that should be refused changed ${changes.join('; ')}`);
  }

  // Nobody sees another persona's private values, but an admin (and the owner, their own).
  if (name !== 'admin' && !entry.sharesData) {
    const seen = `${res.headers.get('location') ?? ''}\n${res.body}`.toLowerCase();
    for (const owner of personaNames) {
      if (owner === name && !throwaway) continue;
      const leaked = [...personas.markers[owner]].filter((m) => seen.includes(m.toLowerCase()));
      if (leaked.length) problems.push(`shows ${owner}'s ${leaked.join(', ')}`);
    }
  }
  return { status: res.status, expected: want.status, problems };
}

describe('authorization matrix: every route × anonymous, pending, artist A, artist B, admin', () => {
  const routes = allRoutes();

  matrixTest('every route of allRoutes() has one entry in routeMatrix, and every entry a route', () => {
    const keys = routes.map(keyOf);
    expect({
      withoutEntry: keys.filter((k) => !Object.hasOwn(routeMatrix, k)),
      withoutRoute: Object.keys(routeMatrix).filter((k) => !keys.includes(k)),
      twice: keys.filter((k, i) => keys.indexOf(k) !== i),
    }).toEqual({ withoutEntry: [], withoutRoute: [], twice: [] });
  });

  matrixTest.for(routes.map((def) => [keyOf(def), def] as const))(
    '%s',
    async ([key, def], { app, db, personas }) => {
      const entry = Object.hasOwn(routeMatrix, key) ? routeMatrix[key] : undefined;
      results.set(key, {});
      expect(entry, `${key} has no entry in test/security/routeMatrix.ts`).toBeDefined();
      const problems: string[] = [];
      for (const name of personaNames) {
        const cell = await callAs(key, def, entry!, name, { app, db, personas });
        results.get(key)![name] = cell;
        problems.push(...cell.problems.map((p) => `${headings[name]}: ${p}`));
      }
      expect(problems).toEqual([]);
    },
  );
});

afterAll(() => {
  const routes = allRoutes();
  const rows = routes.map((def) => {
    const key = keyOf(def);
    const cells = results.get(key) ?? {};
    const entry = Object.hasOwn(routeMatrix, key) ? routeMatrix[key] : undefined;
    return [
      `${def.method.toUpperCase()} /api${def.path}`,
      entry ? entry.audience + (entry.ownedBy ? ` (A's)` : '') : 'NO ENTRY',
      ...personaNames.map((n) => {
        const cell = cells[n];
        if (!cell) return '-';
        if (cell.status !== cell.expected) return `${cell.status}✗(want ${cell.expected})`;
        return cell.problems.length ? `${cell.status}✗` : String(cell.status);
      }),
    ];
  });
  const header = ['route', 'audience', ...personaNames.map((n) => headings[n])];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cols: string[]) =>
    cols
      .map((c, i) => c.padEnd(widths[i]!))
      .join('  ')
      .trimEnd();
  const covered = routes.filter((def) => Object.hasOwn(routeMatrix, keyOf(def))).length;
  const clean = rows.filter((r) => !r.some((c) => c.includes('✗') || c === '-')).length;
  const shared = Object.entries(routeMatrix)
    .filter(([, e]) => e.sharesData)
    .map(([k, e]) => `  ${k}: ${e.sharesData}`);
  console.log(
    [
      `Authorization matrix: ${covered}/${routes.length} routes of allRoutes() have an entry ` +
        `(${Math.round((100 * covered) / Math.max(routes.length, 1))}%), ${clean} answered as expected ` +
        `for all ${personaNames.length} personas`,
      line(header),
      line(widths.map((w) => '-'.repeat(w))),
      ...rows.map(line),
      "✗: unexpected status or another persona's data shown. B calls with A's ids; (A's): the path names A's rows.",
      ...(shared.length ? ['Shows everyone the same data by design:', ...shared] : []),
    ].join('\n'),
  );
});
