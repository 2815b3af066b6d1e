/**
 * Lighthouse on the built artist app, for `make bench` (after the web-weight report) or alone:
 *
 *   npx tsx bench/lighthouse.ts            (LIGHTHOUSE_RUNS=3 takes the median of three runs per page)
 *
 * The product runs as the browser suites run it (bin/start.ts: the real API serving `web-artist/dist`, a
 * fresh PGlite data folder, the demo accounts and catalogue) on a free port. Lighthouse's node API, with its
 * defaults (mobile profile: a mid-range phone, simulated slow 4G and 4x CPU slowdown), measures the
 * performance and accessibility categories in Debian's Chromium (CHROMIUM_PATH, else /usr/bin/chromium;
 * infra/chromium.sh installs it) for the landing, /apply and /support signed out, then the dashboard signed
 * in as the demo artist (signed in through the embedded provider's page in the same browser, as a person
 * would), and the public SmartLink page of the demo artist's first release. Then, with the same settings in
 * the same browser, the baseline: the bare page (bench/barePage/, the smallest React page built with the
 * apps' toolchain) on a loopback server of its own that serves it as the API serves the apps' builds. It
 * reports, beside the targets docs/benchmarks.md names; it never fails.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import lighthouse, { generateReport, type Flags, type Result } from 'lighthouse';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import { demoAccounts } from '../api/src/identityProvider/demoAccounts.ts';
import { freePort } from '../infra/lib/ports.ts';
import { BARE_PAGE, buildBarePage, serveBarePage } from './barePage/barePage.ts';

const root = path.resolve(import.meta.dirname, '..');
export const TARGET_SCORE = 95;

export interface LighthouseRow {
  page: string;
  performance: number | null;
  accessibility: number | null;
  /** Milliseconds (simulated), except CLS (unitless). */
  fcp: number;
  lcp: number;
  cls: number;
  tbt: number;
  speedIndex: number;
  /** What the largest paint was and where its time went (TTFB, load delay, load time, render delay). */
  lcpElement: string;
  lcpPhases: string;
  /** The scripts costing the most main-thread time (ms, at the simulated CPU). */
  tbtBreakdown: string;
  /** The accessibility and performance audits that did not pass, by title. */
  failing: string[];
  /** Lighthouse's CPU benchmark of the machine during the run (higher is faster). */
  benchmarkIndex: number;
}

/** The product with the demo data, as the browser suites start it; resolves once it answers. */
async function startProduct(): Promise<{ base: string; child: ChildProcess; dataDir: string }> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'riffline-lighthouse-'));
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'bin/start.ts')], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: base,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'development',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise<never>((_, reject) =>
    child.once('exit', (code) => reject(new Error(`bin/start.ts exited with ${code}`))),
  );
  const deadline = Date.now() + 120_000;
  for (;;) {
    const up = await Promise.race([
      fetch(`${base}/api/health`).then(
        (res) => res.ok,
        () => false,
      ),
      exited,
    ]);
    if (up) return { base, child, dataDir };
    if (Date.now() > deadline) throw new Error('the product did not start within 120 s');
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

const stopProduct = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
    setTimeout(() => child.kill('SIGKILL'), 10_000).unref();
  });

/** The demo artist signs in on the embedded provider's page and lands on the dashboard. */
async function signIn(page: Page, base: string) {
  const artist = demoAccounts.find((a) => a.role === 'artist')!;
  await page.goto(`${base}/api/login`, { waitUntil: 'load' });
  await page.type('input[name="email"]', artist.email);
  await page.type('input[name="password"]', artist.password);
  await Promise.all([
    page.waitForNavigation({ waitUntil: 'networkidle0' }),
    page.click('button[type="submit"]'),
  ]);
  if (new URL(page.url()).pathname !== '/') throw new Error(`sign-in ended on ${page.url()}`);
}

const ms = (result: Result, id: string) => result.audits[id]?.numericValue ?? NaN;

/** The LCP element and its phases, from the `largest-contentful-paint-element` audit's two tables. */
function lcpDetails(result: Result): { element: string; phases: string } {
  const details = result.audits['largest-contentful-paint-element']?.details as
    { items?: Array<{ items?: Array<Record<string, unknown>> }> } | undefined;
  const node = details?.items?.[0]?.items?.[0]?.node as { selector?: string; snippet?: string } | undefined;
  const phases = (details?.items?.[1]?.items ?? [])
    .map((p) => `${String(p.phase)} ${Math.round(Number(p.timing))} ms`)
    .join(', ');
  const snippet = (node?.snippet ?? '').replace(/\s+/g, ' ').slice(0, 60);
  return { element: node?.selector ? `${node.selector} ${snippet}` : 'none', phases };
}

/** The three scripts with the most main-thread time (`bootup-time`), with their scripting time. */
function tbtBreakdown(result: Result): string {
  const details = result.audits['bootup-time']?.details as
    { items?: Array<{ url: string; total: number; scripting: number }> } | undefined;
  return (details?.items ?? [])
    .slice(0, 3)
    .map((i) => `${i.url.replace(/^https?:\/\/[^/]+/, '') || i.url} ${Math.round(i.scripting)} ms`)
    .join(', ');
}

function failingAudits(result: Result): string[] {
  const ids = ['accessibility', 'performance'].flatMap(
    (c) => result.categories[c]?.auditRefs.filter((r) => r.weight > 0).map((r) => r.id) ?? [],
  );
  return ids
    .map((id) => result.audits[id]!)
    .filter((a) => a.score !== null && a.score < 0.9 && a.scoreDisplayMode !== 'informative')
    .map((a) => `${a.title} (${a.displayValue ?? Math.round((a.score ?? 0) * 100)})`);
}

function rowOf(label: string, result: Result): LighthouseRow {
  const score = (c: string) => {
    const s = result.categories[c]?.score;
    return s === null || s === undefined ? null : Math.round(s * 100);
  };
  const lcp = lcpDetails(result);
  return {
    page: label,
    performance: score('performance'),
    accessibility: score('accessibility'),
    fcp: ms(result, 'first-contentful-paint'),
    lcp: ms(result, 'largest-contentful-paint'),
    cls: ms(result, 'cumulative-layout-shift'),
    tbt: ms(result, 'total-blocking-time'),
    speedIndex: ms(result, 'speed-index'),
    lcpElement: lcp.element,
    lcpPhases: lcp.phases,
    tbtBreakdown: tbtBreakdown(result),
    failing: failingAudits(result),
    benchmarkIndex: result.environment.benchmarkIndex,
  };
}

const flags: Flags = {
  onlyCategories: ['performance', 'accessibility'],
  output: 'json',
  logLevel: 'error',
};

/** LIGHTHOUSE_REPORTS=<dir> keeps each run's full report (HTML, and the JSON beside it) there. */
function saveReport(label: string, result: Result) {
  const dir = process.env.LIGHTHOUSE_REPORTS;
  if (!dir) return;
  fs.mkdirSync(dir, { recursive: true });
  const name = `${label.replace(/\W+/g, '-').replace(/^-|-$/g, '')}-${Date.now()}`;
  fs.writeFileSync(path.join(dir, `${name}.html`), generateReport(result, 'html'));
  fs.writeFileSync(path.join(dir, `${name}.json`), JSON.stringify(result));
}

/** One Lighthouse run in a fresh tab; a run that fails to record (NO_NAVSTART and the like) is tried again once. */
async function runOnce(browser: Browser, url: string, label: string, attempt = 1): Promise<Result> {
  const page = await browser.newPage();
  try {
    const result = await lighthouse(url, flags, undefined, page);
    if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
    if (result.lhr.runtimeError)
      throw new Error(`${result.lhr.runtimeError.code}: ${result.lhr.runtimeError.message}`);
    saveReport(label, result.lhr);
    return result.lhr;
  } catch (error) {
    if (attempt >= 2) throw error;
    return runOnce(browser, url, label, attempt + 1);
  } finally {
    await page.close();
  }
}

/** Runs Lighthouse `runs` times on one page and keeps the run with the median performance score. */
async function audit(browser: Browser, url: string, label: string, runs: number): Promise<LighthouseRow> {
  const rows: LighthouseRow[] = [];
  for (let i = 0; i < runs; i++) {
    try {
      rows.push(rowOf(label, await runOnce(browser, url, label)));
    } catch (error) {
      if (i === runs - 1 && !rows.length) return failedRow(label, error);
    }
  }
  rows.sort((a, b) => (a.performance ?? 0) - (b.performance ?? 0));
  return rows[Math.floor(rows.length / 2)]!;
}

function failedRow(label: string, error: unknown): LighthouseRow {
  const message = error instanceof Error ? error.message : String(error);
  return {
    page: label,
    performance: null,
    accessibility: null,
    fcp: NaN,
    lcp: NaN,
    cls: NaN,
    tbt: NaN,
    speedIndex: NaN,
    lcpElement: 'none',
    lcpPhases: '',
    tbtBreakdown: '',
    failing: [`Lighthouse failed: ${message}`],
    benchmarkIndex: NaN,
  };
}

/** The baseline: the bare page built, served on loopback, audited as the pages are, then removed. */
async function auditBarePage(browser: Browser, runs: number): Promise<LighthouseRow> {
  let dist: string | undefined;
  let server: Awaited<ReturnType<typeof serveBarePage>> | undefined;
  try {
    dist = await buildBarePage();
    server = await serveBarePage(dist);
    return await audit(browser, server.url, BARE_PAGE, runs);
  } catch (error) {
    return failedRow(BARE_PAGE, error);
  } finally {
    await server?.close();
    if (dist) fs.rmSync(dist, { recursive: true, force: true });
  }
}

export const chromiumPath = () => process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * Lighthouse for the landing, /apply, /support, the dashboard and a SmartLink, then the bare page, their
 * baseline, whatever LIGHTHOUSE_ONLY says; null without a Chromium to run it in.
 */
export async function lighthouseReport(
  runs = Number(process.env.LIGHTHOUSE_RUNS ?? 1),
): Promise<LighthouseRow[] | null> {
  if (!fs.existsSync(chromiumPath())) return null;
  if (!fs.existsSync(path.join(root, 'web-artist/dist/index.html'))) {
    throw new Error('the artist app is not built (make build)');
  }
  const { base, child, dataDir } = await startProduct();
  let browser: Browser | undefined;
  try {
    browser = await puppeteer.launch({
      executablePath: chromiumPath(),
      headless: true,
      args: ['--no-sandbox', '--disable-dev-shm-usage', '--no-first-run', '--disable-background-networking'],
    });
    // LIGHTHOUSE_ONLY=<text> measures only the pages whose label contains it (and the bare page).
    const only = process.env.LIGHTHOUSE_ONLY ?? '';
    const rows: LighthouseRow[] = [];
    const signedOut: Array<[string, string]> = [
      ['/', '/ (landing, signed out)'],
      ['/apply', '/apply (signed out)'],
      ['/support', '/support (signed out)'],
    ];
    for (const [route, label] of signedOut) {
      if (label.includes(only)) rows.push(await audit(browser, `${base}${route}`, label, runs));
    }
    const dashboard = '/ (dashboard, demo artist)';
    const smartLink = '/l/{slug} (demo SmartLink)';
    if (dashboard.includes(only) || smartLink.includes(only)) {
      const page = await browser.newPage();
      await signIn(page, base);
      // The demo artist's first release's public page (a fan opens it signed out; the cookie changes nothing).
      const smartLinkUrl = await page.evaluate(async () => {
        const [release] = (await (await fetch('/api/releases')).json()) as Array<{ id: string }>;
        return ((await (await fetch(`/api/releases/${release!.id}/smartlink`)).json()) as { url: string })
          .url;
      });
      await page.close();
      if (dashboard.includes(only)) rows.push(await audit(browser, `${base}/`, dashboard, runs));
      if (smartLink.includes(only)) rows.push(await audit(browser, smartLinkUrl, smartLink, runs));
    }
    // Whatever LIGHTHOUSE_ONLY says: every page measured stands beside its baseline.
    rows.push(await auditBarePage(browser, runs));
    return rows;
  } finally {
    await browser?.close();
    await stopProduct(child);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

const fmt = (value: number, unit = ' ms') => (Number.isFinite(value) ? `${Math.round(value)}${unit}` : '-');

/** The table `make bench` prints, then each page's LCP element and phases and its costliest scripts. */
export function printLighthouse(rows: LighthouseRow[] | null) {
  console.log(
    `\nLighthouse (mobile profile, simulated slow 4G, 4x CPU slowdown; targets: performance and accessibility ≥ ${TARGET_SCORE}):`,
  );
  if (!rows) {
    console.log(
      `  skipped: no Chromium at ${chromiumPath()} (infra/chromium.sh installs it; or set CHROMIUM_PATH)`,
    );
    return;
  }
  const mark = (score: number | null) =>
    score === null ? '    -' : `${String(score).padStart(4)}${score >= TARGET_SCORE ? ' ' : '!'}`;
  console.log('  page                          perf  a11y      FCP      LCP    CLS      TBT  Speed Index');
  for (const r of rows) {
    console.log(
      `  ${r.page.padEnd(28)} ${mark(r.performance)} ${mark(r.accessibility)} ${fmt(r.fcp).padStart(8)} ${fmt(r.lcp).padStart(8)} ${Number.isFinite(r.cls) ? r.cls.toFixed(3) : '-'} ${fmt(r.tbt).padStart(8)} ${fmt(r.speedIndex).padStart(12)}`,
    );
  }
  const indexes = rows.map((r) => r.benchmarkIndex).filter(Number.isFinite);
  console.log(
    `  (! below the target; Lighthouse's CPU benchmark of this machine during the runs: ${indexes.length ? `${Math.round(Math.min(...indexes))}-${Math.round(Math.max(...indexes))}` : '-'}, higher is faster: a busy machine scores lower)`,
  );
  for (const r of rows) {
    console.log(`\n  ${r.page}`);
    console.log(`    LCP element: ${r.lcpElement}`);
    if (r.lcpPhases) console.log(`    LCP phases: ${r.lcpPhases}`);
    if (r.tbtBreakdown) console.log(`    main-thread time by script: ${r.tbtBreakdown}`);
    if (r.failing.length) console.log(`    audits below 90: ${r.failing.join('; ')}`);
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  printLighthouse(await lighthouseReport());
}
