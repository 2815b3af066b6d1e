import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useSyncExternalStore } from 'react';
import { ApiError } from '../../api/client.ts';
import { RELEASES_KEY, releaseTracksQuery, uploadTrackAudio, type Track } from '../../api/releases.ts';
import { useToast } from '../Toast/Toast.tsx';
import { AUDIO_SIZE_NOTICE } from './wizardRules.ts';

/** One track's audio upload, as its progress bar shows it. */
export interface TrackUpload {
  trackId: string;
  releaseId: string;
  fileName: string;
  status: 'queued' | 'uploading' | 'done' | 'failed';
  loaded: number;
  total: number;
  error?: string;
}

export interface UploadJob {
  trackId: string;
  releaseId: string;
  file: File;
}

/**
 * Uploads live outside any component: they go on when the wizard closes or the artist changes page,
 * and every view of a track (release card, dashboard) shows the same progress.
 */
let uploads: ReadonlyMap<string, TrackUpload> = new Map();
const listeners = new Set<() => void>();

function put(entry: TrackUpload) {
  uploads = new Map(uploads).set(entry.trackId, entry);
  for (const listener of listeners) listener();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export function useTrackUpload(trackId: string): TrackUpload | undefined {
  return useSyncExternalStore(
    subscribe,
    () => uploads.get(trackId),
    () => undefined,
  );
}

/** 0-100 for the progress bar. */
export const uploadPercent = (upload: TrackUpload) =>
  upload.status === 'done' ? 100 : upload.total > 0 ? Math.min(100, (upload.loaded / upload.total) * 100) : 0;

/**
 * Starts uploads one after the other (a release's files need not compete for the artist's upload
 * bandwidth); each failure is toasted with the server's reason, and the release's tracks refresh.
 */
export function useAudioUploader() {
  const toast = useToast();
  const queryClient = useQueryClient();
  return useCallback(
    (jobs: UploadJob[]) => {
      for (const job of jobs) {
        put({ ...job, fileName: job.file.name, status: 'queued', loaded: 0, total: job.file.size });
      }
      void (async () => {
        for (const job of jobs) {
          const base = { trackId: job.trackId, releaseId: job.releaseId, fileName: job.file.name };
          put({ ...base, status: 'uploading', loaded: 0, total: job.file.size });
          try {
            const saved = await uploadTrackAudio(job.trackId, job.file, (loaded, total) =>
              put({ ...base, status: 'uploading', loaded, total }),
            );
            put({ ...base, status: 'done', loaded: job.file.size, total: job.file.size });
            queryClient.setQueryData(
              releaseTracksQuery(job.releaseId).queryKey,
              (tracks: Track[] | undefined) => tracks?.map((t) => (t.id === saved.id ? saved : t)),
            );
          } catch (error) {
            const tooLarge = error instanceof ApiError && error.status === 413;
            const reason =
              error instanceof ApiError
                ? (error.serverMessage ?? error.message)
                : error instanceof Error
                  ? error.message
                  : String(error);
            put({ ...base, status: 'failed', loaded: 0, total: job.file.size, error: reason });
            toast(
              tooLarge
                ? { ...AUDIO_SIZE_NOTICE, variant: 'destructive' }
                : { title: 'Upload Failed', description: reason, variant: 'destructive' },
            );
          }
          // A first fetch still in flight began before this upload ended: an invalidation alone would wait
          // for it (and show the track still uploading), so it is cancelled and made again.
          const key = [...RELEASES_KEY, job.releaseId];
          await queryClient.cancelQueries({ queryKey: key });
          void queryClient.invalidateQueries({ queryKey: key });
        }
      })();
    },
    [toast, queryClient],
  );
}
