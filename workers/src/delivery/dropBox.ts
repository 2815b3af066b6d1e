import path from 'node:path/posix';
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import type { Readable } from 'node:stream';
import SftpClient from 'ssh2-sftp-client';
import type { StoreTargetCredentials } from '@riffline/contracts';
import { s3Storage, type StoreTarget } from '@riffline/db';

/**
 * A store's drop box as a delivery writes to it (docs/delivery.md): folders, and files that appear only
 * once whole, so that a store never reads half of one.
 */
export interface DropBox {
  mkdir(path: string): Promise<void>;
  write(path: string, body: Readable | Buffer): Promise<void>;
  /** The names of the files in a folder (none when it does not exist yet). */
  list(folder: string): Promise<string[]>;
  read(path: string): Promise<Buffer>;
  close(): Promise<void>;
}

type Target = Pick<StoreTarget, 'protocol' | 'host' | 'port' | 'username' | 'bucket' | 'region' | 'endpoint'>;

/** The drop box of a store's target; the credentials are used here and go nowhere else. */
export function openDropBox(target: Target, credentials: Partial<StoreTargetCredentials>): Promise<DropBox> {
  return target.protocol === 'sftp'
    ? sftpDropBox(target, credentials)
    : Promise.resolve(s3DropBox(target, credentials));
}

/** SFTP through ssh2-sftp-client: a file is written under a `.part` name and renamed once whole. */
async function sftpDropBox(target: Target, credentials: Partial<StoreTargetCredentials>): Promise<DropBox> {
  const client = await connectSftp({
    host: target.host!,
    port: target.port!,
    username: target.username!,
    ...(credentials.privateKey
      ? { privateKey: credentials.privateKey }
      : { password: credentials.password ?? '' }),
  });
  return {
    async mkdir(folder) {
      await client.mkdir(folder, true);
    },
    async write(file, body) {
      await client.put(body, `${file}.part`);
      await client.rename(`${file}.part`, file);
    },
    async list(folder) {
      if (!(await client.exists(folder))) return [];
      return (await client.list(folder)).filter((entry) => entry.type === '-').map((entry) => entry.name);
    },
    async read(file) {
      return (await client.get(file)) as Buffer;
    },
    async close() {
      await client.end();
    },
  };
}

/**
 * A connection to an SFTP server, without Nagle's algorithm: each SFTP write waits for its answer, and
 * with Nagle's on the tail of every write also waited for the peer's delayed ACK, and files crawled
 * (docs/benchmarks.md, Delivery).
 */
export async function connectSftp(options: SftpClient.ConnectOptions): Promise<SftpClient> {
  const client = new SftpClient();
  await client.connect({ readyTimeout: 20_000, retries: 0, ...options });
  (client as unknown as { client: { setNoDelay(on: boolean): void } }).client.setNoDelay(true);
  return client;
}

/** A drop-box path as an S3 key (no leading `./`). */
const keyOf = (file: string) => path.normalize(file).replace(/^\.\//, '');

/** S3 through the AWS SDK (the storage module's client): an object appears when its upload completes. */
function s3DropBox(target: Target, credentials: Partial<StoreTargetCredentials>): DropBox {
  const storage = s3Storage({
    driver: 's3',
    bucket: target.bucket!,
    region: target.region ?? 'us-east-1',
    endpoint: target.endpoint ?? undefined,
    forcePathStyle: Boolean(target.endpoint),
    credentials: {
      accessKeyId: credentials.accessKeyId ?? '',
      secretAccessKey: credentials.secretAccessKey ?? '',
    },
  });
  return {
    async mkdir() {
      // S3 has no folders: a key's prefix is its folder.
    },
    async write(file, body) {
      await storage.put(keyOf(file), body, 'application/octet-stream');
    },
    async list(folder) {
      const prefix = `${keyOf(folder)}/`;
      const names: string[] = [];
      let token: string | undefined;
      do {
        const page = await storage.client.send(
          new ListObjectsV2Command({ Bucket: target.bucket!, Prefix: prefix, ContinuationToken: token }),
        );
        for (const object of page.Contents ?? []) {
          const name = object.Key!.slice(prefix.length);
          if (name && !name.includes('/')) names.push(name);
        }
        token = page.NextContinuationToken;
      } while (token);
      return names;
    },
    async read(file) {
      return storage.get(keyOf(file));
    },
    async close() {
      storage.client.destroy();
    },
  };
}
