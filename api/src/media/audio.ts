import type { Readable } from 'node:stream';
import type { AudioFormat } from './sniff.ts';

/**
 * What an upload's audio turned out to be: its length in seconds, or why it is refused. `noAudio`: no
 * sound at all (a WAV header alone, an MP3 that is only tags); `incomplete`: a WAV whose header promises
 * more samples than the file holds; `unreadable`: headers that contradict themselves, or an MP3 whose
 * frames are a small part of what it holds.
 */
export type AudioVerdict =
  { ok: true; seconds: number } | { ok: false; problem: 'noAudio' | 'incomplete' | 'unreadable' };

/** What a parser does with the bytes it is shown: it is done with `advance` of them, or must see `need`. */
type Step = { advance: number } | { need: number };

interface Parser {
  /** How many bytes it needs to see to take its next step. */
  readonly want: number;
  /** A step over `view` (at least `want` bytes; the stream's bytes from `offset` on). */
  step(view: Uint8Array, offset: number): Step;
  /** The verdict once the stream has ended: `total` bytes, `short` of them missing from the last step. */
  finish(total: number, short: number, leftover: number): AudioVerdict;
}

const ascii = (view: Uint8Array, at: number, text: string) =>
  [...text].every((ch, i) => view[at + i] === ch.charCodeAt(0));

const uint32le = (view: Uint8Array, at: number) =>
  (view[at]! | (view[at + 1]! << 8) | (view[at + 2]! << 16) | (view[at + 3]! << 24)) >>> 0;

const uint16le = (view: Uint8Array, at: number) => view[at]! | (view[at + 1]! << 8);

/** The bytes of an ID3v2 tag that starts `view` (header, body, footer), or null when none does. */
function id3TagBytes(view: Uint8Array): number | null {
  if (!ascii(view, 0, 'ID3') || view[3]! < 2 || view[3]! > 4 || view[4] === 0xff) return null;
  if ([6, 7, 8, 9].some((i) => view[i]! >= 0x80)) return null;
  // The size is syncsafe: 7 bits in each of four bytes.
  const size = (view[6]! << 21) | (view[7]! << 14) | (view[8]! << 7) | view[9]!;
  const footer = view[3] === 4 && (view[5]! & 0x10) !== 0 ? 10 : 0;
  return 10 + size + footer;
}

/**
 * A WAV: the RIFF chunks are walked up to `data`, skipping the others (LIST, an embedded ID3 chunk with a
 * cover…) by their sizes; `fmt ` must come first and agree with itself, and the samples `data` declares
 * must all be there. The length is the samples' bytes over the byte rate.
 */
class WavParser implements Parser {
  want = 12;
  private started = false;
  private format: { byteRate: number; blockAlign: number } | null = null;
  private data: { start: number; declared: number } | null = null;
  private problem: 'unreadable' | null = null;

  step(view: Uint8Array, offset: number): Step {
    if (!this.started) {
      this.started = true;
      this.want = 8;
      if (!ascii(view, 0, 'RIFF') || !ascii(view, 8, 'WAVE')) return this.refuse();
      return { advance: 12 };
    }
    const size = uint32le(view, 4);
    const padded = 8 + size + (size & 1);
    if (ascii(view, 0, 'fmt ')) {
      if (size < 16) return this.refuse();
      if (view.length < 24) return { need: 24 };
      const formatTag = uint16le(view, 8);
      const channels = uint16le(view, 10);
      const sampleRate = uint32le(view, 12);
      const byteRate = uint32le(view, 16);
      const blockAlign = uint16le(view, 20);
      const pcm = formatTag === 1 || formatTag === 3 || formatTag === 0xfffe;
      if (
        channels === 0 ||
        sampleRate < 1000 ||
        sampleRate > 768_000 ||
        byteRate === 0 ||
        blockAlign === 0 ||
        (pcm && byteRate !== sampleRate * blockAlign)
      ) {
        return this.refuse();
      }
      this.format = { byteRate, blockAlign };
      return { advance: padded };
    }
    if (ascii(view, 0, 'data')) {
      if (!this.format) return this.refuse();
      // The rest is samples and trailing chunks: counted, not looked at.
      this.data = { start: offset + 8, declared: size };
      return { advance: Number.POSITIVE_INFINITY };
    }
    return { advance: padded };
  }

  private refuse(): Step {
    this.problem = 'unreadable';
    return { advance: Number.POSITIVE_INFINITY };
  }

  finish(total: number): AudioVerdict {
    if (this.problem) return { ok: false, problem: this.problem };
    if (!this.format || !this.data) return { ok: false, problem: 'noAudio' };
    const present = total - this.data.start;
    // 0xFFFFFFFF: a writer that could not go back to fill the size in; its samples run to the end.
    const bytes = this.data.declared === 0xffffffff ? present : this.data.declared;
    if (bytes > present) return { ok: false, problem: 'incomplete' };
    if (bytes < this.format.blockAlign) return { ok: false, problem: 'noAudio' };
    return { ok: true, seconds: bytes / this.format.byteRate };
  }
}

/** kbit/s by bitrate index (1 to 14), for MPEG-1 layers I, II, III and MPEG-2/2.5 layer I, layers II and III. */
const BITRATES = {
  v1l1: [32, 64, 96, 128, 160, 192, 224, 256, 288, 320, 352, 384, 416, 448],
  v1l2: [32, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320, 384],
  v1l3: [32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320],
  v2l1: [32, 48, 56, 64, 80, 96, 112, 128, 144, 160, 176, 192, 224, 256],
  v2l23: [8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160],
};

interface FrameHeader {
  /** Version and layer bits and sample rate: what every frame of a stream shares. */
  kind: number;
  sampleRate: number;
  length: number;
  samples: number;
}

/**
 * An MPEG audio frame header (ISO 11172-3 / 13818-3) at `at`: its length in bytes and samples, or null
 * for reserved values and the free bitrate (whose frames have no length to find the next one by).
 */
function frameHeader(view: Uint8Array, at = 0): FrameHeader | null {
  if (view.length < at + 4 || view[at] !== 0xff || (view[at + 1]! & 0xe0) !== 0xe0) return null;
  const version = (view[at + 1]! >> 3) & 0b11; // 00: 2.5, 01: reserved, 10: 2, 11: 1
  const layer = (view[at + 1]! >> 1) & 0b11; // 01: III, 10: II, 11: I, 00: reserved
  const bitrateIndex = view[at + 2]! >> 4;
  const rateIndex = (view[at + 2]! >> 2) & 0b11;
  const padding = (view[at + 2]! >> 1) & 1;
  if (version === 0b01 || layer === 0 || bitrateIndex === 0 || bitrateIndex === 15 || rateIndex === 3)
    return null;
  if ((view[at + 3]! & 0b11) === 0b10) return null; // reserved emphasis
  const mpeg1 = version === 0b11;
  const sampleRate = [44_100, 48_000, 32_000][rateIndex]! / (mpeg1 ? 1 : version === 0b10 ? 2 : 4);
  const table = mpeg1
    ? [BITRATES.v1l3, BITRATES.v1l2, BITRATES.v1l1][layer - 1]!
    : layer === 3
      ? BITRATES.v2l1
      : BITRATES.v2l23;
  const bitrate = table[bitrateIndex - 1]! * 1000;
  const kind = (view[at + 1]! & 0b11110) | (rateIndex << 5);
  if (layer === 3) {
    return {
      kind,
      sampleRate,
      length: (Math.floor((12 * bitrate) / sampleRate) + padding) * 4,
      samples: 384,
    };
  }
  const perFrame = layer === 1 && !mpeg1 ? 576 : 1152;
  return {
    kind,
    sampleRate,
    length: Math.floor(((perFrame / 8) * bitrate) / sampleRate) + padding,
    samples: perFrame,
  };
}

/** Bytes that are neither tags nor frames an MP3 may hold (an ID3v1 tag, an APE tag, a stray byte). */
const MP3_SLACK_BYTES = 64 * 1024;

/**
 * An MP3: ID3v2 tags are skipped by their declared size (never read: a tag may hold a picture of any
 * size), then the frames are walked one by one, each found where the last one ends, and their samples
 * counted: the length is what the frames hold, whatever a header claims. The first frame must be
 * followed by a second of the same kind (two bytes 0xFF 0xE… in other data are not a stream); bytes
 * between frames are stepped over until the next one.
 */
class Mp3Parser implements Parser {
  want = 10;
  private kind: number | null = null;
  private sampleRate = 0;
  private samples = 0;
  private frames = 0;
  private tagBytes = 0;
  private strayBytes = 0;
  private lastFrame: FrameHeader | null = null;

  step(view: Uint8Array): Step {
    this.lastFrame = null;
    if (view[0] === 0x49 /* I */ && ascii(view, 0, 'ID3')) {
      if (view.length < 10) return { need: 10 };
      const tag = id3TagBytes(view);
      if (tag !== null) {
        this.tagBytes += tag;
        this.want = 4;
        return { advance: tag };
      }
    }
    this.want = 4;
    const frame = frameHeader(view);
    if (frame && (this.kind === null || frame.kind === this.kind)) {
      if (this.kind === null) {
        if (view.length < frame.length + 4) return { need: frame.length + 4 };
        const next = frameHeader(view, frame.length);
        if (!next || next.kind !== frame.kind) return this.stray(view);
        this.kind = frame.kind;
        this.sampleRate = frame.sampleRate;
      }
      this.frames += 1;
      this.samples += frame.samples;
      this.lastFrame = frame;
      return { advance: frame.length };
    }
    return this.stray(view);
  }

  /** Steps over bytes that are no frame, to the next byte that may start one (or a tag). */
  private stray(view: Uint8Array): Step {
    let next = 1;
    while (next < view.length && view[next] !== 0xff && view[next] !== 0x49) next++;
    this.strayBytes += next;
    return { advance: next };
  }

  finish(total: number, short: number, leftover: number): AudioVerdict {
    // A last frame cut short is not counted.
    if (short > 0 && this.lastFrame) {
      this.frames -= 1;
      this.samples -= this.lastFrame.samples;
      this.strayBytes += this.lastFrame.length - short;
    }
    this.strayBytes += leftover;
    if (this.frames === 0) return { ok: false, problem: 'noAudio' };
    const audioBytes = Math.max(0, total - this.tagBytes);
    if (this.strayBytes > Math.max(MP3_SLACK_BYTES, audioBytes / 10))
      return { ok: false, problem: 'unreadable' };
    return { ok: true, seconds: this.samples / this.sampleRate };
  }
}

const EMPTY = Buffer.alloc(0);

/**
 * Reads an upload's audio as it streams, piece by piece, for its verdict: whether it holds sound, and
 * how long it is. It holds no piece it is given: only a header split across two pieces, copied (a few
 * bytes; at most an MP3's first frame and the next one's header); tags and samples are counted past.
 */
export class AudioReader {
  private readonly parser: Parser;
  /** The start of a header whose end has not arrived yet. */
  private held: Buffer = EMPTY;
  /** Bytes still to step over (a tag, a chunk, a frame) before the parser looks again. */
  private skip = 0;
  /** Where the parser's next step starts, in the stream. */
  private offset = 0;
  /** More than the parser's usual `want` that its last step asked to see. */
  private need = 0;
  private total = 0;
  /** The most bytes it has held at once: what its memory comes to, whatever the file. */
  peakBufferedBytes = 0;

  constructor(format: AudioFormat) {
    this.parser = format === 'wav' ? new WavParser() : new Mp3Parser();
  }

  push(chunk: Uint8Array): void {
    this.total += chunk.length;
    let at = 0;
    for (;;) {
      if (this.skip > 0) {
        const n = Math.min(this.skip, chunk.length - at);
        this.skip -= n;
        at += n;
        if (this.skip > 0) return;
      }
      const want = Math.max(this.parser.want, this.need);
      let view: Uint8Array;
      const fromHeld = this.held.length > 0;
      if (fromHeld) {
        if (this.held.length < want) {
          const take = Math.min(want - this.held.length, chunk.length - at);
          if (take > 0) this.hold(Buffer.concat([this.held, chunk.subarray(at, at + take)]));
          at += take;
          if (this.held.length < want) return;
        }
        view = this.held;
      } else {
        if (chunk.length - at < want) {
          if (at < chunk.length) this.hold(Buffer.from(chunk.subarray(at)));
          return;
        }
        view = chunk.subarray(at);
      }
      const step = this.parser.step(view, this.offset);
      if ('need' in step) {
        this.need = step.need;
        continue;
      }
      this.need = 0;
      this.offset += step.advance;
      if (fromHeld) {
        if (step.advance < this.held.length) {
          this.hold(Buffer.from(this.held.subarray(step.advance)));
        } else {
          this.skip = step.advance - this.held.length;
          this.held = EMPTY;
        }
      } else if (step.advance <= chunk.length - at) {
        at += step.advance;
      } else {
        this.skip = step.advance - (chunk.length - at);
        at = chunk.length;
      }
    }
  }

  private hold(bytes: Buffer) {
    this.held = bytes;
    this.peakBufferedBytes = Math.max(this.peakBufferedBytes, bytes.length);
  }

  /** The verdict, once the whole file has been pushed. */
  end(): AudioVerdict {
    // Bytes held at the end were too few for a step: nothing the parser could read.
    const short = Number.isFinite(this.skip) ? this.skip : 0;
    return this.parser.finish(this.total, short, this.held.length);
  }
}

/** The verdict on audio read from a stream to its end (see AudioReader). */
export async function readAudio(format: AudioFormat, bytes: Readable): Promise<AudioVerdict> {
  const reader = new AudioReader(format);
  for await (const chunk of bytes) reader.push(chunk as Uint8Array);
  return reader.end();
}
