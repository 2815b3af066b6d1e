import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import type { Readable } from 'node:stream';
import type { Config } from '../config.ts';
import { assertKey, type Storage } from './storage.ts';

type S3Settings = Extract<Config['storage'], { driver: 's3' }>;

async function toBuffer(body: Buffer | Readable): Promise<Buffer> {
  if (Buffer.isBuffer(body)) return body;
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}

export function s3Storage(settings: S3Settings): Storage & { client: S3Client } {
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
    client,
    async put(key, body, contentType) {
      assertKey(key);
      const data = await toBuffer(body);
      await client.send(new PutObjectCommand({ Bucket, Key: key, Body: data, ContentType: contentType }));
      return { size: data.length };
    },
    async get(key) {
      assertKey(key);
      const out = await client.send(new GetObjectCommand({ Bucket, Key: key }));
      return Buffer.from(await out.Body!.transformToByteArray());
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
    async check() {
      await client.send(new HeadBucketCommand({ Bucket }));
    },
  };
}
