import { inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { MIN_ARTWORK_PIXELS } from '@riffline/contracts';
import { imageHeader, imageIsComplete } from '../media/image.ts';
import { sniffImage } from '../media/sniff.ts';
import { demoCoverPng } from './coverPng.ts';

/** The RGB pixels of an 8-bit RGB PNG whose rows all use the Sub filter (what demoCoverPng writes). */
function pixels(png: Buffer) {
  const width = png.readUInt32BE(16);
  const height = png.readUInt32BE(20);
  const idat: Buffer[] = [];
  for (let at = 8; at < png.length;) {
    const length = png.readUInt32BE(at);
    if (png.toString('ascii', at + 4, at + 8) === 'IDAT') idat.push(png.subarray(at + 8, at + 8 + length));
    at += 12 + length;
  }
  const raw = inflateSync(Buffer.concat(idat));
  const rowBytes = 1 + width * 3;
  expect(raw.length).toBe(rowBytes * height);
  return (x: number, y: number) => {
    const row = raw.subarray(y * rowBytes, (y + 1) * rowBytes);
    expect(row[0]).toBe(1);
    const rgb = [0, 0, 0];
    for (let i = 0; i <= x; i++) for (let c = 0; c < 3; c++) rgb[c] = (rgb[c]! + row[1 + i * 3 + c]!) & 0xff;
    return rgb;
  };
}

describe('the demo cover', () => {
  it('is a PNG the artwork upload takes: square, 3000 pixels a side, whole, read from its bytes', async () => {
    const png = demoCoverPng();
    expect(sniffImage(png)).toBe('png');
    expect(imageHeader('png', png)).toEqual({ width: MIN_ARTWORK_PIXELS, height: MIN_ARTWORK_PIXELS });
    expect(await imageIsComplete('png', png)).toBe(true);
    expect(png.length).toBeLessThan(200_000);
  });

  it('draws the picture: the sky, the moon, the lit windows of the train', () => {
    const at = pixels(demoCoverPng(300));
    expect(at(10, 0)).toEqual([12, 16, 46]);
    expect(at(210, 84)).toEqual([250, 236, 204]); // the moon's centre
    expect(at(25, 205)).toEqual([255, 184, 76]); // a window
    expect(at(20, 205)).toEqual([24, 22, 40]); // the train between two windows
    expect(at(150, 290)).toEqual([10, 8, 20]);
    // Right of the moon, each row is its sky again, to its tips.
    for (let y = 40; y < 130; y++) expect(at(299, y), `row ${y}`).toEqual(at(0, y));
  });
});
