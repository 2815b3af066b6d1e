/**
 * `make verify`'s fault run (issue 38): the production topology of infra/stack (two API processes behind
 * nginx, two workers processes in one group, PostgreSQL, S3, SFTP, SMTP), on Kafka and on the Postgres
 * event log. Under a load of real commands, each part is killed in turn (SIGKILL, or PostgreSQL stopped
 * as by a crash) and brought back; once the stack settles, every accepted write must be there, every event
 * handled once, every email sent once and every approved release delivered once. The summary table is
 * printed at the end. In CI the windows are short; locally they are long (VERIFY_SHORT=1 shortens them).
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig, type Db } from '../../db/src/index.ts';
import { repoRoot } from '../../db/src/config.ts';
import type { Stack } from '../../infra/stack/stack.ts';
import { messageIdOf, missingWrites, settle, tally, type Tally } from './checks.ts';
import { Browser } from '../support/browser.ts';
import { signIn } from '../support/signIn.ts';
import { Load, type Client } from './load.ts';
import { importReportOfLiveTracks, startVerifyStack } from './verifyStack.ts';

const short = Boolean(process.env.CI) || process.env.VERIFY_SHORT === '1';
/** Load before the fault, the part down, and load after it comes back. */
const WINDOW = short
  ? { beforeMs: 5_000, downMs: 5_000, afterMs: 5_000 }
  : { beforeMs: 30_000, downMs: 15_000, afterMs: 30_000 };
const CONCURRENCY = short ? 2 : 3;

type Fault = 'broker' | 'workers' | 'api' | 'postgres';
const faultNames: Record<Fault, string> = {
  broker: 'Kafka broker kill -9',
  workers: 'workers process kill -9',
  api: 'API process kill -9',
  postgres: `PostgreSQL cut (${WINDOW.downMs / 1000} s)`,
};

interface Row {
  log: string;
  fault: string;
  accepted: number;
  refused: number;
  handled: number;
  doubled: number;
  lost: number;
  mailTwice: number;
  recoverSeconds: number;
  /** Seconds until /health named the part down (null: not a part it watches, or it never did). */
  healthSeconds: number | null;
  /** What went wrong (the run fails on any). */
  details: string[];
  /** What the table's figures count that is not a fault of ours. */
  notes: string[];
}
const rows: Row[] = [];

afterAll(() => {
  if (!rows.length) return;
  const header = [
    'event log',
    'fault',
    'writes accepted',
    'refused',
    'events handled',
    'doubled',
    'lost',
    'emails sent twice',
    's to recover',
    '/health named it (s)',
  ];
  const table = [
    `| ${header.join(' | ')} |`,
    `| ${header.map(() => '---').join(' | ')} |`,
    ...rows.map(
      (r) =>
        `| ${[r.log, r.fault, r.accepted, r.refused, r.handled, r.doubled, r.lost, r.mailTwice, r.recoverSeconds.toFixed(1), r.healthSeconds?.toFixed(1) ?? '–'].join(' | ')} |`,
    ),
  ].join('\n');
  const details = rows.flatMap((r) => [...r.details, ...r.notes].map((d) => `- ${r.log}, ${r.fault}: ${d}`));
  const summary = `\nFault run (${short ? 'short' : 'full'}): ${WINDOW.beforeMs / 1000} s of load, the fault, ${WINDOW.afterMs / 1000} s after\n\n${table}\n${details.length ? `\n${details.join('\n')}\n` : ''}`;
  console.log(summary);
  fs.mkdirSync(path.join(repoRoot, '.data/verify'), { recursive: true });
  fs.writeFileSync(path.join(repoRoot, '.data/verify/summary.md'), summary);
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const started = Date.now();
/** Where the run is, as it goes (the table comes at the end). */
const say = (what: string) => console.log(`[verify ${((Date.now() - started) / 1000).toFixed(0)} s] ${what}`);

describe.each([
  { log: 'kafka' as const, faults: ['broker', 'workers', 'api', 'postgres'] as Fault[] },
  // An API process's kill has nothing to do with the event log: it is tried once, on Kafka.
  { log: 'postgres' as const, faults: ['workers', 'postgres'] as Fault[] },
])('the stack on the $log event log', ({ log, faults }) => {
  let stack: Stack;
  let db: Db;
  let load: Load;
  let admin: Client;
  let probeTicket: string;
  let before: Tally;

  it('starts: two API and two workers processes behind nginx, and the admin sets up a store', async () => {
    ({ stack, db, admin } = await startVerifyStack(log, log));
    say(`the stack is up on the ${log} event log at ${stack.url}`);
    load = new Load({ url: stack.url, admin, signUps: 20, run: `verify-${log}` });
    // The first artists, and the ticket the probe answers.
    await load.newArtist();
    await load.newArtist();
    probeTicket = (
      await load.artists[0]!.client.write('POST', '/api/support-tickets', {
        subject: 'Probe',
        message: 'The fault run answers this ticket to see the whole path work.',
      })
    ).json<{ id: string }>().id;
    before = await tally(db, stack.smtp.received);
  }, 300_000);

  it('two API processes share sessions, sign-in state, CSRF and limits: a person bounced between them notices nothing', async () => {
    // Each request goes to the other API process, as a proxy with no stickiness may send them; the
    // headers are the ones nginx adds.
    const front = new URL(stack.url);
    let turn = 0;
    const served: string[] = [];
    const bounced = new Browser({}, (url) => {
      if (url.host !== front.host) return undefined;
      const api = stack.apis[turn++ % stack.apis.length]!;
      served.push(api.name);
      return {
        url: new URL(`${url.pathname}${url.search}`, api.url),
        headers: {
          'x-forwarded-host': front.host,
          'x-forwarded-proto': 'http',
          'x-forwarded-for': '127.0.0.1',
        },
      };
    });
    const landed = await signIn(bounced, stack.url, 'artist@riffline.local', 'riffline-artist');
    expect(landed.status).toBe(200);
    const send = (method: string, route: string, body?: unknown) =>
      bounced.request(`${stack.url}${route}`, {
        method,
        ...(body ? { body: JSON.stringify(body) } : {}),
        headers: { origin: stack.url, ...(body ? { 'content-type': 'application/json' } : {}) },
      });
    for (let i = 0; i < 4; i++) expect((await send('GET', '/api/auth/user')).status).toBe(200);
    const opened = await send('POST', '/api/support-tickets', {
      subject: 'Bounced',
      message: 'Two servers, one session.',
    });
    expect(opened.status, opened.body).toBe(201);
    // A write without the site's Origin is refused by either process.
    const forged = await bounced.request(`${stack.url}/api/support-tickets`, {
      method: 'POST',
      body: JSON.stringify({ subject: 'Forged', message: 'From another site, at least ten characters.' }),
      headers: { origin: 'https://evil.example', 'content-type': 'application/json' },
    });
    expect(forged.status).toBe(403);
    expect(new Set(served)).toEqual(new Set(stack.apis.map((a) => a.name)));
  });

  afterAll(async () => {
    await db?.destroy();
    await stack?.stop();
  }, 120_000);

  /**
   * The admin answers the probe ticket through the front door, and the notifications group has handled
   * that answer (its mail recorded): the whole path works. Admin answers have no hourly limit, so the
   * probe can go on as long as a fault lasts.
   */
  async function probe(): Promise<void> {
    const { rows: last } = (await db.raw('select coalesce(max(id), 0) as id from events')) as {
      rows: Array<{ id: string }>;
    };
    await admin.write('POST', `/api/admin/tickets/${probeTicket}/messages`, {
      message: 'Probe: is the whole path back?',
    });
    // Under load the groups have a backlog: the probe's own event may wait behind it.
    const deadline = Date.now() + 60_000;
    while (Date.now() < deadline) {
      const { rows: found } = (await db.raw(
        `select 1 from processed_events p join events e on e.id = p.event_id
          where e.aggregate_id = ? and e.type = 'ticket.messagePosted' and p.group_name = 'notifications'
            and e.id > ?`,
        [probeTicket, last[0]!.id],
      )) as { rows: unknown[] };
      if (found.length) return;
      await sleep(100);
    }
    throw new Error('the probe was not handled in time');
  }

  /** Seconds from `from` until a probe goes through. */
  async function recovery(from: number): Promise<number> {
    for (;;) {
      try {
        await probe();
        return (Date.now() - from) / 1000;
      } catch {
        if (Date.now() - from > 180_000) throw new Error('the stack did not recover in 3 minutes');
        await sleep(250);
      }
    }
  }

  /**
   * Seconds from now until `url` (a health check) answers 503 naming `part` as down, looking every 100 ms
   * while the part is down; null if it never did.
   */
  async function healthSays(url: string, part: string): Promise<number | null> {
    const from = Date.now();
    while (Date.now() - from < WINDOW.downMs) {
      try {
        const res = await fetch(url, { signal: AbortSignal.timeout(3_000) });
        const body = (await res.json()) as Record<string, unknown>;
        if (res.status === 503 && body[part] !== 'ok') return (Date.now() - from) / 1000;
      } catch {
        // Not answering is not naming the part.
      }
      await sleep(100);
    }
    return null;
  }

  /**
   * Injects the fault; resolves with the moment the recovery clock starts (the part back, or the kill when
   * another process stands in), for a part health checks watch how long the check took to name it, and
   * `back`: the killed process started again (later, while the probe already runs).
   */
  /** How many emails the SMTP server had when a workers process was killed (null: none was). */
  let receivedAtKill: number | null = null;

  /**
   * Of the Message-IDs received twice, the one the killed process had sent when it died, before the
   * database recorded it: the survivor sends it again when its lease ends. Each process takes one message
   * at a time, so a kill can do that to one message at most; the receiving servers drop the repeat by its
   * Message-ID.
   */
  function inFlightAtKill(ids: string[]): string[] {
    if (receivedAtKill === null) return [];
    const at = receivedAtKill;
    return ids.filter((id) => {
      const seen = stack.smtp.received.flatMap((mail, i) => (messageIdOf(mail) === id ? [i] : []));
      return seen.length === 2 && seen[0]! < at && seen[1]! >= at;
    });
  }

  async function inject(
    fault: Fault,
  ): Promise<{ clock: number; health: number | null; back: Promise<void> }> {
    switch (fault) {
      case 'broker': {
        await stack.kafka!.kill();
        const health = healthSays(`${stack.workers[1]!.url}/health`, 'events');
        await sleep(WINDOW.downMs);
        const named = await health;
        await stack.restartKafka();
        return { clock: Date.now(), health: named, back: Promise.resolve() };
      }
      case 'workers': {
        await stack.workers[0]!.kill();
        receivedAtKill = stack.smtp.received.length;
        // The survivor takes the partitions over: the clock runs from the kill, and the probe goes on
        // while the killed one is away.
        const killedAt = Date.now();
        const back = sleep(WINDOW.downMs).then(() => stack.workers[0]!.restart());
        return { clock: killedAt, health: null, back };
      }
      case 'api': {
        await stack.apis[0]!.kill();
        const killedAt = Date.now();
        const back = sleep(WINDOW.downMs).then(() => stack.apis[0]!.restart());
        return { clock: killedAt, health: null, back };
      }
      case 'postgres': {
        stack.postgres.cut();
        const health = healthSays(`${stack.url}/api/health`, 'db');
        await sleep(WINDOW.downMs);
        const named = await health;
        stack.postgres.start();
        return { clock: Date.now(), health: named, back: Promise.resolve() };
      }
    }
  }

  it.each(faults)(
    '%s: nothing accepted is lost, nothing is done twice',
    async (fault) => {
      const writesAt = load.writes.length;
      const refusedAt = load.refused;
      load.start(CONCURRENCY);
      await sleep(WINDOW.beforeMs);
      say(`${log}: ${faultNames[fault]}`);
      const { clock, health, back } = await inject(fault);
      const recoverSeconds = await recovery(clock);
      await back;
      say(`${log}: recovered in ${recoverSeconds.toFixed(1)} s`);
      await sleep(WINDOW.afterMs);
      await load.stop();
      await importReportOfLiveTracks(db, load);
      say(`${log}: settling`);
      await settle(db, loadConfig(stack.env).kafka);
      say(`${log}: settled; checking`);
      const writes = load.writes.slice(writesAt);
      const missing = await missingWrites(db, writes);
      const now = await tally(db, stack.smtp.received);
      const drift = Object.values(now.statsDrift);
      const twice = now.mailDoubledIds.filter((id) => !before.mailDoubledIds.includes(id));
      const inFlight = inFlightAtKill(twice);
      receivedAtKill = null;
      const row: Row = {
        log,
        fault: faultNames[fault],
        accepted: writes.length,
        refused: load.refused - refusedAt,
        handled: now.handled - before.handled,
        doubled:
          twice.length -
          inFlight.length +
          now.deliveriesDoubled +
          drift.filter((d) => d > 0).reduce((a, b) => a + b, 0),
        lost:
          missing.length +
          now.unhandled +
          now.mailLost +
          now.deliveriesMissing -
          drift.filter((d) => d < 0).reduce((a, b) => a + b, 0),
        mailTwice: twice.length,
        recoverSeconds,
        healthSeconds: health,
        details: [
          ...missing.map((w) => `accepted ${w.kind} ${w.id} is not there`),
          ...Object.entries(now.statsDrift).map(([name, d]) => `the dashboard's ${name} is off by ${d}`),
          ...(now.unhandled ? [`${now.unhandled} events never handled`] : []),
          ...(now.mailLost ? [`${now.mailLost} recorded emails never arrived`] : []),
          ...(now.parked ? [`${now.parked} events parked`] : []),
        ],
        notes: inFlight.map(
          (id) => `${id} went out twice: the killed process had sent it and died before recording it`,
        ),
      };
      rows.push(row);
      before = now;
      expect(writes.length, 'the load made writes').toBeGreaterThan(0);
      expect({
        doubled: row.doubled,
        lost: row.lost,
        mailTwiceBeyondTheOneInFlight: row.mailTwice - inFlight.length,
        inFlightAtMostOne: inFlight.length <= 1,
        parked: now.parked,
        details: row.details,
        // The broker and the database are parts the health checks watch: while down, they said so.
        healthNamedIt: row.healthSeconds !== null || !['broker', 'postgres'].includes(fault),
      }).toEqual({
        healthNamedIt: true,
        doubled: 0,
        lost: 0,
        mailTwiceBeyondTheOneInFlight: 0,
        inFlightAtMostOne: true,
        parked: 0,
        details: [],
      });
    },
    600_000,
  );
});
