import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { hugePng, jpeg, png, pngChunk as chunk } from '#test/support/media.ts';
import { imageHeader, imageIsComplete } from './image.ts';

describe('imageHeader: the dimensions from the header alone (PNG IHDR, JPEG SOF), nothing decoded', () => {
  it('reads PNG and JPEG dimensions', () => {
    expect(imageHeader('png', png(3000, 2000))).toEqual({ width: 3000, height: 2000 });
    expect(imageHeader('jpeg', jpeg(4000, 3000))).toEqual({ width: 4000, height: 3000 });
  });

  it('reads a 30000×30000 PNG’s size from its IHDR chunk (the first 33 bytes), whatever follows', async () => {
    const huge = await hugePng(30000, 30000);
    expect(imageHeader('png', huge)).toEqual({ width: 30000, height: 30000 });
    expect(imageHeader('png', huge.subarray(0, 33))).toEqual({ width: 30000, height: 30000 });
  });

  it('reads a JPEG’s frame header past an EXIF segment that holds a thumbnail of its own', () => {
    const thumbnail = jpeg(160, 160);
    const app1 = Buffer.concat([
      Buffer.from([0xff, 0xe1, 0, 0]),
      Buffer.from('Exif\0\0', 'latin1'),
      thumbnail,
    ]);
    app1.writeUInt16BE(app1.length - 2, 2);
    const photo = jpeg(3000, 3000);
    const withExif = Buffer.concat([photo.subarray(0, 2), app1, photo.subarray(2)]);
    expect(imageHeader('jpeg', withExif)).toEqual({ width: 3000, height: 3000 });
  });

  it('is null when the header is missing or broken', () => {
    expect(
      imageHeader('png', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3])),
    ).toBeNull();
    const badCrc = png(3000, 3000);
    badCrc[29] = badCrc[29]! ^ 0xff;
    expect(imageHeader('png', badCrc)).toBeNull();
    expect(imageHeader('jpeg', Buffer.from([0xff, 0xd8, 0xff, 0xd9]))).toBeNull();
    const zero = png(10, 10);
    zero.writeUInt32BE(0, 16); // width 0
    expect(imageHeader('png', zero)).toBeNull();
  });
});

describe('imageIsComplete: the image holds every pixel its header announces', () => {
  it('is true of whole PNGs and JPEGs (interlaced PNG included)', async () => {
    expect(await imageIsComplete('png', png(3000, 3000))).toBe(true);
    expect(await imageIsComplete('jpeg', jpeg(3200, 3200))).toBe(true);
    const ihdr = Buffer.alloc(13);
    ihdr.writeUInt32BE(5, 0);
    ihdr.writeUInt32BE(5, 4);
    ihdr[8] = 8;
    ihdr[12] = 1; // Adam7
    // The seven passes of a 5×5 grey image: rows of 1+width bytes, widths and heights per pass.
    const passes = [
      [1, 1],
      [1, 1],
      [2, 1],
      [1, 2],
      [3, 1],
      [2, 3],
      [5, 2],
    ];
    const raw = Buffer.concat(passes.map(([w, h]) => Buffer.alloc((1 + w!) * h!)));
    const interlaced = Buffer.concat([
      png(1, 1).subarray(0, 8),
      chunk('IHDR', ihdr),
      chunk('IDAT', zlib.deflateSync(raw)),
      chunk('IEND', Buffer.alloc(0)),
    ]);
    expect(await imageIsComplete('png', interlaced)).toBe(true);
  });

  it('is false of a PNG cut short (its first 200 bytes), or whose data is short or broken', async () => {
    const whole = png(3000, 3000);
    expect(await imageIsComplete('png', whole.subarray(0, 200))).toBe(false);
    expect(await imageIsComplete('png', whole.subarray(0, whole.length - 12))).toBe(false); // no IEND
    const ihdr = whole.subarray(8, 33);
    const short = Buffer.concat([
      whole.subarray(0, 8),
      ihdr,
      chunk('IDAT', zlib.deflateSync(Buffer.alloc(3001 * 100))),
      chunk('IEND', Buffer.alloc(0)),
    ]);
    expect(await imageIsComplete('png', short)).toBe(false);
    const garbage = Buffer.concat([
      whole.subarray(0, 33),
      chunk('IDAT', Buffer.from('not deflate at all')),
      chunk('IEND', Buffer.alloc(0)),
    ]);
    expect(await imageIsComplete('png', garbage)).toBe(false);
    const bomb = Buffer.concat([
      whole.subarray(0, 33),
      chunk('IDAT', zlib.deflateSync(Buffer.alloc(3001 * 3000 * 4))),
      chunk('IEND', Buffer.alloc(0)),
    ]);
    expect(await imageIsComplete('png', bomb)).toBe(false);
  });

  it('is false of a JPEG without its scan, cut short, or whose scan is too small for its size', async () => {
    const whole = jpeg(3000, 3000);
    expect(await imageIsComplete('jpeg', whole.subarray(0, 200))).toBe(false);
    expect(await imageIsComplete('jpeg', whole.subarray(0, whole.length - 2))).toBe(false);
    const sos = whole.indexOf(Buffer.from([0xff, 0xda]));
    // The headers then the end at once: no scan.
    expect(
      await imageIsComplete('jpeg', Buffer.concat([whole.subarray(0, sos), Buffer.from([0xff, 0xd9])])),
    ).toBe(false);
    // A scan of 100 bytes cannot hold 140,625 blocks.
    const tiny = Buffer.concat([whole.subarray(0, sos + 10), Buffer.alloc(100), Buffer.from([0xff, 0xd9])]);
    expect(await imageIsComplete('jpeg', tiny)).toBe(false);
  });
});
