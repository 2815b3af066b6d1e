import { defineRoute } from '../../route.ts';
import * as handlers from './files.ts';
import { FileSchema } from './schema.ts';

export const fileRoutes = [
  defineRoute({
    method: 'get',
    path: '/files/:key',
    summary:
      'A stored file through a short-lived signed URL from an answer of the API (local storage only; with S3 the URLs are presigned S3 URLs). 403 when the signature is wrong or expired',
    tag: 'Files',
    audience: 'public',
    request: FileSchema,
    errors: [403, 416],
    handler: handlers.file,
  }),
];
