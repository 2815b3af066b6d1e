/**
 * The delivery part of `make bench-pipeline`: a release delivered to a store's SFTP drop box by the
 * workers' `delivery` group (its ERN message built and checked, the batch written file by file under
 * `.part` names then renamed, the manifest last, the delivery recorded with its event) beside a raw
 * `sftp put` of the same files: OpenSSH's own `sftp` client in batch mode (one connection, a `mkdir` per
 * folder and a `put` per file, nothing else). Both go to the same real OpenSSH server on loopback
 * (infra/sftp/sftp.ts) from the same local disk, in alternate runs after one of each not counted; the
 * median of each is kept.
 */
import { spawnSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import {
  appendEvent,
  credentialsKey,
  encryptCredentials,
  loadConfig,
  localStorage,
  StoreTarget,
  type Db,
} from '../db/src/index.ts';
import { startSftp, type LocalSftp } from '../infra/sftp/sftp.ts';
import { uniqueName } from '../test/support/database.ts';
import { buildArtist, buildRelease, buildTrack, uniqueIsrc, uniqueUpc } from '../test/support/factories.ts';
import { ernChecker } from '../workers/src/exports/ernCheck.ts';
import { deliveryGroup } from '../workers/src/delivery/index.ts';
import { handleOnce } from '../workers/src/events/handleOnce.ts';
import type { LoggedEvent } from '../workers/src/events/log.ts';

export interface DeliveryResult {
  tracks: number;
  /** The package: every file the delivery wrote (audio, cover, message, manifest), and their bytes. */
  files: number;
  bytes: number;
  runs: number;
  /** Median milliseconds of the delivery (the event handled) and of OpenSSH's `sftp` (start to exit). */
  deliveryMs: number;
  rawMs: number;
  /** How the ERN message was checked: against the schema (xmllint) or for well-formedness only. */
  ernCheck: 'schema' | 'well-formed';
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)]!;
};

/** Every file under `dir`, by its path relative to it. */
const filesUnder = (dir: string) =>
  fs
    .readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((name) => fs.statSync(path.join(dir, name)).isFile())
    .sort();

/**
 * Delivers `runs` approved releases of `tracks` tracks of `trackBytes` bytes each (and a 1 MiB cover) on
 * `db` (a fresh, migrated database), each beside a raw put of its package.
 */
export async function measureDelivery(
  db: Db,
  { tracks, trackBytes, runs }: { tracks: number; trackBytes: number; runs: number },
): Promise<DeliveryResult> {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'riffline-bench-delivery-'));
  // The drop box inside is reached by sshd's own user.
  fs.chmodSync(root, 0o755);
  let sftp: LocalSftp | undefined;
  try {
    sftp = await startSftp({ directory: path.join(root, 'dropbox') });
    const storage = localStorage(path.join(root, 'storage'));
    const config = loadConfig({ NODE_ENV: 'test' });
    const logger = pino({ level: 'silent' });
    const group = deliveryGroup({ db, storage, config, logger });

    // The release's files, in storage once: every run's release points at them.
    const cover = randomBytes(1024 * 1024);
    await storage.put('bench/cover.jpg', cover, 'image/jpeg');
    const audio: Array<{ key: string; size: number; sha256: string }> = [];
    for (let n = 1; n <= tracks; n++) {
      const bytes = Buffer.concat([randomBytes(trackBytes - 1), Buffer.from([n])]);
      const key = `bench/audio-${n}.wav`;
      await storage.put(key, bytes, 'audio/wav');
      audio.push({ key, size: bytes.length, sha256: createHash('sha256').update(bytes).digest('hex') });
    }
    const artist = await buildArtist(db, { isApproved: true });
    // The drop box as the only store switched on, its key encrypted as the console stores it.
    const target = await StoreTarget.query(db)
      .insert({
        store: 'deezer',
        protocol: 'sftp',
        host: sftp.host,
        port: sftp.port,
        username: sftp.username,
        folder: 'inbox',
        dpid: 'PADPIDA2014101001U',
        mode: 'test',
        credentials: encryptCredentials(await credentialsKey(db, undefined), { privateKey: sftp.privateKey }),
      })
      .returning('*');

    /** An approved release of those files, and its `release.approved` as the log hands it over. */
    async function approved(): Promise<LoggedEvent> {
      const upc = uniqueUpc();
      const release = await buildRelease(db, {
        userId: artist.id,
        title: uniqueName('Bench Release'),
        upc,
        status: 'live',
        releaseDate: '2030-01-15',
        artworkKey: 'bench/cover.jpg',
        artworkFormat: 'jpeg',
        artworkWidth: 3000,
        artworkHeight: 3000,
        artworkSize: cover.length,
      });
      for (const [i, file] of audio.entries()) {
        await buildTrack(db, {
          releaseId: release.id,
          trackNumber: i + 1,
          title: `Part ${i + 1}`,
          isrc: uniqueIsrc(),
          duration: 180,
          audioKey: file.key,
          audioFormat: 'wav',
          audioState: 'ready',
          audioSize: file.size,
          audioSha256: file.sha256,
        });
      }
      const event = await db.transaction((trx) =>
        appendEvent(trx, {
          type: 'release.approved',
          aggregateId: release.id,
          payload: { userId: artist.id, upc, isrcs: [] },
        }),
      );
      return { ...event, position: '0' };
    }

    // OpenSSH's client logs in with the drop box's key and pins its host key, as a store's login would.
    const keyFile = path.join(root, 'id_ed25519');
    fs.writeFileSync(keyFile, sftp.privateKey, { mode: 0o600 });
    const knownHosts = path.join(root, 'known_hosts');
    fs.writeFileSync(knownHosts, `[${sftp.host}]:${sftp.port} ${sftp.hostPublicKey}\n`);

    /** The same files with OpenSSH's `sftp -b`: every folder made (parents first), a put per file. */
    function rawPut(local: string, remote: string, files: string[]) {
      const folders = new Set<string>();
      for (const file of files) {
        for (let dir = path.posix.dirname(file); dir !== '.'; dir = path.posix.dirname(dir)) folders.add(dir);
      }
      const commands = [
        `mkdir ${remote}`,
        ...[...folders].sort((a, b) => a.length - b.length).map((dir) => `mkdir ${remote}/${dir}`),
        ...files.map((file) => `put ${path.join(local, file)} ${remote}/${file}`),
      ];
      const run = spawnSync(
        'sftp',
        [
          '-b',
          '-',
          '-i',
          keyFile,
          '-P',
          String(sftp!.port),
          '-o',
          `UserKnownHostsFile=${knownHosts}`,
          '-o',
          'BatchMode=yes',
          `${sftp!.username}@${sftp!.host}`,
        ],
        { input: commands.join('\n'), encoding: 'utf8' },
      );
      if (run.status !== 0) throw new Error(`sftp put failed: ${run.stderr || run.error?.message}`);
    }

    const inbox = path.join(sftp.root, target.folder);
    const [deliveries, raws]: [number[], number[]] = [[], []];
    let files: string[] = [];
    let bytes = 0;
    // The first run of each (its connection's and code's first use) is not counted.
    for (let run = 0; run <= runs; run++) {
      const counted = run > 0;
      const event = await approved();
      const started = performance.now();
      if (!(await handleOnce(db, group, event, logger))) throw new Error('the delivery did not happen');
      if (counted) deliveries.push(performance.now() - started);

      // The package as it arrived, copied out of the drop box: what the raw puts send.
      const [batch] = fs.readdirSync(inbox).filter((name) => name.startsWith('N_'));
      if (!batch) throw new Error(`no batch in ${inbox}`);
      const local = path.join(root, 'package');
      fs.cpSync(path.join(inbox, batch), local, { recursive: true });
      fs.rmSync(path.join(inbox, batch), { recursive: true, force: true });
      files = filesUnder(local);
      bytes = files.reduce((sum, file) => sum + fs.statSync(path.join(local, file)).size, 0);

      const rawStarted = performance.now();
      rawPut(local, `raw-${run}`, files);
      if (counted) raws.push(performance.now() - rawStarted);
      fs.rmSync(path.join(sftp.root, `raw-${run}`), { recursive: true, force: true });
      fs.rmSync(local, { recursive: true, force: true });
    }
    return {
      tracks,
      files: files.length,
      bytes,
      runs,
      deliveryMs: median(deliveries),
      rawMs: median(raws),
      ernCheck: await ernChecker(config.ddex).mode(),
    };
  } finally {
    await sftp?.stop();
    fs.rmSync(root, { recursive: true, force: true });
  }
}
