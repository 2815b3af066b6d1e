import { createHash } from 'node:crypto';
import path from 'node:path/posix';
import type { Readable } from 'node:stream';
import type { DropBox } from './dropBox.ts';
import { buildManifest, type BatchMessage, type MessageKind } from './manifest.ts';

/** A BatchId: the time to the millisecond, `YYYYMMDDhhmmssnnn` (DOMAIN.md). */
export const batchIdAt = (at: Date) => at.toISOString().replace(/\D/g, '').slice(0, 17);

export interface BatchRelease extends MessageKind {
  upc: string;
  messageId: string;
  xml: string;
  /** The release's audio and cover, each by its name in `resources/`, read from object storage as a stream. */
  resources: Array<{ name: string; open(): Promise<Readable> }>;
}

/**
 * Writes one delivery to a drop box per the ERN choreography (docs/delivery.md). The batch profile:
 * `N_<BatchId>/`, a folder per release with `<UPC>.xml` and `resources/`, then the manifest
 * `BatchComplete_<BatchId>.xml`, last of all. The release-by-release profile: a folder per release,
 * `N_<UPC>_<BatchId>/`, its resources, then its message last (no manifest: the message is what says the
 * folder is whole). Each file appears only once whole (DropBox.write): a store that waits for the manifest,
 * or the message, never reads a delivery, or a file, that is not complete. Answers the folder's path.
 */
export async function writeBatch(
  box: DropBox,
  options: {
    folder: string;
    batchId: string;
    profile: 'batch' | 'release';
    releases: BatchRelease[];
    manifest: Omit<Parameters<typeof buildManifest>[0], 'batchId' | 'messages' | 'rootDirectory'>;
  },
): Promise<string> {
  const root = options.folder || '.';
  const batch = path.join(root, `N_${options.batchId}`);
  const put = (file: string, body: Readable | Buffer) => box.write(file, body);
  const messages: BatchMessage[] = [];
  let written = batch;
  for (const release of options.releases) {
    const dir =
      options.profile === 'release'
        ? path.join(root, `N_${release.upc}_${options.batchId}`)
        : path.join(batch, release.upc);
    await box.mkdir(path.join(dir, 'resources'));
    for (const resource of release.resources) {
      await put(path.join(dir, 'resources', resource.name), await resource.open());
    }
    const xml = Buffer.from(release.xml);
    await put(path.join(dir, `${release.upc}.xml`), xml);
    written = dir;
    messages.push({
      messageType: release.messageType,
      deliveryType: release.deliveryType,
      messageId: release.messageId,
      url: `${release.upc}/${release.upc}.xml`,
      upc: release.upc,
      sha256: createHash('sha256').update(xml).digest('hex'),
    });
  }
  if (options.profile === 'release') return written;
  const manifest = buildManifest({
    ...options.manifest,
    batchId: options.batchId,
    rootDirectory: `N_${options.batchId}`,
    messages,
  });
  await put(path.join(batch, `BatchComplete_${options.batchId}.xml`), Buffer.from(manifest));
  return batch;
}
