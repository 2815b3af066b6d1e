import zlib from 'node:zlib';
import type { ImageFormat } from './sniff.ts';

/**
 * Artwork checks from the bytes, without decoding the pixels: the dimensions come from the header alone
 * (PNG's IHDR, JPEG's frame header), so that a size can be refused before anything is decoded; then
 * whether the file holds every pixel its header announces (a PNG's compressed data inflates to exactly
 * its rows, counted and dropped; a JPEG has its scan, large enough for its blocks, and its end).
 */
export interface ImageSize {
  width: number;
  height: number;
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** Channels by PNG colour type, with the bit depths each allows. */
const PNG_COLOUR_TYPES: Record<number, { channels: number; depths: number[] }> = {
  0: { channels: 1, depths: [1, 2, 4, 8, 16] }, // grey
  2: { channels: 3, depths: [8, 16] }, // RGB
  3: { channels: 1, depths: [1, 2, 4, 8] }, // palette
  4: { channels: 2, depths: [8, 16] }, // grey and alpha
  6: { channels: 4, depths: [8, 16] }, // RGBA
};

interface PngHeader extends ImageSize {
  bitsPerPixel: number;
  colourType: number;
  interlaced: boolean;
}

/** A PNG chunk at `at`: its type and data, or null when it does not fit in the file or its CRC is wrong. */
function pngChunk(bytes: Buffer, at: number): { type: string; data: Buffer; end: number } | null {
  if (at + 12 > bytes.length) return null;
  const length = bytes.readUInt32BE(at);
  const end = at + 12 + length;
  if (length > 0x7fffffff || end > bytes.length) return null;
  const typed = bytes.subarray(at + 4, at + 8 + length);
  if (zlib.crc32(typed) !== bytes.readUInt32BE(at + 8 + length)) return null;
  return { type: typed.toString('latin1', 0, 4), data: bytes.subarray(at + 8, at + 8 + length), end };
}

function pngHeader(bytes: Buffer): PngHeader | null {
  if (!bytes.subarray(0, 8).equals(PNG_SIGNATURE)) return null;
  const ihdr = pngChunk(bytes, 8);
  if (!ihdr || ihdr.type !== 'IHDR' || ihdr.data.length !== 13) return null;
  const width = ihdr.data.readUInt32BE(0);
  const height = ihdr.data.readUInt32BE(4);
  const [depth, colourType, compression, filter, interlace] = ihdr.data.subarray(8);
  const colour = PNG_COLOUR_TYPES[colourType!];
  if (!width || !height || width > 0x7fffffff || height > 0x7fffffff) return null;
  if (!colour || !colour.depths.includes(depth!) || compression !== 0 || filter !== 0 || interlace! > 1) {
    return null;
  }
  return {
    width,
    height,
    bitsPerPixel: colour.channels * depth!,
    colourType: colourType!,
    interlaced: interlace === 1,
  };
}

/** The JPEG frame-header markers (SOF0-SOF15 but DHT, JPG and DAC), and those of Huffman coding. */
const isFrameHeader = (marker: number) =>
  marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker);
const isHuffman = (marker: number) => marker >= 0xc0 && marker <= 0xc7;
/** Markers without a length: TEM, the restart markers, SOI. */
const standsAlone = (marker: number) => marker === 0x01 || (marker >= 0xd0 && marker <= 0xd8);

interface JpegSegment {
  marker: number;
  /** Where the segment's data starts (after marker and length), and where the next marker is. */
  start: number;
  end: number;
}

/** The JPEG's segments from after SOI, through the first scan's header, stopping at EOI or what is not one. */
function* jpegSegments(bytes: Buffer, from: number): Generator<JpegSegment> {
  let at = from;
  while (at + 2 <= bytes.length && bytes[at] === 0xff) {
    const marker = bytes[at + 1]!;
    if (marker === 0xff) {
      at += 1; // fill byte before a marker
      continue;
    }
    if (standsAlone(marker) || marker === 0xd9) {
      yield { marker, start: at + 2, end: at + 2 };
      if (marker === 0xd9) return;
      at += 2;
      continue;
    }
    if (at + 4 > bytes.length) return;
    const length = bytes.readUInt16BE(at + 2);
    if (length < 2 || at + 2 + length > bytes.length) return;
    yield { marker, start: at + 4, end: at + 2 + length };
    at += 2 + length;
  }
}

function jpegHeader(bytes: Buffer): (ImageSize & { huffman: boolean }) | null {
  if (bytes[0] !== 0xff || bytes[1] !== 0xd8) return null;
  for (const { marker, start, end } of jpegSegments(bytes, 2)) {
    if (marker === 0xda || marker === 0xd9) return null; // a scan or the end before any frame header
    if (!isFrameHeader(marker)) continue;
    if (end - start < 6) return null;
    const height = bytes.readUInt16BE(start + 1);
    const width = bytes.readUInt16BE(start + 3);
    // A height of 0 is given later (DNL): not something to trust.
    return width && height ? { width, height, huffman: isHuffman(marker) } : null;
  }
  return null;
}

/** Width and height from the image's header alone, nothing decoded; null when the header cannot be read. */
export function imageHeader(format: ImageFormat, bytes: Uint8Array): ImageSize | null {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const header = format === 'png' ? pngHeader(buffer) : jpegHeader(buffer);
  return header && { width: header.width, height: header.height };
}

/** How many bytes a PNG's rows inflate to: a filter byte and the pixels of each row, per Adam7 pass if interlaced. */
function pngRawBytes({ width, height, bitsPerPixel, interlaced }: PngHeader): number {
  const rows = (w: number, h: number) => (w && h ? h * (1 + Math.ceil((w * bitsPerPixel) / 8)) : 0);
  if (!interlaced) return rows(width, height);
  const passes = [
    [0, 0, 8, 8],
    [4, 0, 8, 8],
    [0, 4, 4, 8],
    [2, 0, 4, 4],
    [0, 2, 2, 4],
    [1, 0, 2, 2],
    [0, 1, 1, 2],
  ];
  return passes.reduce(
    (sum, [x, y, dx, dy]) => sum + rows(Math.ceil((width - x!) / dx!), Math.ceil((height - y!) / dy!)),
    0,
  );
}

/** How many bytes `parts` inflate to, counted as they come and dropped; null when broken or past `limit`. */
function inflatedBytes(parts: Buffer[], limit: number): Promise<number | null> {
  return new Promise((resolve) => {
    const inflate = zlib.createInflate({ chunkSize: 64 * 1024 });
    let total = 0;
    inflate.on('data', (chunk: Buffer) => {
      total += chunk.length;
      if (total > limit) {
        inflate.destroy();
        resolve(null);
      }
    });
    inflate.on('end', () => resolve(total));
    inflate.on('error', () => resolve(null));
    for (const part of parts) inflate.write(part);
    inflate.end();
  });
}

async function pngIsComplete(bytes: Buffer): Promise<boolean> {
  const header = pngHeader(bytes);
  if (!header) return false;
  const data: Buffer[] = [];
  let palette = false;
  for (let at = 8; ;) {
    const chunk = pngChunk(bytes, at);
    if (!chunk) return false;
    if (chunk.type === 'PLTE') palette = true;
    if (chunk.type === 'IDAT') data.push(chunk.data);
    if (chunk.type === 'IEND') break;
    at = chunk.end;
  }
  if (!data.length || (header.colourType === 3 && !palette)) return false;
  const expected = pngRawBytes(header);
  return (await inflatedBytes(data, expected)) === expected;
}

function jpegIsComplete(bytes: Buffer): boolean {
  const header = jpegHeader(bytes);
  if (!header) return false;
  let scanBytes = 0;
  let scans = 0;
  for (let at = 2; ;) {
    let found: JpegSegment | null = null;
    for (const segment of jpegSegments(bytes, at)) {
      if (segment.marker === 0xd9 || segment.marker === 0xda) {
        found = segment;
        break;
      }
    }
    // Cut short, or something that is not a segment, before the next scan or the end.
    if (!found) return false;
    if (found.marker === 0xd9) {
      // Every block takes at least a bit of a Huffman-coded scan.
      const blocks = Math.ceil(header.width / 8) * Math.ceil(header.height / 8);
      return scans > 0 && (header.huffman ? scanBytes * 8 >= blocks : scanBytes > 0);
    }
    // After a scan's header, its entropy-coded data, up to the next marker (FF then neither 00 nor RSTn).
    let end = found.end;
    for (;;) {
      end = bytes.indexOf(0xff, end);
      if (end < 0 || end + 1 >= bytes.length) return false;
      const after = bytes[end + 1]!;
      if (after === 0x00 || (after >= 0xd0 && after <= 0xd7)) end += 2;
      else break;
    }
    scans += 1;
    scanBytes += end - found.end;
    at = end;
  }
}

/**
 * Whether the image holds every pixel its header announces. Call it once `imageHeader`'s size is within
 * bounds: a PNG's data is inflated (counted, never kept), as much as its header says it has.
 */
export async function imageIsComplete(format: ImageFormat, bytes: Uint8Array): Promise<boolean> {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return format === 'png' ? pngIsComplete(buffer) : jpegIsComplete(buffer);
}
