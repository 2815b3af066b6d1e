import { queryOptions } from '@tanstack/react-query';
import type {
  ReleaseInput,
  ReleaseResponse,
  ReleaseWithTracksResponse,
  TrackResponse,
} from '@riffline/contracts';
import { api, ApiError } from './client.ts';

export type Release = ReleaseResponse;
export type Track = TrackResponse;

/** Every query of releases and their tracks starts with this key: one invalidation refreshes them all. */
export const RELEASES_KEY = ['releases'] as const;

/** The artist's own releases, newest first (SPEC §7; only asked for approved artists). */
export const releasesQuery = queryOptions({
  queryKey: [...RELEASES_KEY, 'list'],
  queryFn: () => api<Release[]>('/api/releases?limit=200'),
});

export const releaseTracksQuery = (releaseId: string) =>
  queryOptions({
    queryKey: [...RELEASES_KEY, releaseId, 'tracks'],
    queryFn: () => api<Track[]>(`/api/releases/${releaseId}/tracks`),
  });

export const createRelease = (body: ReleaseInput) =>
  api<ReleaseWithTracksResponse>('/api/releases', { method: 'POST', body });

export interface ReleaseChanges {
  title?: string;
  albumArt?: string | null;
  releaseArtists?: string[];
}

export const updateRelease = (id: string, body: ReleaseChanges) =>
  api<Release>(`/api/releases/${id}`, { method: 'PATCH', body });

export const deleteRelease = (id: string) => api<void>(`/api/releases/${id}`, { method: 'DELETE' });

export const renameTrack = (id: string, title: string) =>
  api<Track>(`/api/tracks/${id}`, { method: 'PATCH', body: { title } });

export const submitRelease = (id: string) => api<Release>(`/api/releases/${id}/submit`, { method: 'POST' });

/** The problems an error answer lists (`issues`), e.g. what a release still lacks before submission. */
export function errorIssues(error: unknown): string[] {
  if (!(error instanceof ApiError)) return [];
  try {
    const parsed = JSON.parse(error.body) as { issues?: Array<{ message?: unknown }> };
    return (parsed.issues ?? []).flatMap((i) => (typeof i.message === 'string' ? [i.message] : []));
  } catch {
    return [];
  }
}

/**
 * A file as the raw body of a PUT, through XMLHttpRequest because fetch reports no upload progress.
 * `onProgress` gets the bytes sent and the total; a non-OK answer rejects with the same ApiError as `api`.
 * `signal` aborts the upload (it then rejects as cancelled).
 */
export function putFile<T>(
  path: string,
  file: Blob,
  onProgress?: (loaded: number, total: number) => void,
  signal?: AbortSignal,
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    if (signal?.aborted) {
      reject(new Error('The upload was cancelled.'));
      return;
    }
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.open('PUT', path);
    xhr.withCredentials = true;
    xhr.setRequestHeader('content-type', 'application/octet-stream');
    xhr.setRequestHeader('accept', 'application/json');
    xhr.upload.onprogress = (event) => {
      if (onProgress) onProgress(event.loaded, event.lengthComputable ? event.total : file.size);
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        try {
          resolve((xhr.responseText ? JSON.parse(xhr.responseText) : undefined) as T);
        } catch (error) {
          reject(error instanceof Error ? error : new Error(String(error)));
        }
      } else {
        reject(new ApiError(xhr.status, xhr.responseText, xhr.statusText));
      }
    };
    // The server may close the connection as soon as it refuses a body (413): no answer to read then.
    xhr.onerror = () => reject(new Error('The upload was interrupted. Please try again.'));
    xhr.onabort = () => reject(new Error('The upload was cancelled.'));
    xhr.send(file);
  });
}

export const uploadTrackAudio = (
  trackId: string,
  file: Blob,
  onProgress?: (loaded: number, total: number) => void,
) => putFile<Track>(`/api/tracks/${trackId}/audio`, file, onProgress);

export const uploadArtwork = (
  releaseId: string,
  file: Blob,
  onProgress?: (loaded: number, total: number) => void,
) => putFile<Release>(`/api/releases/${releaseId}/artwork`, file, onProgress);
