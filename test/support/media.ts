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

/** A PNG's chunk: its length, type, data and CRC. */
export function pngChunk(type: string, data: Buffer): Buffer {
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

/**
 * A real baseline JPEG of `width`×`height`, a flat grey: SOI, a JFIF APP0, its quantization table, SOF0
 * with the dimensions, two one-code Huffman tables, the scan (each 8×8 block a 1-bit "no change" DC code
 * and a 1-bit end of block), EOI. Small (a quarter byte a block) and decodable.
 */
export function jpeg(width: number, height: number): Buffer {
  const segment = (marker: number, body: number[] | Buffer) => {
    const head = Buffer.from([0xff, marker, 0, 0]);
    head.writeUInt16BE(body.length + 2, 2);
    return Buffer.concat([head, Buffer.from(body)]);
  };
  const app0 = segment(0xe0, [0x4a, 0x46, 0x49, 0x46, 0, 1, 1, 0, 0, 1, 0, 1, 0, 0]);
  const dqt = segment(0xdb, [0, ...Array<number>(64).fill(1)]);
  const sof = segment(0xc0, [8, height >> 8, height & 0xff, width >> 8, width & 0xff, 1, 1, 0x11, 0]);
  const oneCode = (tableClass: number) =>
    segment(0xc4, [tableClass << 4, 1, ...Array<number>(15).fill(0), 0]);
  const sos = segment(0xda, [1, 1, 0x00, 0, 63, 0]);
  const bits = Math.ceil(width / 8) * Math.ceil(height / 8) * 2;
  const scan = Buffer.alloc(Math.ceil(bits / 8));
  // The last byte's unused bits are padded with ones, as the standard asks.
  if (bits % 8) scan[scan.length - 1] = (1 << (8 - (bits % 8))) - 1;
  return Buffer.concat([
    Buffer.from([0xff, 0xd8]),
    app0,
    dqt,
    sof,
    oneCode(0),
    oneCode(1),
    sos,
    scan,
    Buffer.from([0xff, 0xd9]),
  ]);
}

/**
 * A PNG of `width`×`height` too large to build in memory: a flat grey deflated as it is generated, row by
 * row, so only the compressed file is ever held.
 */
export async function hugePng(width: number, height: number): Promise<Buffer> {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8;
  const row = Buffer.alloc(1 + width, 0x80);
  row[0] = 0;
  const deflate = zlib.createDeflate({ level: 9, strategy: zlib.constants.Z_RLE });
  const parts: Buffer[] = [];
  deflate.on('data', (chunk: Buffer) => parts.push(chunk));
  const done = new Promise((resolve, reject) => deflate.on('end', resolve).on('error', reject));
  for (let y = 0; y < height; y++) {
    if (!deflate.write(row)) await new Promise((resolve) => deflate.once('drain', resolve));
  }
  deflate.end();
  await done;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', Buffer.concat(parts)),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * An MP3 as a stream: an ID3v2.3 tag of `tagBytes` holding one frame (a PRIV frame of zeros, as a large
 * embedded picture would be), then `seconds` of the frames of `mp3`. The tag streams from one reused
 * buffer, so that the test itself holds next to nothing however large it is.
 */
export function mp3WithTagStream(tagBytes: number, seconds: number): Readable {
  const header = Buffer.from([0x49, 0x44, 0x33, 3, 0, 0, 0, 0, 0, 0]);
  // The tag's size, syncsafe: 7 bits in each of four bytes.
  for (let i = 0; i < 4; i++) header[6 + i] = (tagBytes >> (7 * (3 - i))) & 0x7f;
  const frame = Buffer.alloc(10);
  frame.write('PRIV', 0, 'latin1');
  frame.writeUInt32BE(tagBytes - 10, 4);
  const zeros = Buffer.alloc(1024 * 1024);
  const audio = mp3(seconds);
  return Readable.from(
    (function* () {
      yield header;
      yield frame;
      for (let left = tagBytes - 10; left > 0; left -= zeros.length) {
        yield left >= zeros.length ? zeros : zeros.subarray(0, left);
      }
      yield audio;
    })(),
    { objectMode: false },
  );
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
