import fs from 'node:fs';
import { afterAll, describe, expect } from 'vitest';
import { isLocalStorage, localStorage, type LocalStorage } from '@riffline/db';
import { sessionKeys } from '../../../session/secrets.ts';
import { apiTest, type TestServer } from '#test/support/api.ts';
import { unique } from '#test/support/db.ts';

const roots = new Set<string>();
afterAll(() => roots.forEach((root) => fs.rmSync(root, { recursive: true, force: true })));

function storageOf(app: TestServer): LocalStorage {
  if (!isLocalStorage(app.deps.storage)) throw new Error('the test server stores locally');
  roots.add(app.deps.storage.root);
  return app.deps.storage;
}

/** A file in the server's storage and a URL signed for it, as an answer would carry. */
async function storedFile(app: TestServer, bytes = Buffer.from('RIFF\0\0\0\0WAVE and some audio')) {
  const storage = storageOf(app);
  const key = `audio/${unique('release')}/${unique('track')}/${crypto.randomUUID()}`;
  await storage.put(key, bytes, 'audio/wav');
  const url = await storage.signedUrl(key, {
    expiresInSeconds: 900,
    filename: 'Night Drive “live”.wav',
    contentType: 'audio/wav',
  });
  return { storage, key, bytes, url };
}

/** The same URL with one query parameter (or the path) changed. */
function altered(url: string, change: (u: URL) => void): string {
  const u = new URL(url);
  change(u);
  return u.href;
}

describe('GET /api/files/:key (signed URLs of the local storage)', () => {
  apiTest(
    'serves the file with its type and name to anyone holding the URL, signed out too',
    async ({ app }) => {
      const { url, bytes } = await storedFile(app);
      expect(url).toMatch(
        new RegExp(
          `^${app.url}/api/files/audio%2F[^?]+\\?expires=\\d+&filename=.+&type=audio%2Fwav&signature=[\\w-]{43}$`,
        ),
      );
      const res = await fetch(url);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('audio/wav');
      expect(res.headers.get('content-length')).toBe(String(bytes.length));
      expect(res.headers.get('content-disposition')).toBe(
        `inline; filename="Night Drive _live_.wav"; filename*=UTF-8''Night%20Drive%20%E2%80%9Clive%E2%80%9D.wav`,
      );
      expect(res.headers.get('cache-control')).toMatch(/^private, max-age=(899|900)$/);
      expect(Buffer.from(await res.arrayBuffer()).equals(bytes)).toBe(true);

      const head = await fetch(url, { method: 'HEAD' });
      expect([head.status, head.headers.get('content-length'), head.headers.get('content-type')]).toEqual([
        200,
        String(bytes.length),
        'audio/wav',
      ]);

      // A byte range, for seeking in a player.
      const part = await fetch(url, { headers: { range: 'bytes=4-7' } });
      expect(part.status).toBe(206);
      expect(part.headers.get('content-range')).toBe(`bytes 4-7/${bytes.length}`);
      expect(Buffer.from(await part.arrayBuffer()).equals(bytes.subarray(4, 8))).toBe(true);
      const outside = await fetch(url, { headers: { range: `bytes=${bytes.length}-` } });
      expect([outside.status, outside.headers.get('content-range')]).toEqual([
        416,
        `bytes */${bytes.length}`,
      ]);
    },
  );

  apiTest(
    '403 for a tampered URL: another key, a later expiry, another type or name, a forged signature',
    async ({ app }) => {
      const { url } = await storedFile(app);
      const other = await storedFile(app, Buffer.from('another artist’s file'));
      const otherKey = new URL(other.url).pathname.split('/').pop()!;
      const tampered = [
        altered(url, (u) => (u.pathname = `/api/files/${otherKey}`)),
        altered(url, (u) =>
          u.searchParams.set('expires', String(Number(u.searchParams.get('expires')) + 3600)),
        ),
        altered(url, (u) => u.searchParams.set('type', 'text/html')),
        altered(url, (u) => u.searchParams.set('filename', 'renamed.wav')),
        altered(url, (u) => u.searchParams.delete('filename')),
        altered(url, (u) => u.searchParams.set('signature', 'A'.repeat(43))),
      ];
      for (const href of tampered) {
        const res = await fetch(href);
        expect([res.status, await res.json()], href).toEqual([403, { message: 'This link is not valid' }]);
      }
    },
  );

  apiTest('403 once expired; 404 for a file that is gone; 400 for a malformed URL', async ({ app, db }) => {
    const { storage, key } = await storedFile(app);
    // Signed 16 minutes ago for 15: the same keys, another clock.
    const earlier = localStorage(storage.root, {
      baseUrl: app.url,
      signingKeys: () => sessionKeys(db, app.deps.config.session.keys),
      clock: () => new Date(Date.now() - 16 * 60_000),
    });
    const expired = await earlier.signedUrl(key, { expiresInSeconds: 900, contentType: 'audio/wav' });
    const res = await fetch(expired);
    expect([res.status, await res.json()]).toEqual([
      403,
      { message: 'This link has expired: reload the page for a new one' },
    ]);

    const gone = await storedFile(app);
    await gone.storage.delete(gone.key);
    const missing = await fetch(gone.url);
    expect([missing.status, await missing.json()]).toEqual([404, { message: 'File not found' }]);

    const malformed = await fetch(`${app.url}/api/files/${encodeURIComponent(key)}?expires=soon&signature=x`);
    expect(malformed.status).toBe(400);
    expect(((await malformed.json()) as { message: string }).message).toBe(
      'expires must be a time in seconds',
    );
  });
});
