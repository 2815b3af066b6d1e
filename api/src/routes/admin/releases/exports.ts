import { requestReleasesExport } from '../../../commands/exports/exportRequester.ts';
import { presentDocumentExport, presentFolderExport } from '../../../presenters/export.ts';
import type { Handler } from '../../route.ts';
import type { ExportReleasesInput } from './schema.ts';

/** Export to Drive: every release (or those of one status) as a folder the workers build. */
export const toFolder: Handler<ExportReleasesInput> = async (ctx, { db, config }) => {
  const job = await requestReleasesExport(db, ctx.state.user!, 'folder', ctx.state.input.body);
  return presentFolderExport(job, config.publicUrl);
};

/** Export to Docs: every release (or those of one status) in one .docx the workers build. */
export const toDocument: Handler<ExportReleasesInput> = async (ctx, { db, config }) => {
  const job = await requestReleasesExport(db, ctx.state.user!, 'document', ctx.state.input.body);
  return presentDocumentExport(job, config.publicUrl);
};
