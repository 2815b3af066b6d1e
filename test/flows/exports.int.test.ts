/**
 * Release exports end to end, across the packages: an admin exports 50 releases through the API, the
 * workers relay `export.requested` and the `exports` group builds them into storage; the files are then
 * read back through the export's own signed links. The folder's ERN messages must be valid against the
 * DDEX ERN 4.3 schema (xmllint) and carry each track's ISRC and the release's UPC; the .docx must open
 * (unzipped and its XML parsed here) with a section per release.
 */
import { describe, expect } from 'vitest';
import { create } from 'xmlbuilder2';
import { formatIsrc, type ExportWithFilesResponse } from '@riffline/contracts';
import { Event, type Config, type Db, type Release, type Storage, type Track } from '@riffline/db';
import type { Actor } from '#test/support/actors.ts';
import { apiWithWorkers } from '#test/support/flow.ts';
import { unique } from '#test/support/db.ts';
import { waitUntilGroupPassed } from '#test/support/eventLog.ts';
import { buildArtist, buildRelease, buildTrack, uniqueIsrc, uniqueUpc } from '#test/support/factories.ts';
import { png, wav } from '#test/support/media.ts';
import { validateErn, xmllintMissing } from '#test/support/xmllint.ts';
import { unzip } from '#test/support/zip.ts';

const flowTest = apiWithWorkers('exports-flow');

const TITLES = [`Rock & Roll <Live> "Night" 'Owl'`, 'Café Zoë — 東京', 'Plain Song'];

/**
 * 50 releases of two artists, of one status (each test exports those of its own): 1 to 3 tracks each, each track with an ISRC (the first of each release
 * with its audio in storage), each release with a UPC, every other one with a cover in storage.
 */
async function fiftyReleases(db: Db, storage: Storage, status: 'live' | 'processing') {
  const artists = [await buildArtist(db, { isApproved: true }), await buildArtist(db, { isApproved: true })];
  const made: Array<{ release: Release; tracks: Track[] }> = [];
  for (let i = 0; i < 50; i++) {
    const id = crypto.randomUUID();
    const artworkKey = i % 2 === 0 ? `artwork/${id}/${unique('cover')}` : null;
    // Covers that differ (a document stores identical images once).
    const cover = png(60 + i, 60);
    if (artworkKey) await storage.put(artworkKey, cover, 'image/png');
    const release = await buildRelease(db, {
      id,
      userId: artists[i % 2]!.id,
      title: `${TITLES[i % TITLES.length]} ${i + 1}`,
      artist: i % 2 ? 'Kabir & The <Tides>' : 'Maya R',
      status,
      releaseType: i % 3 === 0 ? 'album' : 'single',
      releaseDate: '2026-12-11',
      upc: uniqueUpc(),
      hasCountryRestrictions: i % 5 === 0,
      restrictedCountries: i % 5 === 0 ? ['CN', 'KP'] : [],
      storeDistribution: (['all', 'streaming', 'downloads', 'custom'] as const)[i % 4],
      selectedStores: i % 4 === 3 ? ['spotify', 'jiosaavn'] : [],
      pricingTier: (['budget', 'mid', 'premium'] as const)[i % 3],
      artworkKey,
      artworkFormat: artworkKey ? 'png' : null,
      artworkSize: artworkKey ? cover.length : null,
      artworkWidth: artworkKey ? 3000 : null,
      artworkHeight: artworkKey ? 3000 : null,
    });
    const tracks: Track[] = [];
    for (let n = 1; n <= (i % 3) + 1; n++) {
      const audioKey = n === 1 ? `audio/${id}/${unique('track')}` : null;
      if (audioKey) await storage.put(audioKey, wav(0.01), 'audio/wav');
      tracks.push(
        await buildTrack(db, {
          releaseId: id,
          trackNumber: n,
          title: `Track ${n} & <${i}>`,
          isrc: uniqueIsrc(),
          duration: 180 + n,
          isExplicit: n === 2,
          primaryArtists: [release.artist],
          composer: 'Comp & Co',
          ...(audioKey
            ? {
                audioState: 'ready' as const,
                audioKey,
                audioFormat: 'wav' as const,
                audioSize: wav(0.01).length,
              }
            : {}),
        }),
      );
    }
    made.push({ release, tracks });
  }
  return made;
}

/** Waits until the exports group has handled the export's request, then reads it through the API. */
async function built(db: Db, kafka: Config['kafka'], admin: Actor, exportId: string) {
  const [requested] = await Event.query(db).where({ aggregateId: exportId, type: 'export.requested' });
  await waitUntilGroupPassed({ db, group: 'exports', kafka }, String(requested!.id), { timeoutMs: 60_000 });
  return (await admin.get(`/api/admin/exports/${exportId}`)).json<ExportWithFilesResponse>();
}

const download = async (url: string) => {
  const res = await fetch(url);
  expect(res.status, url).toBe(200);
  return Buffer.from(await res.arrayBuffer());
};

const elements = (xml: string | Buffer, name: string) =>
  [...(create(xml.toString()).node as unknown as Document).getElementsByTagName(name)].map(
    (e) => e.textContent,
  );

describe('exporting 50 releases', () => {
  flowTest(
    'to a folder: a sub-folder per release with metadata, a valid ERN carrying its UPC and ISRCs, artwork and audio links, and an index',
    async ({ app, db, admin }) => {
      const made = await fiftyReleases(db, app.deps.storage, 'live');
      const res = await admin.send('POST', '/api/admin/releases/export/drive', { status: 'live' });
      expect(res.status).toBe(202);
      const { exportId, totalReleases, mainFolderLink } = res.json<{
        exportId: string;
        totalReleases: number;
        mainFolderLink: string;
      }>();
      expect(totalReleases).toBe(50);

      const job = await built(db, app.deps.config.kafka, admin, exportId);
      expect(job).toMatchObject({
        status: 'completed',
        releasesDone: 50,
        totalReleases: 50,
        progress: 100,
        error: null,
      });
      const byPath = new Map(job.files.map((f) => [f.path, f]));

      const index = JSON.parse((await download(byPath.get('index.json')!.url)).toString()) as {
        releases: Array<{ folder: string; id: string; upc: string; files: Array<{ path: string }> }>;
        missing: string[];
      };
      expect(index.missing).toEqual([]);
      expect(index.releases.map((r) => r.id)).toEqual(made.map((m) => m.release.id));

      const erns: string[] = [];
      for (const [i, { release, tracks }] of made.entries()) {
        const entry = index.releases[i]!;
        expect(entry.folder).toMatch(new RegExp(`^${String(i + 1).padStart(3, '0')}-`));
        const ern = (await download(byPath.get(`${entry.folder}/ern.xml`)!.url)).toString();
        erns.push(ern);
        expect(elements(ern, 'ICPN')).toEqual([release.upc]);
        expect(elements(ern, 'ISRC')).toEqual(tracks.map((t) => t.isrc));
        expect(elements(ern, 'DisplayTitleText').at(-1)).toBe(release.title);

        const metadata = JSON.parse(
          (await download(byPath.get(`${entry.folder}/metadata.json`)!.url)).toString(),
        );
        expect(metadata.release).toMatchObject({ id: release.id, title: release.title, upc: release.upc });
        expect(metadata.tracks.map((t: { isrc: string }) => t.isrc)).toEqual(tracks.map((t) => t.isrc));

        if (release.artworkKey) {
          const cover = byPath.get(`${entry.folder}/artwork.png`)!;
          expect((await download(cover.url)).equals(await app.deps.storage.get(release.artworkKey))).toBe(
            true,
          );
        } else {
          expect(byPath.has(`${entry.folder}/artwork.png`)).toBe(false);
        }
        // The audio is linked, not copied: the link serves the track's own file.
        const audio = job.files.filter((f) => f.path.startsWith(`${entry.folder}/audio/`));
        expect(audio.map((f) => [f.path.split('/').at(-1), f.link])).toEqual([
          [`01 - Track 1 & <${i}>.wav`, true],
        ]);
        expect((await download(audio[0]!.url)).equals(wav(0.01))).toBe(true);
      }

      if (!xmllintMissing) {
        const check = validateErn(erns);
        expect(check.valid, check.output).toBe(true);
      }

      // The page lists the 50 folders with their files.
      const page = await admin.get(new URL(mainFolderLink).pathname);
      expect(page.body).toContain(`Ready: 50 releases, ${job.files.length} files.`);
      expect(page.body.match(/<h2>/g)).toHaveLength(50);
      expect(page.body).toContain('<h2>001-rock-roll-live-night-owl-1/</h2>');

      const completed = await Event.query(db).where({ aggregateId: exportId, type: 'export.completed' });
      expect(completed.map((e) => e.payload)).toEqual([
        { kind: 'folder', totalReleases: 50, files: job.files.length },
      ]);
    },
  );

  flowTest(
    'to a .docx that opens: a section per release with its cover, metadata, and tracks with ISRC and duration',
    async ({ app, db, admin }) => {
      const made = (await fiftyReleases(db, app.deps.storage, 'processing')).map(({ release, tracks }) => ({
        ...release,
        tracks,
      }));
      const res = await admin.send('POST', '/api/admin/releases/export/docs', { status: 'processing' });
      expect(res.status).toBe(202);
      const { exportId, totalReleases, webViewLink } = res.json<{
        exportId: string;
        totalReleases: number;
        webViewLink: string;
      }>();
      expect(totalReleases).toBe(made.length);

      const job = await built(db, app.deps.config.kafka, admin, exportId);
      expect(job).toMatchObject({ status: 'completed', releasesDone: made.length, progress: 100 });
      expect(job.files.map((f) => [f.path, f.contentType])).toEqual([
        [
          'all-processing-releases.docx',
          'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
        ],
      ]);
      const docx = unzip(await download(job.files[0]!.url));
      expect([...docx.keys()]).toEqual(expect.arrayContaining(['[Content_Types].xml', 'word/document.xml']));

      const xml = docx.get('word/document.xml')!.toString();
      const doc = create(xml).node as unknown as Document;
      expect(doc.getElementsByTagName('w:sectPr').length).toBe(made.length);
      const text = [...doc.getElementsByTagName('w:t')].map((t) => t.textContent).join('\n');
      for (const release of made) {
        expect(text).toContain(release.title);
        expect(text).toContain(release.upc!);
        for (const track of release.tracks) {
          expect(text).toContain(formatIsrc(track.isrc!));
          expect(text).toContain(
            `${Math.floor(track.duration! / 60)}:${String(track.duration! % 60).padStart(2, '0')}`,
          );
        }
      }
      expect(text).toContain('Comp & Co');
      // The covers uploaded are embedded; the others say there is none.
      const covers = made.filter((r) => r.artworkKey).length;
      expect([...docx.keys()].filter((name) => name.startsWith('word/media/'))).toHaveLength(covers);
      expect(text.split('Cover: none uploaded').length - 1).toBe(made.length - covers);

      const page = await admin.get(new URL(webViewLink).pathname);
      expect(page.body).toContain('download="all-processing-releases.docx"');
    },
  );
});
