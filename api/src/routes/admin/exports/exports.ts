import { Export } from '@riffline/db';
import { NotFoundError } from '../../../errors.ts';
import { presentExport, presentExportWithFiles } from '../../../presenters/export.ts';
import type { Handler } from '../../route.ts';
import { pageOf } from '../listQuery.ts';
import type { ExportIdInput, ListExportsInput } from './schema.ts';

export const EXPORT_NOT_FOUND = 'Export not found';

/** Every export, newest first: filter by status, kind, scope, release or requester. */
export const list: Handler<ListExportsInput> = async (ctx, { db, config }) => {
  const { filter, sort, range, dates } = ctx.state.input.query;
  const query = Export.query(db).modify('summary');
  if (filter.status) query.where('exports.status', filter.status);
  if (filter.kind) query.where('exports.kind', filter.kind);
  if (filter.scope) query.where('exports.scope', filter.scope);
  if (filter.releaseId) query.where('exports.releaseId', filter.releaseId);
  if (filter.requestedBy) query.where('exports.requestedBy', filter.requestedBy);
  const rows = await pageOf(
    ctx,
    'exports',
    query,
    { sort, range, filter, dates },
    { field: 'createdAt', order: 'desc' },
  );
  return rows.map((row) => presentExport(row, config.publicUrl));
};

/** One export with its files, each with a short-lived download URL once it is completed. */
export const show: Handler<ExportIdInput> = async (ctx, { db, config, storage }) => {
  const row = await Export.query(db).findById(ctx.state.input.params.id);
  if (!row) throw NotFoundError(EXPORT_NOT_FOUND);
  return presentExportWithFiles(row, config.publicUrl, storage);
};
