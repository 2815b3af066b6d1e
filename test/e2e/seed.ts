import { expect, type APIRequestContext, type Browser, type Page, type TestInfo } from '@playwright/test';
import { png } from '../support/media.ts';
import { signIn, unique } from './support.ts';

/**
 * What the admin suites need in the database, made the way people make it: the demo artist (approved,
 * address verified, seeded by `make start`) builds and submits releases through the artist API, and the
 * demo admin imports a store report whose revenue becomes the artist's royalties. Desktop and phone run at
 * once against one server, so every name here is unique and every amount is the test's own.
 */

export const DEMO_ADMIN = { email: 'admin@riffline.local', password: 'riffline-admin' };
export const DEMO_ARTIST = { email: 'artist@riffline.local', password: 'riffline-artist' };

/** A table row at desktop width, a card or list item on a phone. */
export const entry = (page: Page, text: string) =>
  page.getByRole('row').or(page.getByRole('listitem')).filter({ hasText: text });

/** The admin console, signed in as the demo admin. */
export async function signInToConsole(page: Page, path = '/admin') {
  await page.goto(path);
  await signIn(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
  await expect(page).toHaveURL(/\/admin/);
}

/** A signed-in API session of its own (a separate browser context), for seeding beside the console. */
export async function apiSession(
  browser: Browser,
  testInfo: TestInfo,
  who: { email: string; password: string },
) {
  const baseURL = testInfo.project.use.baseURL!;
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await page.goto('/api/login');
  await signIn(page, who.email, who.password);
  await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$/);
  return { context, api: new Api(page.request, baseURL) };
}

/**
 * State-changing calls must come from the site itself (Origin), as the web apps' calls do. Each call has a
 * connection of its own: reusing an idle one races the server closing it (keepAliveTimeout), which drops a
 * request now and then (ECONNRESET) in a suite whose steps leave the seeding session idle for seconds.
 */
const headers = { connection: 'close' };

export class Api {
  constructor(
    readonly request: APIRequestContext,
    readonly origin: string,
  ) {}

  async send<T>(method: 'post' | 'put' | 'patch', path: string, data?: unknown, status = [200, 201, 202]) {
    const res = await this.request[method](path, { data, headers: { ...headers, origin: this.origin } });
    expect(status, `${method.toUpperCase()} ${path}: ${await res.text()}`).toContain(res.status());
    return (await res.json()) as T;
  }

  async get<T>(path: string) {
    const res = await this.request.get(path, { headers });
    expect(res.ok(), `GET ${path}: ${res.status()}`).toBe(true);
    return (await res.json()) as T;
  }
}

interface SeededRelease {
  id: string;
  title: string;
  tracks: Array<{ id: string; title: string; isrc: string | null }>;
}

/** A date `days` from today as YYYY-MM-DD. */
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/**
 * As the artist: a release with its cover (submission needs one) and audio on every track, submitted for
 * review: it is `processing`, in the admin's queue.
 */
/** A draft release of the artist's, its tracks named `tracks` (a single for one, else an EP). */
export function createRelease(artist: Api, options: { title: string; tracks: string[] }) {
  return artist.send<SeededRelease>('post', '/api/releases', {
    title: options.title,
    artist: 'Arlo Artist',
    releaseDate: inDays(21),
    genre: 'electronic',
    releaseType: options.tracks.length === 1 ? 'single' : 'ep',
    explicitContentLabeled: true,
    authorizedToDistribute: true,
    noUnauthorizedArtistName: true,
    tracks: options.tracks.map((title) => ({ title, primaryArtists: ['Arlo Artist'] })),
  });
}

export async function submitRelease(
  artist: Api,
  options: { title: string; tracks: string[] },
): Promise<SeededRelease> {
  const release = await createRelease(artist, options);
  for (const track of release.tracks) {
    const res = await artist.request.put(`/api/tracks/${track.id}/audio`, {
      data: wav(1),
      headers: { origin: artist.origin, 'content-type': 'audio/wav' },
    });
    expect(res.ok(), `audio upload: ${await res.text()}`).toBe(true);
  }
  const art = await artist.request.put(`/api/releases/${release.id}/artwork`, {
    data: cover(),
    headers: { origin: artist.origin, 'content-type': 'image/png' },
  });
  expect(art.ok(), `artwork upload: ${await art.text()}`).toBe(true);
  await artist.send('post', `/api/releases/${release.id}/submit`);
  return release;
}

interface Report {
  id: string;
  status: string;
  linesMatched: number;
  royaltiesUsd: string;
  error: string | null;
}

/**
 * As the admin: a store report crediting `revenueUsd` to one ISRC, uploaded and imported by the workers;
 * its revenue becomes the artist's royalties (no commission on the embedded defaults). The line is 15000
 * Spotify streams in 2026-01 unless `line` says otherwise (a day `YYYY-MM-DD` lands on that day in the
 * analytics; `listeners` adds the column).
 */
export async function importRoyalties(
  admin: Api,
  isrc: string,
  revenueUsd: string,
  line: { period?: string; store?: string; units?: number; listeners?: number } = {},
) {
  const { period = '2026-01', store = 'Spotify', units = 15000, listeners } = line;
  const header = ['period', 'store', 'country', 'isrc', 'sale_type', 'units', 'net_revenue', 'currency'];
  const cells = [period, store, 'US', isrc, 'stream', units, revenueUsd, 'USD'];
  if (listeners !== undefined) {
    header.push('listeners');
    cells.push(listeners);
  }
  const csv = [header.join(','), cells.join(',')].join('\n');
  const res = await admin.request.post('/api/admin/reports', {
    multipart: { file: { name: `${unique('report')}.csv`, mimeType: 'text/csv', buffer: Buffer.from(csv) } },
    headers: { origin: admin.origin },
  });
  expect(res.status(), `report upload: ${await res.text()}`).toBe(201);
  const { id } = (await res.json()) as Report;
  await expect
    .poll(async () => (await admin.get<Report>(`/api/admin/reports/${id}`)).status, { timeout: 60_000 })
    .toBe('completed');
  const report = await admin.get<Report>(`/api/admin/reports/${id}`);
  expect(report.linesMatched).toBe(1);
  return report;
}

/** A valid WAV: RIFF/WAVE header, 16-bit mono PCM at 8 kHz, `seconds` of silence. */
export function wav(seconds = 1, rate = 8000): Buffer {
  const dataSize = seconds * rate * 2;
  const b = Buffer.alloc(44 + dataSize);
  b.write('RIFF', 0, 'ascii');
  b.writeUInt32LE(36 + dataSize, 4);
  b.write('WAVE', 8, 'ascii');
  b.write('fmt ', 12, 'ascii');
  b.writeUInt32LE(16, 16);
  b.writeUInt16LE(1, 20);
  b.writeUInt16LE(1, 22);
  b.writeUInt32LE(rate, 24);
  b.writeUInt32LE(rate * 2, 28);
  b.writeUInt16LE(2, 32);
  b.writeUInt16LE(16, 34);
  b.write('data', 36, 'ascii');
  b.writeUInt32LE(dataSize, 40);
  return b;
}

let cover3000: Buffer | undefined;
/** A valid cover (3000×3000 PNG), made once per process. */
export const cover = () => (cover3000 ??= png(3000, 3000));
