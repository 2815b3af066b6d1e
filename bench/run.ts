/**
 * `make bench`: the API beside a bare Koa + pg server running the same SQL and returning the same JSON,
 * in the same run, on a fresh PostgreSQL database:
 * - GET /api/releases (an artist with 100 releases), GET /api/auth/user, and the admin applications list
 *   (100 of 20,000 rows): throughput at 10 connections (closed loop) and latency at a steady 150
 *   requests/s (open loop, evenly paced);
 * - a 200 MB audio upload beside a bare Node stream to disk: time and the server's peak RSS growth.
 * Each server runs in a process of its own, and so does the load generator (bench/loadClient.ts). Then
 * the web apps: the initial JavaScript of each page (bench/webWeight.ts) and, once the API's servers are
 * gone, Lighthouse on the landing, /apply and the dashboard (bench/lighthouse.ts; not with BENCH_ONLY),
 * each beside the bare page (bench/barePage/: the smallest React page built with the apps' toolchain).
 * It prints its report and writes it into docs/benchmarks.md (bench/book.ts), a chart per table beside it
 * (bench/charts.ts); it never fails.
 */
import { fork, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { connect, loadConfig, migrateLatest, type Db } from '../db/src/index.ts';
import { freePort } from '../infra/lib/ports.ts';
import { Browser, formOf } from '../test/support/browser.ts';
import { createDatabase, dropDatabase, testServerUrl, uniqueName } from '../test/support/database.ts';
import { chartLink, heading, postgresVersion, table, writeSection } from './book.ts';
import { barChart, type Chart, type ChartSpec } from './charts.ts';
import type { Target } from './load.ts';
import { startLoadClient, type LoadClient } from './loadClient.ts';
import {
  chromiumPath,
  lighthouseReport,
  printLighthouse,
  TARGET_SCORE,
  type LighthouseRow,
} from './lighthouse.ts';
import {
  barePageWeight,
  LANDING_TARGET_KB,
  printWebWeights,
  weightBars,
  weightColumns,
  weightRows,
  webWeights,
  type Weight,
} from './webWeight.ts';

const DEFAULT_SECONDS = 5;
const seconds = Number(process.env.BENCH_SECONDS ?? DEFAULT_SECONDS);
const here = path.dirname(new URL(import.meta.url).pathname);

async function startChild(script: string, env: Record<string, string>): Promise<ChildProcess> {
  const child = fork(path.join(here, script), [], {
    // BENCH_PROFILE=<dir> writes a CPU profile of each server (node --cpu-prof) for `--cpu-prof` analysis.
    execArgv: [
      '--import',
      'tsx',
      ...(process.env.BENCH_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE}`] : []),
    ],
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  await new Promise<void>((resolve, reject) => {
    child.once('message', () => resolve());
    child.once('exit', (code) => reject(new Error(`${script} exited with ${code}`)));
  });
  return child;
}

const stop = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
    setTimeout(() => child.kill('SIGKILL'), 5000).unref();
  });

async function signUp(base: string, email: string): Promise<string> {
  const browser = new Browser();
  const signIn = await browser.get(`${base}/api/login`);
  const page = await browser.get(`${signIn.url}/signup`);
  await browser.submit(page, formOf(page), {
    firstName: 'Bench',
    lastName: 'Mark',
    email,
    password: 'bench-password-1',
  });
  const sid = browser.cookie('riffline.sid');
  const sig = browser.cookie('riffline.sid.sig');
  if (!sid) throw new Error('sign-up did not give a session');
  return `riffline.sid=${sid}; riffline.sid.sig=${sig}`;
}

async function seed(db: Db, artistEmail: string, adminEmail: string) {
  const artist = await db('users').where({ email: artistEmail }).first();
  await db('users').where({ id: artist.id }).update({ is_approved: true });
  await db('users').where({ email: adminEmail }).update({ role: 'admin', is_approved: true });
  await db.raw(
    `insert into releases (user_id, title, artist, genre, release_date, created_at)
     select ?, 'Release ' || n, 'Bench Artist', 'pop', current_date + 30, now() - n * interval '1 minute'
     from generate_series(1, 100) n`,
    [artist.id],
  );
  await db.raw(
    `insert into tracks (release_id, title, track_number, primary_artists)
     select id, title, 1, '{Bench Artist}' from releases where user_id = ?`,
    [artist.id],
  );
  await db.raw(
    `insert into users (id, username, email) select 'bench-' || n, 'bench-' || n, 'bench-' || n || '@example.test'
     from generate_series(1, 20000) n`,
  );
  await db.raw(
    `insert into applications (user_id, legal_name, artist_name, age, genre, artist_story, instagram, youtube, created_at)
     select 'bench-' || n, 'Legal ' || n, 'Artist ' || n, 20 + n % 40, 'pop', 'A story', 'https://instagram.com/x',
            'https://youtube.com/x', now() - n * interval '1 second'
     from generate_series(1, 20000) n`,
  );
  // Vacuumed too, not only analyzed: the 20,000 rows just inserted would otherwise start autovacuum on
  // applications and users during the first measurement, a stall the API would pay and the bare server,
  // measured later, would not.
  await db.raw('vacuum analyze');
  const release = await db('releases').where({ user_id: artist.id }).first();
  const track = await db('tracks').where({ release_id: release.id }).first();
  return { trackId: track.id as string };
}

interface Row {
  name: string;
  rps: number;
  bareRps: number;
  p50: number;
  p99: number;
  bareP99: number;
  cpu: number;
  bareCpu: number;
}

/** CPU seconds (user + system) the process has used so far, from /proc. */
function cpuOf(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100; // utime, stime in clock ticks (USER_HZ 100)
}

/**
 * Throughput, latency, and the server's own CPU time per request during the throughput run: the ratio of
 * two servers' req/s depends on how the load generator and PostgreSQL share the cores with them, CPU per
 * request does not.
 */
async function measure(client: LoadClient, target: Target, server: ChildProcess) {
  await client.closedLoop(target, 10, 1000); // warm up
  const cpuBefore = cpuOf(server.pid!);
  const throughput = await client.closedLoop(target, 10, seconds * 1000);
  const cpuPerRequest = (cpuOf(server.pid!) - cpuBefore) / throughput.requests;
  const latency = await client.openLoop(target, 150, seconds * 1000);
  return { throughput, latency, cpuPerRequest };
}

function rssOf(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) * 1024;
}

const AUDIO_BYTES = 200 * 1024 * 1024;

/** A WAV header then silence, `size` bytes in all, produced as it is read. */
function wavStream(size: number): Readable {
  const header = Buffer.alloc(44);
  header.write('RIFF', 0);
  header.writeUInt32LE(size - 8, 4);
  header.write('WAVEfmt ', 8);
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(2, 22);
  header.writeUInt32LE(44_100, 24);
  header.writeUInt32LE(44_100 * 4, 28);
  header.writeUInt16LE(4, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36);
  header.writeUInt32LE(size - 44, 40);
  const chunk = Buffer.alloc(1024 * 1024);
  let sent = 0;
  return new Readable({
    read() {
      if (sent === 0) {
        sent = header.length;
        this.push(header);
        return;
      }
      if (sent >= size) return void this.push(null);
      const n = Math.min(chunk.length, size - sent);
      sent += n;
      this.push(n === chunk.length ? chunk : chunk.subarray(0, n));
    },
  });
}

async function upload(child: ChildProcess, url: string, headers: Record<string, string>) {
  const before = rssOf(child.pid!);
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, rssOf(child.pid!))), 20);
  const started = performance.now();
  const status = await new Promise<number>((resolve, reject) => {
    const req = http.request(url, {
      method: 'PUT',
      headers: { ...headers, 'content-type': 'audio/wav', 'content-length': String(AUDIO_BYTES) },
    });
    req.on('response', (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
    wavStream(AUDIO_BYTES).pipe(req);
  });
  const ms = performance.now() - started;
  clearInterval(sampler);
  return { status, ms, growth: peak - before };
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MiB`;

type Upload = Awaited<ReturnType<typeof upload>>;

/** What the API part measured, for the printed report and the book. */
interface Results {
  rows: Row[];
  upload: { app: Upload; bare: Upload } | null;
  weights: Weight[];
  /** The bare page's, the weights' baseline; null when it could not be built (said in `partial`). */
  bareWeight: Weight | null;
  /** Why the run is not a full one (BENCH_ONLY, BENCH_SECONDS, an app not built, ...); empty when it is. */
  partial: string[];
  postgres: string;
}

async function main(): Promise<Results> {
  // First, before anything a failed start would leave behind (it exits when this process does).
  const client = await startLoadClient();
  const server = testServerUrl();
  const name = uniqueName('riffline_bench');
  const url = await createDatabase(server, name);
  const db = connect(loadConfig({ NODE_ENV: 'test', DATABASE_URL: url }));
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'riffline-bench-'));
  let app: ChildProcess | undefined;
  let bare: ChildProcess | undefined;
  try {
    await migrateLatest(db);
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    app = await startChild('appServer.ts', {
      NODE_ENV: 'test',
      LOG_LEVEL: 'info',
      DATABASE_URL: url,
      PORT: String(port),
      PUBLIC_URL: base,
      DATA_DIR: dataDir,
    });
    const artistEmail = `artist-${name}@example.test`;
    const adminEmail = `admin-${name}@example.test`;
    const artistCookie = await signUp(base, artistEmail);
    const adminCookie = await signUp(base, adminEmail);
    const { trackId } = await seed(db, artistEmail, adminEmail);
    const adminList = `/api/admin/applications?sort=${encodeURIComponent('["createdAt","DESC"]')}&range=${encodeURIComponent('[0,99]')}&filter=${encodeURIComponent('{"status":"pending"}')}`;
    const cases: Array<[string, string, string]> = [
      ['GET /api/releases (100 releases)', '/api/releases', artistCookie],
      ['GET /api/auth/user', '/api/auth/user', artistCookie],
      ['GET /api/admin/applications (100 of 20,000)', adminList, adminCookie],
    ];
    // BENCH_ONLY=<text> measures only the routes whose label contains it (with the upload skipped too
    // unless the text matches it), for profiling one route at a time.
    const only = process.env.BENCH_ONLY;
    if (only) cases.splice(0, cases.length, ...cases.filter(([label]) => label.includes(only)));
    const withUpload = !only || 'PUT /api/tracks/:id/audio'.includes(only);
    const partial: string[] = [];
    if (only) {
      partial.push(
        `BENCH_ONLY=${only}: only ${cases.map(([label]) => `\`${label}\``).join(', ') || 'no route'}` +
          `${withUpload ? '' : ', no upload'}, no Lighthouse`,
      );
    }
    if (seconds !== DEFAULT_SECONDS) partial.push(`BENCH_SECONDS=${seconds} (default ${DEFAULT_SECONDS})`);
    if (process.env.BENCH_PROFILE) partial.push('BENCH_PROFILE set: the servers ran under the CPU profiler');
    const results = new Map<string, Awaited<ReturnType<typeof measure>>>();
    for (const [label, route, cookie] of cases) {
      results.set(label, await measure(client, { url: `${base}${route}`, headers: { cookie } }, app));
    }
    const appUpload = withUpload
      ? await upload(app, `${base}/api/tracks/${trackId}/audio`, { cookie: artistCookie, origin: base })
      : undefined;
    await stop(app);
    app = undefined;

    const barePort = await freePort();
    const bareBase = `http://127.0.0.1:${barePort}`;
    const bareFile = path.join(dataDir, 'bare-upload.wav');
    bare = await startChild('bare.ts', { DATABASE_URL: url, PORT: String(barePort), UPLOAD_FILE: bareFile });
    const rows: Row[] = [];
    for (const [label, route, cookie] of cases) {
      const ours = results.get(label)!;
      const theirs = await measure(client, { url: `${bareBase}${route}`, headers: { cookie } }, bare);
      rows.push({
        name: label,
        rps: ours.throughput.perSecond,
        bareRps: theirs.throughput.perSecond,
        p50: ours.latency.p50,
        p99: ours.latency.p99,
        bareP99: theirs.latency.p99,
        cpu: ours.cpuPerRequest,
        bareCpu: theirs.cpuPerRequest,
      });
    }
    const bareUpload = withUpload ? await upload(bare, `${bareBase}/upload`, {}) : undefined;

    console.log(`\nRiffline benchmark (${os.cpus().length} cores, ${seconds} s per measurement)\n`);
    console.log(
      'route                                        req/s  bare req/s  ratio   p50@150/s  p99@150/s  bare p99  CPU/req  bare CPU/req',
    );
    for (const r of rows) {
      console.log(
        `${r.name.padEnd(44)} ${r.rps.toFixed(0).padStart(6)} ${r.bareRps.toFixed(0).padStart(11)} ${(r.rps / r.bareRps).toFixed(2).padStart(6)}x ${r.p50.toFixed(1).padStart(9)}ms ${r.p99.toFixed(1).padStart(8)}ms ${r.bareP99.toFixed(1).padStart(8)}ms ${(r.cpu * 1e6).toFixed(0).padStart(6)}µs ${(r.bareCpu * 1e6).toFixed(0).padStart(11)}µs`,
      );
    }
    const uploadLine = (label: string, u: Upload) =>
      `${label.padEnd(44)} status ${u.status}  ${(u.ms / 1000).toFixed(2)} s  ${(AUDIO_BYTES / 1024 / 1024 / (u.ms / 1000)).toFixed(0)} MiB/s  peak RSS growth ${mb(u.growth)}`;
    if (appUpload && bareUpload) {
      console.log('\n' + uploadLine('PUT /api/tracks/:id/audio (200 MiB)', appUpload));
      console.log(uploadLine('bare Node stream to disk (200 MiB)', bareUpload));
      console.log(`upload ratio ${(bareUpload.ms / appUpload.ms || 0).toFixed(2)}x of bare`);
    }
    console.log(
      '\nTargets: ≥ 0.7x bare req/s at 10 connections; p99 ≤ 15 ms at 150 req/s; upload ≥ 0.5x bare with peak RSS growth ≤ 64 MiB.',
    );
    const weights = webWeights(path.resolve(here, '..'));
    const bareWeight = await barePageWeight().catch((error: unknown) => {
      const reason = (error instanceof Error ? error.message : String(error)).split('\n')[0]!;
      partial.push(`the bare page could not be built, so the weights have no baseline: ${reason}`);
      return null;
    });
    printWebWeights(weights, bareWeight);
    const unbuilt = weights.filter((w) => w.gzipKb === null).map((w) => w.label);
    if (unbuilt.length) partial.push(`not built, so not weighed: ${unbuilt.join(', ')}`);
    return {
      rows,
      upload: appUpload && bareUpload ? { app: appUpload, bare: bareUpload } : null,
      weights,
      bareWeight,
      partial,
      postgres: await postgresVersion(url),
    };
  } finally {
    client.stop();
    if (app) await stop(app);
    if (bare) await stop(bare);
    await db.destroy();
    await dropDatabase(server, name);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

const fixed = (n: number, digits: number) =>
  n.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
const ms = (n: number) => (Number.isFinite(n) ? `${fixed(n, 0)} ms` : '-');

const SECTION = 'make bench';

/**
 * The section `make bench` writes into docs/benchmarks.md: the run, its tables each with its chart, and
 * what they compare against.
 */
function bookSection(
  results: Results,
  lighthouse: LighthouseRow[] | null,
): { body: string; charts: Chart[] } {
  const { rows, upload, weights, bareWeight } = results;
  const parts = [heading('`make bench`', results.postgres, results.partial)];
  const charts: Chart[] = [];
  const chart = (spec: ChartSpec) => {
    if (!spec.bars.length) return;
    const drawn = barChart(spec);
    charts.push(drawn);
    parts.push(chartLink(SECTION, drawn));
  };
  parts.push(
    `#### The API beside the bare server (${seconds} s per measurement)`,
    table(
      [
        'route',
        'req/s',
        'bare req/s',
        'ratio',
        'p50 at 150/s',
        'p99 at 150/s',
        'bare p99',
        'CPU/request',
        'bare CPU/request',
      ],
      rows.map((r) => [
        r.name.replace(/^(\S+ \S+)/, '`$1`'),
        fixed(r.rps, 0),
        fixed(r.bareRps, 0),
        `${fixed(r.rps / r.bareRps, 2)}×`,
        `${fixed(r.p50, 1)} ms`,
        `${fixed(r.p99, 1)} ms`,
        `${fixed(r.bareP99, 1)} ms`,
        `${fixed(r.cpu * 1e6, 0)} µs`,
        `${fixed(r.bareCpu * 1e6, 0)} µs`,
      ]),
    ),
  );
  chart({
    name: 'api',
    title: 'Requests per second at 10 connections: the API beside the bare Koa + pg server',
    measure: 'requests per second (higher is better)',
    bars: rows.flatMap((r) => [
      {
        group: r.name,
        series: 'the API',
        value: r.rps,
        text: `${fixed(r.rps, 0)} (${fixed(r.rps / r.bareRps, 2)}×)`,
      },
      { group: r.name, series: 'bare Koa + pg', value: r.bareRps, text: fixed(r.bareRps, 0) },
    ]),
  });
  if (upload) {
    const line = (label: string, u: Upload) => [
      label,
      String(u.status),
      `${fixed(u.ms / 1000, 2)} s`,
      `${fixed(AUDIO_BYTES / 1024 / 1024 / (u.ms / 1000), 0)} MiB/s`,
      mb(u.growth),
    ];
    parts.push(
      `#### Upload of ${AUDIO_BYTES / 1024 / 1024} MiB: ${fixed(upload.bare.ms / upload.app.ms || 0, 2)}× of the bare server's speed`,
      table(
        ['server', 'status', 'time', 'speed', 'peak RSS growth'],
        [
          line('the API, `PUT /api/tracks/:id/audio`', upload.app),
          line('bare Node stream to disk', upload.bare),
        ],
      ),
    );
    const speed = (u: Upload) => AUDIO_BYTES / 1024 / 1024 / (u.ms / 1000);
    chart({
      name: 'upload',
      title: `Upload of ${AUDIO_BYTES / 1024 / 1024} MiB: the API beside a bare Node stream to disk`,
      measure: 'MiB per second (higher is better)',
      bars: [
        {
          group: 'PUT /api/tracks/:id/audio',
          series: 'the API',
          value: speed(upload.app),
          text: `${fixed(speed(upload.app), 0)} MiB/s`,
        },
        {
          group: 'bare Node stream to disk',
          series: 'bare',
          value: speed(upload.bare),
          text: `${fixed(speed(upload.bare), 0)} MiB/s`,
        },
      ],
      target: { value: speed(upload.bare) / 2, label: "target: ≥ 0.5× the bare server's speed" },
    });
  } else {
    parts.push('#### Upload', 'Not measured in this run (BENCH_ONLY).');
  }
  parts.push(
    '#### Initial JavaScript per page (gzip, from the built apps)',
    table(weightColumns, weightRows(weights, bareWeight)),
  );
  chart({
    name: 'javascript',
    title: 'Initial JavaScript per page (gzip) beside a bare React page',
    measure: 'KB gzip (lower is better)',
    bars: weightBars(weights, bareWeight),
    target: { value: LANDING_TARGET_KB, label: `target for the landing: ≤ ${LANDING_TARGET_KB} KB` },
  });
  parts.push('#### Lighthouse (mobile profile: simulated slow 4G, 4× CPU slowdown)');
  if (lighthouse?.length) {
    const indexes = lighthouse.map((r) => r.benchmarkIndex).filter(Number.isFinite);
    const runs = Number(process.env.LIGHTHOUSE_RUNS ?? 1);
    parts.push(
      table(
        ['page', 'performance', 'accessibility', 'FCP', 'LCP', 'CLS', 'TBT', 'Speed Index'],
        lighthouse.map((r) => [
          r.page,
          r.performance === null ? '-' : String(r.performance),
          r.accessibility === null ? '-' : String(r.accessibility),
          ms(r.fcp),
          ms(r.lcp),
          Number.isFinite(r.cls) ? r.cls.toFixed(3) : '-',
          ms(r.tbt),
          ms(r.speedIndex),
        ]),
      ),
      `${runs === 1 ? 'One run per page' : `The median of ${runs} runs per page`}; Lighthouse's CPU benchmark of the machine during the runs: ` +
        `${indexes.length ? `${fixed(Math.min(...indexes), 0)}-${fixed(Math.max(...indexes), 0)}` : '-'} (higher is faster).`,
    );
    chart({
      name: 'lighthouse',
      title: 'Lighthouse scores per page (mobile profile) beside a bare React page',
      measure: 'score out of 100 (higher is better)',
      bars: lighthouse.flatMap((r) =>
        (['performance', 'accessibility'] as const).flatMap((score) => {
          const value = r[score];
          return value === null ? [] : [{ group: r.page, series: score, value }];
        }),
      ),
      target: { value: TARGET_SCORE, label: `target: ≥ ${TARGET_SCORE}` },
    });
  } else {
    parts.push('Not measured in this run (see above).');
  }
  parts.push(
    '#### What each figure compares against',
    [
      "- **ratio**: the API's requests per second at 10 connections over the bare Koa + pg server's (the same SQL and JSON, the same database, measured in the same run); target ≥ 0.7×.",
      "- **p50 / p99 at 150/s**: latency under an evenly paced open-loop load, counted from each request's scheduled start; target p99 ≤ 15 ms; **bare p99** is the bare server's under the same load.",
      "- **CPU/request**: the server process's own CPU time (user + system, from `/proc`) during the throughput run over the requests it answered; the figure to compare across runs and machines, beside the bare server's.",
      "- **Upload**: the API streaming a WAV to local storage beside a bare Node stream to disk; target ≥ 0.5× of the bare server's speed with a peak RSS growth ≤ 64 MiB.",
      `- **Initial JavaScript**: what a page makes a browser download before it shows; target: the landing ≤ ${LANDING_TARGET_KB} KB gzip. **ratio to the bare page**: the page's weight over the **bare React page (baseline)**'s (\`bench/barePage/\`: React rendering a heading and a paragraph, built in the same run with the apps' toolchain, Vite, @vitejs/plugin-react and the same precompression, and weighed the same way): 1× would be React alone, the rest is what the app adds.`,
      `- **Lighthouse**: target ≥ ${TARGET_SCORE} for performance and accessibility; the scores move with the machine's CPU benchmark. **bare React page (baseline)**: the same bare page served on loopback by the API's own static middleware, as the apps' builds are (brotli or gzip precompressed, immutable assets), measured with the same settings in the same browser and run: the least a React page scores there.`,
      '- **Charts**: each table drawn as bars (SVG files in `docs/benchmarks/`, written with this section), each figure beside its baseline or target line.',
    ].join('\n'),
  );
  return { body: parts.join('\n\n'), charts };
}

const results = await main();
// Lighthouse last, on a quiet machine: the API benchmark's servers and database are gone by now.
let lighthouse: LighthouseRow[] | null = null;
if (!process.env.BENCH_ONLY) {
  try {
    lighthouse = await lighthouseReport();
    printLighthouse(lighthouse);
    if (!lighthouse) results.partial.push(`Lighthouse skipped: no Chromium at ${chromiumPath()}`);
    else if (process.env.LIGHTHOUSE_ONLY)
      results.partial.push(`LIGHTHOUSE_ONLY=${process.env.LIGHTHOUSE_ONLY}`);
  } catch (error) {
    const reason = (error instanceof Error ? error.message : String(error)).split('\n')[0]!;
    console.log(`\nLighthouse could not run: ${reason}`);
    results.partial.push(`Lighthouse could not run: ${reason}`);
  }
}
try {
  const { body, charts } = bookSection(results, lighthouse);
  await writeSection(SECTION, body, undefined, charts);
  console.log('\nWritten into docs/benchmarks.md (its `make bench` section).');
} catch (error) {
  console.log(`\nThe book could not be written: ${error instanceof Error ? error.message : String(error)}`);
}
