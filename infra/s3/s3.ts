/** An S3-compatible server on loopback (s3rver) for the storage tests and local runs. */
import fs from 'node:fs';
import path from 'node:path';
import S3rver, { type S3rverContext } from 's3rver';
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
  // s3rver cannot abort a multipart upload nor list them: a refused upload's parts stayed on its disk.
  server.middleware.splice(server.middleware.length - 1, 0, multipartUploads(server));
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

/** `/<bucket>` or `/<bucket>/<key>` of a path-style request. */
function bucketAndKey(ctx: S3rverContext): { bucket: string; key: string } {
  const [bucket = '', ...key] = ctx.path.slice(1).split('/');
  return { bucket: decodeURIComponent(bucket), key: key.map(decodeURIComponent).join('/') };
}

const noSuchUpload = (ctx: S3rverContext) => {
  ctx.status = 404;
  ctx.body = { Error: { Code: 'NoSuchUpload', Message: 'The specified upload does not exist.' } };
};

/**
 * What s3rver lacks of S3's multipart uploads: AbortMultipartUpload (the upload and its parts removed),
 * ListMultipartUploads (the uploads begun and neither completed nor aborted), and NoSuchUpload for a
 * part of an upload that is not there. s3rver keeps an upload as a folder of its parts.
 */
function multipartUploads(server: S3rver) {
  const uploadsOf = (bucket: string) => server.store.getResourcePath(bucket, undefined, 'uploads');
  return async (ctx: S3rverContext, next: () => Promise<void>) => {
    const { bucket, key } = bucketAndKey(ctx);
    const uploadId = typeof ctx.query.uploadId === 'string' ? ctx.query.uploadId : undefined;
    const folder = uploadId && /^[0-9a-f]+$/.test(uploadId) ? path.join(uploadsOf(bucket), uploadId) : null;
    if (uploadId !== undefined && key && (ctx.method === 'DELETE' || ctx.method === 'PUT')) {
      if (!folder || !fs.existsSync(path.join(folder, 'key'))) return noSuchUpload(ctx);
      if (ctx.method === 'PUT') return next();
      fs.rmSync(folder, { recursive: true, force: true });
      ctx.status = 204;
      return;
    }
    if (ctx.method === 'GET' && bucket && !key && 'uploads' in ctx.query) {
      const dir = uploadsOf(bucket);
      const ids = fs.existsSync(dir) ? fs.readdirSync(dir).sort() : [];
      const uploads = ids
        .filter((id) => fs.existsSync(path.join(dir, id, 'key')))
        .map((id) => ({
          Key: fs.readFileSync(path.join(dir, id, 'key'), 'utf8'),
          UploadId: id,
          Initiated: fs.statSync(path.join(dir, id, 'key')).mtime.toISOString(),
        }));
      ctx.body = {
        ListMultipartUploadsResult: {
          Bucket: bucket,
          MaxUploads: 1000,
          IsTruncated: false,
          ...(uploads.length ? { Upload: uploads } : {}),
        },
      };
      return;
    }
    return next();
  };
}
