/**
 * Media files for upload tests, generated: WAV and MP3 audio of a chosen length, real PNGs and a minimal
 * JPEG of chosen dimensions, and a raw streaming PUT that can send hundreds of megabytes from a generator
 * (with or without a Content-Length) and read the answer the server gives, even before it has all of it.
 */
import http from 'node:http';
import { Readable } from 'node:stream';
import zlib from 'node:zlib';

/** A 44-byte PCM WAV header (44.1 kHz, 16-bit stereo) for a file of `totalBytes` bytes. */
export function wavHeader(totalBytes: number): Buffer {
  const h = Buffer.alloc(44);
  h.write('RIFF', 0, 'latin1');
  h.writeUInt32LE(Math.min(totalBytes - 8, 0xffffffff), 4);
  h.write('WAVE', 8, 'latin1');
  h.write('fmt ', 12, 'latin1');
  h.writeUInt32LE(16, 16);
  h.writeUInt16LE(1, 20); // PCM
  h.writeUInt16LE(2, 22); // stereo
  h.writeUInt32LE(44_100, 24);
  h.writeUInt32LE(44_100 * 4, 28); // byte rate
  h.writeUInt16LE(4, 32); // block align
  h.writeUInt16LE(16, 34); // bits per sample
  h.write('data', 36, 'latin1');
  h.writeUInt32LE(Math.min(totalBytes - 44, 0xffffffff), 40);
  return h;
}

/** WAV bytes per second at 44.1 kHz, 16-bit stereo. */
export const WAV_BYTES_PER_SECOND = 44_100 * 4;

/** A whole WAV of `seconds` of a quiet tone (different bytes at every position, so a hash means something). */
export function wav(seconds: number): Buffer {
  const data = Buffer.alloc(Math.round(seconds * WAV_BYTES_PER_SECOND));
  for (let i = 0; i + 1 < data.length; i += 2) data.writeInt16LE(Math.round(800 * Math.sin(i / 50)), i);
  return Buffer.concat([wavHeader(data.length + 44), data]);
}

/**
 * A stream of `totalBytes` bytes: a WAV header, then silence, from one reused buffer, so that the test
 * itself holds next to nothing however large the file.
 */
export function wavStream(totalBytes: number): Readable {
  const zeros = Buffer.alloc(1024 * 1024);
  let sent = 0;
  return new Readable({
    read() {
      if (sent === 0) {
        const header = wavHeader(totalBytes);
        sent = header.length;
        this.push(header);
        return;
      }
      if (sent >= totalBytes) {
        this.push(null);
        return;
      }
      const n = Math.min(zeros.length, totalBytes - sent);
      sent += n;
      this.push(n === zeros.length ? zeros : zeros.subarray(0, n));
    },
  });
}

/**
 * A constant-bitrate MP3 (MPEG-1 Layer III, 128 kbit/s, 44.1 kHz) of about `seconds`: frames of 417
 * bytes, 1,152 samples each, optionally after an ID3v2 tag.
 */
export function mp3(seconds: number, { id3 = false } = {}): Buffer {
  const frame = Buffer.alloc(417);
  frame.writeUInt32BE(0xfffb9064, 0);
  const frames = Math.round((seconds * 44_100) / 1152);
  const body = Buffer.concat(Array.from({ length: frames }, () => frame));
  if (!id3) return body;
  // ID3v2.3 header with an empty (10-byte, zero-padded) tag body.
  return Buffer.concat([Buffer.from([0x49, 0x44, 0x33, 3, 0, 0, 0, 0, 0, 10]), Buffer.alloc(10), body]);
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(typed));
  return Buffer.concat([length, typed, crc]);
}

/** A real grayscale PNG of `width`×`height` (a flat grey, deflated: small whatever its size). */
export function png(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 0; // grayscale
  const row = Buffer.alloc(1 + width, 0x80);
  row[0] = 0; // filter: none
  const raw = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', zlib.deflateSync(raw)),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A minimal baseline JPEG (SOI, a JFIF APP0, SOF0 with the dimensions, EOI): the headers image-size reads. */
export function jpeg(width: number, height: number): Buffer {
  const app0 = Buffer.from([0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46, 0, 1, 1, 0, 0, 1, 0, 1, 0, 0]);
  const sof = Buffer.from([0xff, 0xc0, 0, 11, 8, 0, 0, 0, 0, 1, 1, 0x11, 0]);
  sof.writeUInt16BE(height, 5);
  sof.writeUInt16BE(width, 7);
  return Buffer.concat([Buffer.from([0xff, 0xd8]), app0, sof, Buffer.from([0xff, 0xd9])]);
}

export interface RawAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
  json<T = unknown>(): T;
}

/**
 * A PUT with a raw body from `source` (piped with backpressure), as a signed-in page sends an upload:
 * the browser's cookies and the site's Origin. `length` sets Content-Length (omitted: chunked); a
 * number larger than what is sent declares a size without sending it. Resolves with the server's
 * answer as soon as it comes, even if the server stopped reading before the end of the body.
 */
export function rawPut(
  url: string,
  source: Buffer | Readable,
  options: {
    origin: string;
    cookie?: string;
    contentType?: string;
    length?: number;
    headers?: Record<string, string>;
  },
): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    let answered = false;
    const req = http.request(url, {
      method: 'PUT',
      agent: false,
      headers: {
        origin: options.origin,
        ...(options.cookie ? { cookie: options.cookie } : {}),
        'content-type': options.contentType ?? 'application/octet-stream',
        ...(options.length !== undefined ? { 'content-length': String(options.length) } : {}),
        ...options.headers,
      },
    });
    req.on('response', (res) => {
      answered = true;
      const parts: Buffer[] = [];
      res.on('data', (chunk: Buffer) => parts.push(chunk));
      res.on('end', () => {
        const body = Buffer.concat(parts).toString('utf8');
        resolve({
          status: res.statusCode!,
          headers: res.headers,
          body,
          json: <T>() => JSON.parse(body) as T,
        });
        if (!Buffer.isBuffer(source)) source.destroy();
      });
    });
    // Writing past an early answer fails (the server closed): only an error before any answer counts.
    req.on('error', (error) => {
      if (!answered) reject(error);
    });
    if (Buffer.isBuffer(source)) req.end(source);
    else source.pipe(req);
  });
}

/** The Cookie header a test browser sends to `url`'s host. */
export function cookieHeader(cookies: Array<{ name: string; value: string }>): string {
  return cookies.map((c) => `${c.name}=${c.value}`).join('; ');
}
