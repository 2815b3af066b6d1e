/**
 * The `exports` group's handling of one `export.requested`, called as the consumer calls it (handleOnce):
 * progress seen from outside while it builds, a failed attempt retried, the last one recorded on the job,
 * a redelivery that changes nothing. The whole pipeline (API, relay, 50 releases) is
 * test/flows/exports.int.test.ts.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterAll, describe, expect } from 'vitest';
import {
  appendEvent,
  Event,
  Export,
  isEmbedded,
  loadConfig,
  localStorage,
  recordFailedAttempt,
  failureReport,
  type Db,
  type Storage,
} from '@riffline/db';
import { uniqueName } from '#test/support/database.ts';
import { dbTest, unique } from '#test/support/db.ts';
import { pollUntil } from '#test/support/eventLog.ts';
import {
  buildArtist,
  buildExport,
  buildRelease,
  buildTrack,
  uniqueIsrc,
  uniqueUpc,
} from '#test/support/factories.ts';
import { xmllintMissing } from '#test/support/xmllint.ts';
import { handleOnce } from '../events/handleOnce.ts';
import type { LoggedEvent } from '../events/log.ts';
import { EXPORTS_GROUP, exportsGroup } from './index.ts';
import { wellFormednessProblem } from './xml.ts';

const root = path.join(os.tmpdir(), uniqueName('riffline-exports'));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));
const logger = pino({ level: 'silent' });

/**
 * Three releases of one artist, each with a track, and the export of them with its event; `second` changes
 * the second release.
 */
async function requested(
  db: Db,
  kind: 'folder' | 'document' = 'folder',
  second: Omit<Parameters<typeof buildRelease>[1], 'userId'> = {},
) {
  const artist = await buildArtist(db, { isApproved: true });
  const releases = [];
  for (let n = 0; n < 3; n++) {
    const release = await buildRelease(db, {
      userId: artist.id,
      title: unique('Song'),
      upc: uniqueUpc(),
      ...(n === 1 ? second : {}),
    });
    await buildTrack(db, { releaseId: release.id, isrc: uniqueIsrc(), duration: 200 });
    releases.push(release);
  }
  const ids = releases.map((r) => r.id);
  const job = await buildExport(db, {
    requestedBy: artist.id,
    releaseIds: ids,
    kind,
    scope: 'all',
    releaseId: null,
  });
  const stored = await db.transaction((trx) =>
    appendEvent(trx, {
      type: 'export.requested',
      aggregateId: job.id,
      payload: { kind, scope: 'all', totalReleases: 3, releaseId: null, releaseStatus: null },
    }),
  );
  const event: LoggedEvent = { ...stored, position: '0' };
  return { job, event };
}

function group(db: Db, storage: Storage, maxEventAttempts = 5) {
  const config = loadConfig({
    NODE_ENV: 'test',
    EVENT_MAX_ATTEMPTS: String(maxEventAttempts),
    XMLLINT_PATH: process.env.XMLLINT_PATH,
  });
  return exportsGroup({ db, storage, config, logger, progressEveryMs: 0 });
}

const storageAt = (name: string) => localStorage(path.join(root, name));

describe('the exports group', () => {
  dbTest(
    'builds the folder once: progress is seen from outside while it runs, then the job is completed with its files',
    async ({ db, skip }) => {
      // PGlite has one connection: progress is written with the outcome there.
      if (isEmbedded(db)) skip();
      const { job, event } = await requested(db);
      const inner = storageAt(unique('s'));
      let release!: () => void;
      const gate = new Promise<void>((resolve) => (release = resolve));
      // The second release's first file waits until the test has seen the progress of the first.
      const storage: Storage = {
        ...inner,
        async put(key, body, type) {
          if (key.includes('/002-') && key.endsWith('/ern.xml')) await gate;
          return inner.put(key, body, type);
        },
      };
      const handling = handleOnce(db, group(db, storage), event, logger);
      const seen = await pollUntil(
        'the export never showed its progress',
        async () => {
          const row = (await Export.query(db).findById(job.id))!;
          return row.status === 'running' && row.releasesDone === 1 ? row : undefined;
        },
        () => 'not running yet',
      );
      expect(seen.startedAt).not.toBeNull();
      release();
      expect(await handling).toBe(true);

      const done = (await Export.query(db).findById(job.id))!;
      expect(done).toMatchObject({ status: 'completed', releasesDone: 3, error: null });
      expect(done.files.map((f) => f.path.replace(/-song-[^/]+/, '-song'))).toEqual([
        'index.json',
        '001-song/metadata.json',
        '001-song/ern.xml',
        '002-song/metadata.json',
        '002-song/ern.xml',
        '003-song/metadata.json',
        '003-song/ern.xml',
      ]);
      for (const file of done.files) expect(await inner.exists(file.key)).toBe(true);
      const completed = await Event.query(db).where({ aggregateId: job.id, type: 'export.completed' });
      expect(completed.map((e) => e.payload)).toEqual([{ kind: 'folder', totalReleases: 3, files: 7 }]);

      // Delivered again: nothing more happens.
      expect(await handleOnce(db, group(db, storage), event, logger)).toBe(false);
      expect(
        await Event.query(db).where({ aggregateId: job.id, type: 'export.completed' }).resultSize(),
      ).toBe(1);
    },
  );

  dbTest('a failed attempt throws (to be retried) and the next one builds it', async ({ db }) => {
    const { job, event } = await requested(db, 'document');
    const working = storageAt(unique('s'));
    const broken: Storage = { ...working, put: () => Promise.reject(new Error('storage is down')) };

    await expect(handleOnce(db, group(db, broken, 3), event, logger)).rejects.toThrow('storage is down');
    expect((await Export.query(db).findById(job.id))!.status).not.toBe('failed');
    // What the consumer does between attempts.
    await recordFailedAttempt(db, {
      group: EXPORTS_GROUP,
      eventId: event.id,
      maxAttempts: 3,
      failure: failureReport(new Error('storage is down')),
    });

    expect(await handleOnce(db, group(db, working, 3), event, logger)).toBe(true);
    const done = (await Export.query(db).findById(job.id))!;
    expect(done).toMatchObject({ status: 'completed', releasesDone: 3 });
    expect(done.files.map((f) => f.contentType)).toEqual([
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    ]);
  });

  dbTest(
    'the last attempt records the failure on the job, with the reason, and export.failed',
    async ({ db }) => {
      const { job, event } = await requested(db);
      const broken: Storage = {
        ...storageAt(unique('s')),
        put: () => Promise.reject(new Error('bucket is gone')),
      };
      expect(await handleOnce(db, group(db, broken, 1), event, logger)).toBe(true);
      const failed = (await Export.query(db).findById(job.id))!;
      expect(failed).toMatchObject({ status: 'failed', error: 'Error: bucket is gone', files: [] });
      expect(failed.completedAt).not.toBeNull();
      const events = await Event.query(db).where({ aggregateId: job.id }).orderBy('id');
      expect(events.map((e) => [e.type, e.payload])).toEqual([
        ['export.requested', expect.anything()],
        ['export.failed', { kind: 'folder', reason: 'Error: bucket is gone' }],
      ]);
    },
  );

  dbTest(
    'a title that looks like markup (`a &amp; b &e;`) reaches the ERN as text: the export completes with well-formed messages',
    async ({ db }) => {
      const title = unique('a &amp; b &e;');
      const { job, event } = await requested(db, 'folder', { title });
      const storage = storageAt(unique('s'));
      expect(await handleOnce(db, group(db, storage), event, logger)).toBe(true);
      const done = (await Export.query(db).findById(job.id))!;
      expect(done).toMatchObject({ status: 'completed', error: null });
      const erns = done.files.filter((f) => f.path.endsWith('/ern.xml'));
      expect(erns).toHaveLength(3);
      for (const file of erns) {
        expect(wellFormednessProblem((await storage.get(file.key)).toString()), file.path).toBeNull();
      }
      const second = (await storage.get(erns[1]!.key)).toString();
      expect(second).toContain(`<DisplayTitleText>${title.replaceAll('&', '&amp;')}</DisplayTitleText>`);
    },
  );

  dbTest.skipIf(xmllintMissing)(
    'an ERN message the schema refuses fails the export at its first attempt, with a reason naming the release',
    async ({ db }) => {
      // A territory the release form would refuse, stored all the same: the schema's list has no QQ.
      const title = unique('Nowhere');
      const { job, event } = await requested(db, 'folder', {
        title,
        hasCountryRestrictions: true,
        restrictedCountries: ['QQ'],
      });
      const second = job.releaseIds[1]!;
      expect(await handleOnce(db, group(db, storageAt(unique('s')), 5), event, logger)).toBe(true);
      const failed = (await Export.query(db).findById(job.id))!;
      expect(failed).toMatchObject({ status: 'failed', files: [] });
      expect(failed.error).toMatch(
        new RegExp(
          `^The ERN message of release "${title}" \\(${second}\\) is not valid against the DDEX ERN 4\\.3 schema: line \\d+: element ExcludedTerritoryCode`,
        ),
      );
      const events = await Event.query(db).where({ aggregateId: job.id }).orderBy('id');
      expect(events.map((e) => [e.type, e.payload])).toEqual([
        ['export.requested', expect.anything()],
        ['export.failed', { kind: 'folder', reason: failed.error }],
      ]);
    },
  );
});
