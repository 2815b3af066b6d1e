import { describe, expect, it } from 'vitest';
import { jpeg, mp3, png, wav } from '#test/support/media.ts';
import { sniffAudio, sniffImage } from './sniff.ts';

const text = (s: string) => Buffer.from(s, 'latin1');

describe('sniffAudio: the format from the first bytes, never the name', () => {
  it('knows WAV (RIFF…WAVE) and MP3 (an ID3v2 tag or an MPEG audio frame)', () => {
    expect(sniffAudio(wav(0.01))).toBe('wav');
    expect(sniffAudio(mp3(0.1))).toBe('mp3');
    expect(sniffAudio(mp3(0.1, { id3: true }))).toBe('mp3');
    // MPEG-2 Layer III (22.05 kHz) frames are MP3 too.
    expect(sniffAudio(Buffer.from([0xff, 0xf3, 0x90, 0x64]))).toBe('mp3');
  });

  it('refuses anything else, text that claims to be audio included', () => {
    const refused = [
      text('ID3 is what this text file says, but it is not audio'),
      text('just some notes saved as song.mp3'),
      text('RIFF\0\0\0\0AVI LIST'), // RIFF, but a video
      Buffer.from([0x66, 0x4c, 0x61, 0x43, 0, 0, 0, 0x22]), // FLAC
      Buffer.from([0xff, 0xfb, 0xf0, 0x64]), // frame sync with the invalid bitrate 1111
      Buffer.from([0xff, 0xe9, 0x90, 0x64]), // frame sync with the reserved version 01
      Buffer.from([0xff, 0xf9, 0x90, 0x64]), // frame sync with the reserved layer 00
      Buffer.from([0xff, 0xfb, 0x9c, 0x64]), // frame sync with the reserved sample rate 11
      png(1, 1),
      Buffer.alloc(0),
      text('RIFF'),
    ];
    for (const bytes of refused) expect(sniffAudio(bytes), bytes.toString('hex').slice(0, 24)).toBeNull();
  });
});

describe('sniffImage', () => {
  it('knows JPEG and PNG and nothing else', () => {
    expect(sniffImage(jpeg(10, 10))).toBe('jpeg');
    expect(sniffImage(png(10, 10))).toBe('png');
    expect(sniffImage(text('GIF89a……'))).toBeNull();
    expect(sniffImage(text('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(sniffImage(Buffer.from([0x89, 0x50, 0x4e, 0x47]))).toBeNull();
  });
});
