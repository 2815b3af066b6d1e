import { createHash, randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { ReleaseBody } from '@riffline/contracts';
import { Release, Track, User, type Config, type Db, type Storage } from '@riffline/db';
import type { Logger } from 'pino';
import { createRelease } from '../commands/releases/releaseCreator.ts';
import { uploadArtwork } from '../commands/releases/artworkUploader.ts';
import { uploadTrackAudio } from '../commands/releases/audioUploader.ts';
import { reviewRelease } from '../commands/releases/releaseReviewer.ts';
import { submitRelease } from '../commands/releases/releaseSubmitter.ts';
import { registerStoreReport } from '../commands/storeReports/storeReportUploader.ts';
import { demoIds } from '../identityProvider/demoAccounts.ts';
import { demoCoverPng } from './coverPng.ts';
import { demoStoreReportCsv } from './demoStoreReport.ts';
import { toneWav } from './toneWav.ts';

/** The demo artist's live EP: what the first start makes, and how a later start knows it is there. */
export const DEMO_RELEASE_TITLE = 'Night Transit';
const DEMO_TRACKS = ['Night Transit', 'Platform Lights', 'Last Train Home'];
export const DEMO_STORE_REPORT_FILENAME = 'demo-store-report.csv';

interface Deps {
  db: Db;
  storage: Storage;
  logger: Logger;
  config: Config;
}

const DAY_MS = 86_400_000;

/**
 * On the first `make start` (embedded provider, not production), the demo artist gets what a newcomer
 * should find: a live EP built the way an artist builds one (created, its cover and audio uploaded,
 * submitted, approved by the demo admin, who gives it ISRCs and a UPC) and a store report of its last 90
 * days, uploaded as the demo admin for the workers to import like any other. Its numbers on the
 * dashboard, Analytics and Royalties are the pipeline's. A later start finds the release and does nothing.
 */
export async function seedDemoCatalogue(
  { db, storage, logger, config }: Deps,
  now = new Date(),
): Promise<'seeded' | 'present' | 'skipped'> {
  if (config.identity.mode !== 'embedded' || config.env === 'production') return 'skipped';
  const [artist, admin] = await Promise.all([
    User.query(db).findById(demoIds.artist),
    User.query(db).findById(demoIds.admin),
  ]);
  if (!artist || !admin) return 'skipped';
  if (await Release.query(db).findOne({ userId: artist.id, title: DEMO_RELEASE_TITLE })) return 'present';

  const today = now.toISOString().slice(0, 10);
  const body = ReleaseBody.parse({
    title: DEMO_RELEASE_TITLE,
    artist: 'Arlo Artist',
    releaseType: 'ep',
    genre: 'electronic',
    releaseDate: today,
    previouslyReleased: true,
    originalReleaseDate: new Date(now.getTime() - 120 * DAY_MS).toISOString().slice(0, 10),
    copyrightHolder: 'Arlo Artist',
    productionHolder: 'Arlo Artist',
    explicitContentLabeled: true,
    authorizedToDistribute: true,
    noUnauthorizedArtistName: true,
    tracks: DEMO_TRACKS.map((title) => ({ title, primaryArtists: ['Arlo Artist'] })),
  });
  const { release, tracks } = await createRelease(db, artist, body);
  const cover = demoCoverPng();
  await uploadArtwork({ db, storage, logger }, artist, release.id, {
    body: Readable.from([cover]),
    declaredSize: cover.length,
  });
  for (const [i, track] of tracks.entries()) {
    const audio = toneWav(20, 220 * 1.5 ** i);
    await uploadTrackAudio({ db, storage, logger }, artist, track.id, {
      body: Readable.from([audio]),
      declaredSize: audio.length,
    });
  }
  await submitRelease(db, artist, release.id, now);
  await reviewRelease(db, admin, release.id, { status: 'live', reason: null }, config.identifiers, now);

  const isrcs = (await Track.query(db).where({ releaseId: release.id }).orderBy('trackNumber')).map(
    (t) => t.isrc!,
  );
  const csv = Buffer.from(demoStoreReportCsv(isrcs, now));
  const key = `reports/${randomUUID()}`;
  await storage.put(key, csv, 'text/csv');
  await registerStoreReport(db, admin, {
    key,
    filename: DEMO_STORE_REPORT_FILENAME,
    sha256: createHash('sha256').update(csv).digest('hex'),
    size: csv.length,
    force: true,
  });
  logger.info({ releaseId: release.id, reportBytes: csv.length }, 'demo catalogue seeded');
  return 'seeded';
}
