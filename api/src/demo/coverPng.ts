import { crc32, deflateSync } from 'node:zlib';

type Rgb = readonly [number, number, number];

const mix = (a: Rgb, b: Rgb, t: number): Rgb => [
  Math.round(a[0] + (b[0] - a[0]) * t),
  Math.round(a[1] + (b[1] - a[1]) * t),
  Math.round(a[2] + (b[2] - a[2]) * t),
];

function chunk(type: string, data: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * The demo EP's cover, made here: a square RGB PNG, `size` pixels a side (3000: what the artwork upload
 * asks for), of a night sky over a lit train. Each row is a few runs of one colour, written with PNG's
 * "Sub" filter, where a run is its first pixel's difference and then zeros, so a row costs a few bytes to
 * write and the image compresses to almost nothing.
 */
export function demoCoverPng(size = 3000): Buffer {
  const top: Rgb = [12, 16, 46];
  const horizon: Rgb = [96, 38, 112];
  const moon: Rgb = [250, 236, 204];
  const train: Rgb = [24, 22, 40];
  const window: Rgb = [255, 184, 76];
  const rail: Rgb = [232, 120, 60];
  const ground: Rgb = [10, 8, 20];
  const [cx, cy, r] = [size * 0.7, size * 0.28, size * 0.11];
  const [trainTop, trainBottom] = [size * 0.62, size * 0.76];
  const [windowTop, windowBottom] = [size * 0.66, size * 0.71];
  const [railTop, railBottom] = [size * 0.765, size * 0.775];
  const pitch = Math.max(1, Math.round(size / 15));

  const rowBytes = 1 + size * 3;
  const raw = Buffer.alloc(rowBytes * size);
  for (let y = 0; y < size; y++) {
    // The row's runs of colour: [first x, colour], in order.
    const sky = mix(top, horizon, Math.min(1, y / trainBottom));
    let runs: Array<[number, Rgb]>;
    if (y >= railTop && y < railBottom) runs = [[0, rail]];
    else if (y >= trainBottom) runs = [[0, ground]];
    else if (y >= trainTop) {
      runs = [[0, train]];
      if (y >= windowTop && y < windowBottom) {
        for (let x = Math.round(pitch / 4); x + pitch / 2 <= size; x += pitch) {
          runs.push([x, window], [x + Math.round(pitch / 2), train]);
        }
      }
    } else if (Math.abs(y - cy) < r) {
      const half = Math.sqrt(r * r - (y - cy) ** 2);
      runs = [
        [0, sky],
        [Math.round(cx - half), moon],
        [Math.round(cx + half), sky],
      ];
    } else runs = [[0, sky]];

    const start = y * rowBytes;
    raw[start] = 1; // Sub: each byte is stored as its difference from the pixel to its left
    let previous: Rgb = [0, 0, 0];
    for (const [i, [x, colour]] of runs.entries()) {
      // A run of no width (the moon's tip) or past the edge has no pixel of its own.
      if (x < 0 || x >= size || runs[i + 1]?.[0] === x) continue;
      for (let c = 0; c < 3; c++) raw[start + 1 + x * 3 + c] = (colour[c]! - previous[c]! + 256) & 0xff;
      previous = colour;
    }
  }

  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bits per channel
  header[9] = 2; // RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
