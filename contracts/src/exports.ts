import { z } from 'zod';
import { releaseStatuses } from './enums.ts';

/**
 * Release exports (SPEC §2 Admin panel "Export to Drive / Docs", §7): a job that the workers build into
 * object storage. `folder` is the Drive export (a folder per release: metadata, the DDEX ERN message,
 * artwork, links to the audio, and an index); `document` is the Docs export (one .docx). Nothing is
 * uploaded to Google: the links open Riffline's own export page.
 */
export const exportKinds = ['folder', 'document'] as const;
export type ExportKind = (typeof exportKinds)[number];
export const exportStatuses = ['pending', 'running', 'completed', 'failed'] as const;
export type ExportStatus = (typeof exportStatuses)[number];
/** Every release (an admin's export, optionally of one status), or one release. */
export const exportScopes = ['all', 'release'] as const;
export type ExportScope = (typeof exportScopes)[number];

/** The route segment of each kind: `/export/drive` builds a folder, `/export/docs` a document. */
export const exportKindOfRoute = { drive: 'folder', docs: 'document' } as const satisfies Record<
  string,
  ExportKind
>;

export const NO_RELEASES_TO_EXPORT = 'There are no releases to export';

/** POST /api/admin/releases/export/drive and /docs: empty (every release), or only those of one status. */
export const ReleasesExportBody = z.object({
  status: z
    .enum(releaseStatuses, { error: `status must be one of ${releaseStatuses.join(', ')}` })
    .optional(),
});
export type ReleasesExportBody = z.infer<typeof ReleasesExportBody>;

/** POST /api/admin/releases/export/drive */
export const FolderExportResponse = z.object({
  message: z.string(),
  totalReleases: z.number().int(),
  mainFolderLink: z.string().describe('the export page: progress while it is built, then its files'),
  exportId: z.string(),
});
export type FolderExportResponse = z.infer<typeof FolderExportResponse>;

/** POST /api/admin/releases/export/docs */
export const DocumentExportResponse = z.object({
  message: z.string(),
  totalReleases: z.number().int(),
  webViewLink: z.string().describe('the export page, from which the .docx downloads'),
  exportId: z.string(),
});
export type DocumentExportResponse = z.infer<typeof DocumentExportResponse>;

/** One file of an export: stored in the export's folder, or a link to a file stored elsewhere (audio). */
export const ExportFile = z.object({
  /** Where it sits in the export, e.g. `001-night-drive/release.xml`. */
  path: z.string(),
  size: z.number().int().nullable(),
  contentType: z.string(),
  /** A link to the release's own file (the audio), not a copy. */
  link: z.boolean(),
});
export type ExportFile = z.infer<typeof ExportFile>;

/** GET /api/admin/exports (a row of the list) */
export const ExportResponse = z.object({
  id: z.string(),
  kind: z.enum(exportKinds),
  scope: z.enum(exportScopes),
  title: z.string(),
  releaseId: z.string().nullable(),
  releaseStatus: z.enum(releaseStatuses).nullable().describe('the status filter of an admin export'),
  status: z.enum(exportStatuses),
  totalReleases: z.number().int(),
  releasesDone: z.number().int(),
  /** 0-100, from the releases written. */
  progress: z.number().int(),
  fileCount: z.number().int(),
  error: z.string().nullable(),
  requestedBy: z.string().nullable(),
  link: z.string().describe('the export page'),
  createdAt: z.iso.datetime(),
  startedAt: z.iso.datetime().nullable(),
  completedAt: z.iso.datetime().nullable(),
});
export type ExportResponse = z.infer<typeof ExportResponse>;

/** GET /api/admin/exports/{id}: the row and its files, each with a short-lived signed URL. */
export const ExportWithFilesResponse = ExportResponse.extend({
  files: z.array(ExportFile.extend({ url: z.string() })),
});
export type ExportWithFilesResponse = z.infer<typeof ExportWithFilesResponse>;
