import type { IncomingMessage } from 'node:http';
import busboy from 'busboy';
import { HttpError, ValidationError } from '../errors.ts';
import { INTERRUPTED, streamToStorage, type Received, type StreamToStorage } from './receive.ts';

export interface MultipartFile<F extends string, T> extends StreamToStorage<F, T> {
  /** The form field that carries the file; other files are read past and dropped. */
  field: string;
  /** 415 when the body is not multipart/form-data. */
  notMultipart: string;
  /** 400 when the form has no file in `field`. */
  missing: string;
}

export const NOT_A_FORM = 'The upload is not a valid multipart/form-data body';

/**
 * Streams the file of one field of a multipart/form-data request into storage (streamToStorage: sniffed,
 * counted, hashed, never held in memory), and answers what was stored with the file's name as sent.
 * A refusal (413, 415, an interrupted upload) stops reading the request at once.
 */
export function receiveMultipartFile<F extends string, T>(
  req: IncomingMessage,
  options: MultipartFile<F, T>,
): Promise<Received<F, T> & { filename: string }> {
  let form: busboy.Busboy;
  try {
    form = busboy({
      headers: req.headers,
      // One byte past the limit reaches streamToStorage, which then refuses the file (413).
      limits: { files: 1, fileSize: options.maxBytes + 1, fields: 20, fieldSize: 8 * 1024, parts: 40 },
    });
  } catch {
    return Promise.reject(new HttpError(415, options.notMultipart));
  }
  return new Promise((resolve, reject) => {
    let stored: Promise<Received<F, T> & { filename: string }> | null = null;
    let result: (Received<F, T> & { filename: string }) | null = null;
    let closed = false;
    let settled = false;
    const fail = (error: unknown) => {
      if (settled) return;
      settled = true;
      req.unpipe(form);
      // Ends the file's stream with an error too: its upload fails and cleans up (an S3 multipart upload
      // aborted). The refusal waits for that, so that nothing of the file is left, or appears, after it.
      form.destroy();
      void Promise.resolve(stored)
        .catch(() => undefined)
        .then(() => reject(error));
    };
    const finish = () => {
      if (settled || !closed || !result) return;
      settled = true;
      resolve(result);
    };
    form.on('file', (name, file, info) => {
      if (name !== options.field || stored) {
        file.resume();
        return;
      }
      stored = streamToStorage({ body: file, declaredSize: null }, options).then((received) => ({
        ...received,
        filename: info.filename ?? '',
      }));
      stored.then((received) => {
        result = received;
        finish();
      }, fail);
    });
    form.on('error', () => fail(ValidationError(NOT_A_FORM)));
    form.on('close', () => {
      closed = true;
      if (!stored) fail(ValidationError(options.missing));
      else finish();
    });
    // A client gone before the end of its body: busboy would wait for the rest forever.
    req.on('close', () => {
      if (!req.complete) fail(new HttpError(400, INTERRUPTED));
    });
    req.pipe(form);
  });
}
