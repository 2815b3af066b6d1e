import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices, type PlaywrightTestConfig } from '@playwright/test';

/**
 * The browser suites of both web apps: the real app (built by Vite, served by the real API with its
 * embedded identity provider and the workers, on a fresh PGlite database) in Debian's Chromium, at
 * 1280 px and 360 px. Screenshots of every page land in `<app>/test-results/screenshots`.
 *
 * Every test runs at 1280 px; at 360 px run the tests tagged `@phone` (the pages whose layout changes on a
 * phone: the slide-in menu, the public pages, the dashboard, the builder, money and numbers, the admin's
 * cards) and, with `E2E_PHONE=all`, every test. No trace is recorded unless asked for (`--trace on`):
 * recording one for every test takes CPU the suites need on a 2-core machine.
 *
 * The browser is Debian's headless shell (`chromium-headless-shell`, the same Chromium build without the
 * browser's own window and its WebUI pages: the headless Chromium Playwright runs by default), installed
 * by infra/chromium.sh beside Chromium, whose browser window and WebUI pages take CPU the suites need;
 * Debian's full Chromium when the shell is missing; CHROMIUM_PATH names another.
 */
const HEADLESS_SHELL = '/usr/lib/chromium/chromium-headless-shell';
const browserPath = () =>
  process.env.CHROMIUM_PATH ?? (fs.existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium');

export function browserSuite(options: {
  port: number;
  phoneIgnore?: RegExp;
  desktopIgnore?: RegExp;
}): PlaywrightTestConfig {
  const port = Number(process.env.E2E_PORT ?? options.port);
  const baseURL = `http://127.0.0.1:${port}`;
  const dataDir = path.join(os.tmpdir(), `riffline-e2e-${process.pid}-${Date.now()}`);
  const repoRoot = path.resolve(import.meta.dirname, '../..');

  const chromium = {
    executablePath: browserPath(),
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
    ],
  };

  return defineConfig({
    testDir: 'e2e',
    outputDir: 'test-results/output',
    fullyParallel: false,
    workers: 2,
    // In CI a test that fails is tried once more; one that passes then counts as passed and is named in
    // the digest and the run's closing lines (summaryReporter.ts), to be fixed rather than forgotten.
    retries: process.env.CI ? 1 : 0,
    // A limit for a stuck test, not a measure: a whole journey on a busy 2-core CI machine can take nearly
    // a minute, which was the limit before.
    timeout: 120_000,
    expect: { timeout: 10_000 },
    reporter: [
      ['list'],
      ['html', { open: 'never', outputFolder: 'test-results/report' }],
      [path.join(import.meta.dirname, 'summaryReporter.ts')],
    ],
    use: {
      baseURL,
      // A stuck action fails on its own, with Playwright's call log (what it waited for, what covered the
      // element); under the test's timeout it would end with the bare 'Test timeout exceeded'.
      actionTimeout: 30_000,
      trace: 'off',
      screenshot: 'only-on-failure',
      launchOptions: chromium,
    },
    projects: [
      {
        name: 'desktop',
        testIgnore: options.desktopIgnore,
        use: {
          ...devices['Desktop Chrome'],
          viewport: { width: 1280, height: 800 },
          launchOptions: chromium,
        },
      },
      {
        name: 'phone',
        testIgnore: options.phoneIgnore,
        grep: process.env.E2E_PHONE === 'all' ? undefined : /@phone/,
        use: {
          viewport: { width: 360, height: 740 },
          isMobile: true,
          hasTouch: true,
          deviceScaleFactor: 2,
          launchOptions: chromium,
        },
      },
    ],
    webServer: {
      command: `${path.join(repoRoot, 'node_modules/.bin/tsx')} ${path.join(repoRoot, 'bin/start.ts')}`,
      cwd: repoRoot,
      url: `${baseURL}/api/health`,
      timeout: 120_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        PORT: String(port),
        HOST: '127.0.0.1',
        PUBLIC_URL: baseURL,
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        NODE_ENV: 'development',
      },
    },
  });
}
