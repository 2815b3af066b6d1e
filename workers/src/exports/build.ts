import type { ExportManifestEntry, Storage } from '@riffline/db';
import { Paragraph, type ISectionOptions } from 'docx';
import { documentIntro, packDocument, releaseSection, type Cover } from './document.ts';
import { buildErn, type ErnOptions } from './ern.ts';
import type { ErnMessage } from './ernCheck.ts';
import { releaseMetadata } from './metadata.ts';
import { artworkFileName, type ExportedRelease } from './release.ts';

/**
 * Builds one export into object storage, a batch of releases at a time, telling `progress` how many of
 * its releases are written. A folder export writes, under the export's folder, one sub-folder per release
 * (`metadata.json`, `ern.xml`, the artwork) and `index.json`; its audio is linked, not copied (the
 * manifest names each track's own stored file). A document export writes one .docx. Keys are fixed by
 * the export and its releases, so a build tried again overwrites what a failed one left. Each batch's ERN
 * messages are checked (`checkErns`) before the build goes on, so an export with an invalid one fails.
 */

export interface ExportJob {
  id: string;
  kind: 'folder' | 'document';
  title: string;
  folderKey: string;
  releaseIds: string[];
}

export interface BuildDeps {
  storage: Storage;
  /** The releases of these ids with their tracks, in that order (deleted ones left out). */
  read(ids: string[]): Promise<ExportedRelease[]>;
  ddex: Pick<ErnOptions, 'sender' | 'recipient'>;
  /** Rejects when an ERN message is not valid (ernCheck.ts): the export must not be called completed. */
  checkErns(messages: ErnMessage[]): Promise<void>;
  now: Date;
  progress(releasesDone: number): Promise<void>;
}

const BATCH = 25;
/** A cover larger than this is named in the document rather than embedded, as are covers past the budget. */
const MAX_EMBEDDED_COVER = 5 * 1024 * 1024;
const MAX_EMBEDDED_COVERS = 50 * 1024 * 1024;

const types = {
  json: 'application/json',
  xml: 'application/xml',
  jpeg: 'image/jpeg',
  png: 'image/png',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  wav: 'audio/wav',
  mp3: 'audio/mpeg',
} as const;

/** "night-drive" from "Night Drive!"; "release" when nothing is left (a title in another script). */
export function slug(title: string): string {
  const ascii = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
  return ascii || 'release';
}

/** A name that is one path segment (no slashes or control characters). */
const segment = (name: string) =>
  [...name]
    .map((ch) => (ch.charCodeAt(0) < 0x20 || ch === '/' || ch === '\\' ? '-' : ch))
    .join('')
    .trim() || 'untitled';

async function* batches(job: ExportJob, deps: BuildDeps) {
  for (let start = 0; start < job.releaseIds.length; start += BATCH) {
    const ids = job.releaseIds.slice(start, start + BATCH);
    yield { start, ids, releases: await deps.read(ids) };
  }
}

export async function buildExport(job: ExportJob, deps: BuildDeps): Promise<ExportManifestEntry[]> {
  return job.kind === 'folder' ? buildFolder(job, deps) : buildDocument(job, deps);
}

async function buildFolder(job: ExportJob, deps: BuildDeps): Promise<ExportManifestEntry[]> {
  const { storage } = deps;
  const width = Math.max(3, String(job.releaseIds.length).length);
  const files: ExportManifestEntry[] = [];
  const index: Array<Record<string, unknown>> = [];
  const found = new Set<string>();
  const position = new Map(job.releaseIds.map((id, i) => [id, i + 1]));
  let done = 0;
  for await (const { start, ids, releases } of batches(job, deps)) {
    const messages: ErnMessage[] = [];
    for (const release of releases) {
      found.add(release.id);
      const folder = `${String(position.get(release.id)).padStart(width, '0')}-${slug(release.title)}`;
      const put = async (name: string, body: Buffer, contentType: string) => {
        const key = `${job.folderKey}/${folder}/${name}`;
        const { size } = await storage.put(key, body, contentType);
        const entry = { path: `${folder}/${name}`, key, size, contentType, link: false };
        files.push(entry);
        return entry;
      };
      const written: ExportManifestEntry[] = [];
      const metadata = releaseMetadata(release, { ern: 'ern.xml' });
      written.push(await put('metadata.json', Buffer.from(JSON.stringify(metadata, null, 2)), types.json));
      const ern = buildErn(release, {
        ...deps.ddex,
        messageId: `${job.id}.${release.id}`,
        threadId: release.id,
        createdAt: deps.now,
      });
      messages.push({ releaseId: release.id, title: release.title, xml: ern });
      written.push(await put('ern.xml', Buffer.from(ern), types.xml));
      const artwork = artworkFileName(release);
      if (artwork && release.artworkKey && (await storage.exists(release.artworkKey))) {
        const contentType = release.artworkFormat === 'png' ? types.png : types.jpeg;
        written.push(await put(artwork, await storage.get(release.artworkKey), contentType));
      }
      for (const track of [...release.tracks].sort((a, b) => a.trackNumber - b.trackNumber)) {
        if (track.audioState !== 'ready' || !track.audioKey || !track.audioFormat) continue;
        const name = `${String(track.trackNumber).padStart(2, '0')} - ${segment(track.title)}.${track.audioFormat}`;
        const link = {
          path: `${folder}/audio/${name}`,
          key: track.audioKey,
          size: track.audioSize === null ? null : Number(track.audioSize),
          contentType: types[track.audioFormat],
          link: true,
        };
        files.push(link);
        written.push(link);
      }
      index.push({
        folder,
        id: release.id,
        title: release.title,
        artist: release.artist,
        upc: release.upc,
        status: release.status,
        isrcs: release.tracks.map((t) => t.isrc),
        files: written.map((f) => ({
          path: f.path,
          size: f.size,
          contentType: f.contentType,
          ...(f.link ? { link: true, storageKey: f.key } : {}),
        })),
      });
      await deps.progress(++done);
    }
    await deps.checkErns(messages);
    // Releases deleted since the request count as done too.
    done = start + ids.length;
    await deps.progress(done);
  }
  const indexFile = {
    export: { id: job.id, title: job.title, kind: job.kind, createdAt: deps.now.toISOString() },
    totalReleases: job.releaseIds.length,
    releases: index,
    // Deleted between the request and the build.
    missing: job.releaseIds.filter((id) => !found.has(id)),
  };
  const key = `${job.folderKey}/index.json`;
  const { size } = await storage.put(key, Buffer.from(JSON.stringify(indexFile, null, 2)), types.json);
  return [{ path: 'index.json', key, size, contentType: types.json, link: false }, ...files];
}

async function buildDocument(job: ExportJob, deps: BuildDeps): Promise<ExportManifestEntry[]> {
  const { storage } = deps;
  const sections: ISectionOptions[] = [];
  let embedded = 0;
  let done = 0;
  const coverOf = async (release: ExportedRelease): Promise<Cover> => {
    if (!release.artworkKey || !release.artworkFormat) {
      return { note: release.albumArt ? `linked at ${release.albumArt}` : 'none uploaded' };
    }
    const size = Number(release.artworkSize ?? 0);
    if (size > MAX_EMBEDDED_COVER || embedded + size > MAX_EMBEDDED_COVERS) {
      return {
        note: `${release.artworkWidth ?? '?'}×${release.artworkHeight ?? '?'} in storage (too large to embed)`,
      };
    }
    if (!(await storage.exists(release.artworkKey))) return { note: 'missing from storage' };
    const data = await storage.get(release.artworkKey);
    embedded += data.length;
    return { data, type: release.artworkFormat === 'png' ? 'png' : 'jpg' };
  };
  for await (const { start, ids, releases } of batches(job, deps)) {
    for (const release of releases) {
      const intro = sections.length ? [] : documentIntro(job.title, deps.now, job.releaseIds.length);
      sections.push(releaseSection(release, await coverOf(release), intro));
      await deps.progress(++done);
    }
    done = start + ids.length;
    await deps.progress(done);
  }
  if (!sections.length) {
    sections.push({
      children: [
        ...documentIntro(job.title, deps.now, job.releaseIds.length),
        new Paragraph('Every release of this export was deleted before it was built.'),
      ],
    });
  }
  const name = `${slug(job.title)}.docx`;
  const key = `${job.folderKey}/${name}`;
  const { size } = await storage.put(key, await packDocument(job.title, sections), types.docx);
  return [{ path: name, key, size, contentType: types.docx, link: false }];
}
