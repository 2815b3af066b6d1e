import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { Transform, type Readable } from 'node:stream';
import type { Config } from '../config.ts';
import { assertKey, contentDisposition, type Storage } from './storage.ts';

type S3Settings = Extract<Config['storage'], { driver: 's3' }>;

/**
 * A streamed body goes up as a multipart upload of PART_SIZE parts, QUEUE_SIZE at a time: at most about
 * (QUEUE_SIZE + 1) × PART_SIZE bytes are in memory whatever the object's size. A body smaller than one
 * part is a single PutObject.
 */
const PART_SIZE = 8 * 1024 * 1024;
const QUEUE_SIZE = 2;

export function s3Storage(settings: S3Settings): Storage & { driver: 's3'; client: S3Client } {
  const client = new S3Client({
    region: settings.region,
    endpoint: settings.endpoint,
    forcePathStyle: settings.forcePathStyle,
    credentials: settings.credentials,
    // S3-compatible servers (MinIO, s3rver) store streamed chunk framing unless checksums are on demand only.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const Bucket = settings.bucket;
  return {
    driver: 's3',
    // Path-style on a configured endpoint (MinIO), else the bucket's own AWS host.
    origin: settings.endpoint
      ? new URL(settings.endpoint).origin
      : `https://${Bucket}.s3.${settings.region ?? 'us-east-1'}.amazonaws.com`,
    client,
    async put(key, body, contentType) {
      assertKey(key);
      let size = 0;
      const counted = Buffer.isBuffer(body)
        ? ((size = body.length), body)
        : body.pipe(
            new Transform({
              transform(chunk: Buffer, _encoding, done) {
                size += chunk.length;
                done(null, chunk);
              },
            }),
          );
      // pipe() does not forward errors: a failing source fails the upload, which aborts its parts (no
      // object appears). The source's error is the one that says why, whatever the abort answered.
      let sourceError: Error | undefined;
      if (!Buffer.isBuffer(body)) {
        body.once('error', (error) => {
          sourceError = error;
          (counted as Transform).destroy(error);
        });
      }
      const upload = new Upload({
        client,
        params: { Bucket, Key: key, Body: counted, ContentType: contentType },
        partSize: PART_SIZE,
        queueSize: QUEUE_SIZE,
        leavePartsOnError: false,
      });
      try {
        await upload.done();
      } catch (error) {
        throw sourceError ?? error;
      }
      return { size };
    },
    async get(key) {
      assertKey(key);
      const out = await client.send(new GetObjectCommand({ Bucket, Key: key }));
      return Buffer.from(await out.Body!.transformToByteArray());
    },
    async stream(key) {
      assertKey(key);
      try {
        const out = await client.send(new GetObjectCommand({ Bucket, Key: key }));
        // In Node the SDK's body is a Readable (an IncomingMessage with the SDK's helpers mixed in).
        return out.Body as Readable;
      } catch (error) {
        if ((error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404)
          return null;
        throw error;
      }
    },
    async exists(key) {
      assertKey(key);
      try {
        await client.send(new HeadObjectCommand({ Bucket, Key: key }));
        return true;
      } catch (error) {
        if ((error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404)
          return false;
        throw error;
      }
    },
    async delete(key) {
      assertKey(key);
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },
    async signedUrl(key, { expiresInSeconds, filename, contentType }) {
      assertKey(key);
      const command = new GetObjectCommand({
        Bucket,
        Key: key,
        ResponseContentType: contentType,
        ResponseContentDisposition: filename ? contentDisposition(filename) : undefined,
      });
      return getSignedUrl(client, command, { expiresIn: Math.max(1, Math.round(expiresInSeconds)) });
    },
    async check() {
      await client.send(new HeadBucketCommand({ Bucket }));
    },
  };
}
