/**
 * What a file is, from its first bytes: the byte sniffing that decides whether an upload is accepted.
 * Names and Content-Type headers are never believed. What a file holds (its sound and length, its pixels)
 * is read by `audio.ts` and `image.ts`.
 */
export type AudioFormat = 'wav' | 'mp3';
export type ImageFormat = 'jpeg' | 'png';

/** How many bytes the sniffers need to decide. */
export const SNIFF_BYTES = 12;

const ascii = (bytes: Uint8Array, start: number, text: string) =>
  bytes.length >= start + text.length && [...text].every((ch, i) => bytes[start + i] === ch.charCodeAt(0));

/**
 * An MPEG audio frame header (ISO 11172-3 / 13818-3): 11 set sync bits, then a version, layer, bitrate
 * and sample rate that are not the reserved values.
 */
function isMpegFrameHeader(b: Uint8Array): boolean {
  if (b.length < 4 || b[0] !== 0xff || (b[1]! & 0xe0) !== 0xe0) return false;
  const version = (b[1]! >> 3) & 0b11; // 01 is reserved
  const layer = (b[1]! >> 1) & 0b11; // 00 is reserved
  const bitrate = b[2]! >> 4; // 1111 is invalid
  const sampleRate = (b[2]! >> 2) & 0b11; // 11 is reserved
  return version !== 0b01 && layer !== 0b00 && bitrate !== 0b1111 && sampleRate !== 0b11;
}

/** WAV (`RIFF` … `WAVE`) or MP3 (an ID3v2 tag, or an MPEG audio frame at the start), else null. */
export function sniffAudio(head: Uint8Array): AudioFormat | null {
  if (ascii(head, 0, 'RIFF') && ascii(head, 8, 'WAVE')) return 'wav';
  if (ascii(head, 0, 'ID3') && head.length >= 10 && head[3]! >= 2 && head[3]! <= 4) return 'mp3';
  if (isMpegFrameHeader(head)) return 'mp3';
  return null;
}

/** JPEG (FF D8 FF) or PNG (its 8-byte signature), else null. */
export function sniffImage(head: Uint8Array): ImageFormat | null {
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'jpeg';
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (head.length >= 8 && png.every((byte, i) => head[i] === byte)) return 'png';
  return null;
}

export const audioContentType: Record<AudioFormat, string> = { wav: 'audio/wav', mp3: 'audio/mpeg' };
export const imageContentType: Record<ImageFormat, string> = { jpeg: 'image/jpeg', png: 'image/png' };
export const imageExtension: Record<ImageFormat, string> = { jpeg: 'jpg', png: 'png' };
