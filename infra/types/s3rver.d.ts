declare module 's3rver' {
  import type { Server } from 'node:http';
  interface S3rverOptions {
    address?: string;
    port?: number;
    silent?: boolean;
    directory?: string;
    resetOnClose?: boolean;
    configureBuckets?: Array<{ name: string; configs?: Array<string | Buffer> }>;
  }
  /** The parts of Koa's context that infra/s3/s3.ts reads and sets. */
  export interface S3rverContext {
    method: string;
    path: string;
    query: Record<string, string | string[] | undefined>;
    status: number;
    body: unknown;
  }
  export default class S3rver {
    constructor(options?: S3rverOptions);
    /** Koa's middleware, run in order; the last is s3rver's router. */
    middleware: Array<(ctx: S3rverContext, next: () => Promise<void>) => Promise<void> | void>;
    /** Where s3rver keeps a bucket's things: `getResourcePath(bucket, undefined, 'uploads')` its uploads. */
    store: { getResourcePath(bucket: string, key: string | undefined, resource: string): string };
    run(): Promise<{ address: string; port: number }>;
    close(): Promise<void>;
    httpServer?: Server;
  }
}
