import { Export } from '@riffline/db';
import { NotFoundError } from '../../../errors.ts';
import { isAdmin } from '../../../policies/users.ts';
import { presentExport, signedFileUrl } from '../../../presenters/export.ts';
import type { Handler } from '../../route.ts';
import { exportPage } from './page.ts';
import type { ExportPageInput } from './schema.ts';

/** The export page, for whoever asked for the export, or an admin; anyone else gets a 404. */
export const page: Handler<ExportPageInput> = async (ctx, { db, config, storage }) => {
  const user = ctx.state.user!;
  const row = await Export.query(db).findById(ctx.state.input.params.id);
  if (!row || (row.requestedBy !== user.id && !isAdmin(user))) throw NotFoundError('Export not found');
  const files = row.status === 'completed' ? row.files : [];
  const urls = await Promise.all(files.map((file) => signedFileUrl(storage, file)));
  ctx.type = 'html';
  return exportPage(
    presentExport(row, config.publicUrl),
    files.map((file, i) => ({ ...file, url: urls[i]! })),
  );
};
