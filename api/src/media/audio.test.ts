import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import {
  mp3,
  mp3WithTagStream,
  wav,
  wavHeader,
  wavStream,
  WAV_BYTES_PER_SECOND,
} from '#test/support/media.ts';
import { AudioReader, readAudio } from './audio.ts';

const MiB = 1024 * 1024;

/** The reader fed `bytes` in pieces of `size` (a header split across pieces must not matter). */
function readInPieces(format: 'wav' | 'mp3', bytes: Buffer, size: number) {
  const reader = new AudioReader(format);
  for (let at = 0; at < bytes.length; at += size) reader.push(bytes.subarray(at, at + size));
  return reader.end();
}

describe('AudioReader: a WAV', () => {
  it('is as long as its samples, whatever pieces they arrive in', async () => {
    const file = wav(3);
    for (const size of [1, 7, 44, 4096, file.length]) {
      expect(readInPieces('wav', file, size), `pieces of ${size}`).toEqual({ ok: true, seconds: 3 });
    }
    expect(await readAudio('wav', Readable.from([file]))).toEqual({ ok: true, seconds: 3 });
  });

  it('skips the chunks before its samples however large, as a stream (a 30 MiB LIST chunk)', () => {
    const list = Buffer.alloc(8);
    list.write('LIST', 0, 'latin1');
    list.writeUInt32LE(30 * MiB, 4);
    const file = wav(1);
    const reader = new AudioReader('wav');
    reader.push(file.subarray(0, 36)); // RIFF, WAVE and the fmt chunk
    reader.push(list);
    const zeros = Buffer.alloc(MiB);
    for (let i = 0; i < 30; i++) reader.push(zeros);
    reader.push(file.subarray(36));
    expect(reader.end()).toEqual({ ok: true, seconds: 1 });
    expect(reader.peakBufferedBytes).toBeLessThan(64);
  });

  it('holds no audio when it is only a header (30 bytes) or its data chunk is empty', () => {
    expect(readInPieces('wav', wavHeader(44).subarray(0, 30), 30)).toEqual({ ok: false, problem: 'noAudio' });
    expect(readInPieces('wav', wavHeader(44), 44)).toEqual({ ok: false, problem: 'noAudio' });
  });

  it('is incomplete when its header promises more samples than the file holds (2 s over 1 KB)', () => {
    const file = Buffer.concat([wavHeader(44 + 2 * WAV_BYTES_PER_SECOND), Buffer.alloc(1024)]);
    expect(readInPieces('wav', file, 512)).toEqual({ ok: false, problem: 'incomplete' });
  });

  it('cannot be read when its format chunk contradicts itself or comes after the samples', () => {
    const lying = wav(1);
    lying.writeUInt32LE(1000, 28); // a byte rate that is not sample rate × block align
    expect(readInPieces('wav', lying, 4096)).toEqual({ ok: false, problem: 'unreadable' });
    const silent = wav(1);
    silent.writeUInt32LE(0, 24); // no sample rate
    expect(readInPieces('wav', silent, 4096)).toEqual({ ok: false, problem: 'unreadable' });
    const file = wav(1);
    const samplesFirst = Buffer.concat([file.subarray(0, 12), file.subarray(36), file.subarray(12, 36)]);
    expect(readInPieces('wav', samplesFirst, 4096)).toEqual({ ok: false, problem: 'unreadable' });
  });

  it('reads a 200 MB stream without holding it', async () => {
    const bytes = wavStream(200 * MiB);
    const result = await readAudio('wav', bytes);
    expect(result).toEqual({ ok: true, seconds: (200 * MiB - 44) / WAV_BYTES_PER_SECOND });
  });
});

describe('AudioReader: an MP3', () => {
  it('is as long as its frames, with or without an ID3 tag, whatever pieces they arrive in', () => {
    for (const file of [mp3(10), mp3(10, { id3: true })]) {
      for (const size of [1, 3, 417, 4096, file.length]) {
        const result = readInPieces('mp3', file, size);
        expect(result.ok && Math.round(result.seconds), `pieces of ${size}`).toBe(10);
      }
    }
  });

  it('holds no audio when it is only an ID3 tag, or nothing after the tag is a frame', () => {
    expect(readInPieces('mp3', mp3(0, { id3: true }), 64)).toEqual({ ok: false, problem: 'noAudio' });
    const text = Buffer.from('these are my lyrics, not frames\n'.repeat(100));
    const tagThenText = Buffer.concat([mp3(0, { id3: true }), text]);
    expect(readInPieces('mp3', tagThenText, 64)).toEqual({ ok: false, problem: 'noAudio' });
  });

  it('cannot be read when a few frames hide in what is mostly something else', () => {
    const file = Buffer.concat([mp3(0.5), Buffer.alloc(2 * MiB, 0x20)]);
    expect(readInPieces('mp3', file, 65536)).toEqual({ ok: false, problem: 'unreadable' });
  });

  it('keeps an ID3v1 tag at the end and a stray byte between frames out of its length', () => {
    const tagV1 = Buffer.concat([Buffer.from('TAG', 'latin1'), Buffer.alloc(125)]);
    const frames = mp3(4);
    const file = Buffer.concat([
      frames.subarray(0, 417 * 50),
      Buffer.from([0]),
      frames.subarray(417 * 50),
      tagV1,
    ]);
    const result = readInPieces('mp3', file, 1000);
    expect(result.ok && Math.round(result.seconds)).toBe(4);
  });

  it('skips a 40 MiB ID3 tag as a stream: what it holds at once stays a few bytes', async () => {
    const reader = new AudioReader('mp3');
    for await (const chunk of mp3WithTagStream(40 * MiB, 10)) reader.push(chunk as Buffer);
    const result = reader.end();
    expect(result.ok && Math.round(result.seconds)).toBe(10);
    // A frame header being assembled across two pieces, at most: never the tag.
    expect(reader.peakBufferedBytes).toBeLessThan(4096);
  });
});
