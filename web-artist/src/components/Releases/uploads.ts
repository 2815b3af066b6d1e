import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useSyncExternalStore } from 'react';
import { ApiError } from '../../api/client.ts';
import {
  RELEASES_KEY,
  releasesQuery,
  releaseTracksQuery,
  uploadArtwork,
  uploadTrackAudio,
  type Release,
  type Track,
} from '../../api/releases.ts';
import { useToast } from '../Toast/Toast.tsx';
import { AUDIO_SIZE_NOTICE } from './wizardRules.ts';

/** One file's upload (a track's audio or a release's cover), as its progress bar shows it. */
export interface FileUpload {
  releaseId: string;
  fileName: string;
  status: 'queued' | 'uploading' | 'done' | 'failed';
  loaded: number;
  total: number;
  error?: string;
}

/** A track's audio, or a release's cover art. */
export type UploadJob =
  | { kind: 'audio'; trackId: string; releaseId: string; file: File }
  | { kind: 'cover'; releaseId: string; file: File };

const keyOf = (job: UploadJob) => (job.kind === 'cover' ? `cover:${job.releaseId}` : `track:${job.trackId}`);

/**
 * Uploads live outside any component: they go on when the wizard closes or the artist changes page,
 * and every view of a track (release card, dashboard) shows the same progress.
 */
let uploads: ReadonlyMap<string, FileUpload> = new Map();
const listeners = new Set<() => void>();

function put(key: string, entry: FileUpload) {
  uploads = new Map(uploads).set(key, entry);
  for (const listener of listeners) listener();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

function useUpload(key: string): FileUpload | undefined {
  return useSyncExternalStore(
    subscribe,
    () => uploads.get(key),
    () => undefined,
  );
}

export const useTrackUpload = (trackId: string) => useUpload(`track:${trackId}`);
export const useCoverUpload = (releaseId: string) => useUpload(`cover:${releaseId}`);

/** 0-100 for the progress bar. */
export const uploadPercent = (upload: FileUpload) =>
  upload.status === 'done' ? 100 : upload.total > 0 ? Math.min(100, (upload.loaded / upload.total) * 100) : 0;

/**
 * Starts uploads one after the other (a release's files need not compete for the artist's upload
 * bandwidth); each failure is toasted with the server's reason, and the release (its cover, its tracks)
 * refreshes.
 */
export function useFileUploader() {
  const toast = useToast();
  const queryClient = useQueryClient();
  return useCallback(
    (jobs: UploadJob[]) => {
      for (const job of jobs) {
        put(keyOf(job), {
          releaseId: job.releaseId,
          fileName: job.file.name,
          status: 'queued',
          loaded: 0,
          total: job.file.size,
        });
      }
      void (async () => {
        for (const job of jobs) {
          const key = keyOf(job);
          const base = { releaseId: job.releaseId, fileName: job.file.name };
          put(key, { ...base, status: 'uploading', loaded: 0, total: job.file.size });
          const progress = (loaded: number, total: number) =>
            put(key, { ...base, status: 'uploading', loaded, total });
          try {
            if (job.kind === 'cover') {
              const saved = await uploadArtwork(job.releaseId, job.file, progress);
              queryClient.setQueryData(releasesQuery.queryKey, (releases: Release[] | undefined) =>
                releases?.map((r) => (r.id === saved.id ? { ...r, ...saved } : r)),
              );
            } else {
              const saved = await uploadTrackAudio(job.trackId, job.file, progress);
              queryClient.setQueryData(
                releaseTracksQuery(job.releaseId).queryKey,
                (tracks: Track[] | undefined) => tracks?.map((t) => (t.id === saved.id ? saved : t)),
              );
            }
            put(key, { ...base, status: 'done', loaded: job.file.size, total: job.file.size });
          } catch (error) {
            const tooLarge = error instanceof ApiError && error.status === 413;
            const reason =
              error instanceof ApiError
                ? (error.serverMessage ?? error.message)
                : error instanceof Error
                  ? error.message
                  : String(error);
            put(key, { ...base, status: 'failed', loaded: 0, total: job.file.size, error: reason });
            toast(
              tooLarge && job.kind === 'audio'
                ? { ...AUDIO_SIZE_NOTICE, variant: 'destructive' }
                : { title: 'Upload Failed', description: reason, variant: 'destructive' },
            );
          }
          // A first fetch still in flight began before this upload ended: an invalidation alone would wait
          // for it (and show the track still uploading), so it is cancelled and made again. A cover
          // changes the release list's card, a track the release's tracks.
          const queryKey = job.kind === 'cover' ? releasesQuery.queryKey : [...RELEASES_KEY, job.releaseId];
          await queryClient.cancelQueries({ queryKey });
          void queryClient.invalidateQueries({ queryKey });
        }
      })();
    },
    [toast, queryClient],
  );
}
