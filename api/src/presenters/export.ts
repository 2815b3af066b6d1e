import type {
  DocumentExportResponse,
  ExportResponse,
  ExportWithFilesResponse,
  FolderExportResponse,
} from '@riffline/contracts';
import type { Export, ExportManifestEntry, Storage } from '@riffline/db';
import { SIGNED_URL_SECONDS } from '../media/urls.ts';

const iso = (date: Date | string | null) => (date === null ? null : new Date(date).toISOString());

/** The export's page (served by the API: progress while it is built, then its files). */
export const exportPageUrl = (publicUrl: string, id: string) =>
  `${publicUrl.replace(/\/+$/, '')}/api/exports/${id}`;

/** Of its releases, how far the build has come, in whole percent. */
export const progressOf = (row: Pick<Export, 'status' | 'releasesDone' | 'totalReleases'>) =>
  row.status === 'completed'
    ? 100
    : row.totalReleases
      ? Math.floor((100 * Number(row.releasesDone)) / Number(row.totalReleases))
      : 0;

export function presentExport(row: Export, publicUrl: string): ExportResponse {
  return {
    id: row.id,
    kind: row.kind,
    scope: row.scope,
    title: row.title,
    releaseId: row.releaseId,
    releaseStatus: row.releaseStatus,
    status: row.status,
    totalReleases: Number(row.totalReleases),
    releasesDone: Number(row.releasesDone),
    progress: progressOf(row),
    fileCount: row.fileCount ?? row.files.length,
    error: row.error,
    requestedBy: row.requestedBy,
    link: exportPageUrl(publicUrl, row.id),
    createdAt: iso(row.createdAt)!,
    startedAt: iso(row.startedAt),
    completedAt: iso(row.completedAt),
  };
}

/** A file's short-lived download URL, saved under its own name. */
export const signedFileUrl = (storage: Storage, file: ExportManifestEntry) =>
  storage.signedUrl(file.key, {
    expiresInSeconds: SIGNED_URL_SECONDS,
    filename: file.path.split('/').at(-1),
    contentType: file.contentType,
  });

/** The export and its files, each signed; files only once it is completed. */
export async function presentExportWithFiles(
  row: Export,
  publicUrl: string,
  storage: Storage,
): Promise<ExportWithFilesResponse> {
  const files = row.status === 'completed' ? row.files : [];
  const urls = await Promise.all(files.map((file) => signedFileUrl(storage, file)));
  return {
    ...presentExport(row, publicUrl),
    files: files.map((file, i) => ({
      path: file.path,
      size: file.size,
      contentType: file.contentType,
      link: file.link,
      url: urls[i]!,
    })),
  };
}

const releasesText = (n: number) => `${n} ${n === 1 ? 'release' : 'releases'}`;

/** POST …/export/drive: the folder is being built; its page follows it, then lists the files. */
export const presentFolderExport = (row: Export, publicUrl: string): FolderExportResponse => ({
  message: `Exporting ${releasesText(row.totalReleases)} to a folder: open the link to follow it and download the files.`,
  totalReleases: Number(row.totalReleases),
  mainFolderLink: exportPageUrl(publicUrl, row.id),
  exportId: row.id,
});

/** POST …/export/docs: the document is being built; its page downloads it. */
export const presentDocumentExport = (row: Export, publicUrl: string): DocumentExportResponse => ({
  message: `Exporting ${releasesText(row.totalReleases)} to a document: open the link to download it.`,
  totalReleases: Number(row.totalReleases),
  webViewLink: exportPageUrl(publicUrl, row.id),
  exportId: row.id,
});
