/** An S3-compatible server on loopback (s3rver) for the storage tests and local runs. */
import fs from 'node:fs';
import S3rver from 's3rver';
import { freePort } from '../lib/ports.ts';

export interface LocalS3 {
  endpoint: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** The env that points the app at this server. */
  env: Record<string, string>;
  stop(): Promise<void>;
}

export async function startS3(options: {
  directory: string;
  bucket?: string;
  port?: number;
  /** Keeps the directory when stopped (`make start`'s demo store keeps its drop box across restarts). */
  keep?: boolean;
}): Promise<LocalS3> {
  const bucket = options.bucket ?? 'riffline';
  fs.mkdirSync(options.directory, { recursive: true });
  const port = options.port ?? (await freePort());
  const server = new S3rver({
    address: '127.0.0.1',
    port,
    silent: true,
    directory: options.directory,
    configureBuckets: [{ name: bucket }],
  });
  await server.run();
  // s3rver's fixed development credentials.
  const accessKeyId = 'S3RVER';
  const secretAccessKey = 'S3RVER';
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    bucket,
    accessKeyId,
    secretAccessKey,
    env: {
      S3_ENDPOINT: endpoint,
      S3_BUCKET: bucket,
      S3_ACCESS_KEY_ID: accessKeyId,
      S3_SECRET_ACCESS_KEY: secretAccessKey,
      S3_FORCE_PATH_STYLE: 'true',
    },
    async stop() {
      await server.close();
      if (!options.keep) fs.rmSync(options.directory, { recursive: true, force: true });
    },
  };
}
