import type { Readable } from 'node:stream';
import { parseStream } from 'music-metadata';
import { audioContentType, type AudioFormat } from './sniff.ts';

/**
 * How much of an upload its duration needs: a WAV's is in the chunks before its samples (the first 4 MiB
 * hold them, however much metadata comes first); an MP3's needs all of it (its frames, and a possible
 * ID3v1 tag at the very end).
 */
export const durationBytes = (format: AudioFormat): number =>
  format === 'wav' ? 4 * 1024 * 1024 : Number.POSITIVE_INFINITY;

/**
 * The duration in whole seconds, read by music-metadata from the upload as it streams (`durationBytes` of
 * it; bounded memory: what it skips, it reads and drops). With the total size (Content-Length) a
 * constant-bitrate MP3's duration follows from its first frames and its size, and a WAV's from its header
 * either way. Null when it cannot tell (a variable-bitrate MP3 without a Xing header, say).
 */
export async function audioDuration(
  format: AudioFormat,
  bytes: Readable,
  size: number | null,
): Promise<number | null> {
  const metadata = await parseStream(
    bytes,
    { mimeType: audioContentType[format], ...(size ? { size } : {}) },
    { duration: false, skipCovers: true },
  );
  const seconds = metadata.format.duration;
  return seconds !== undefined && Number.isFinite(seconds) && seconds >= 0 ? Math.round(seconds) : null;
}
