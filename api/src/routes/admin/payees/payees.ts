import { listPayees, payeeById, payeeReleases, type PayeeSortField } from '@riffline/db';
import { NotFoundError } from '../../../errors.ts';
import { presentAdminPayee, presentAdminPayeeDetail } from '../../../presenters/payee.ts';
import type { Handler } from '../../route.ts';
import { containsPattern } from '../listQuery.ts';
import type { ListPayeesInput, PayeeIdInput } from './schema.ts';

/** Every owner's payees with their sums, one statement for the page (docs/splits.md). */
export const list: Handler<ListPayeesInput> = async (ctx, { db }) => {
  const { filter, sort, range, dates } = ctx.state.input.query;
  const { rows, total } = await listPayees(
    db,
    {
      ids: filter.id,
      status: filter.status,
      ownerId: filter.ownerId,
      userId: filter.userId,
      releaseId: filter.releaseId,
      like: filter.q ? containsPattern(filter.q) : undefined,
      createdFrom: dates.from,
      createdTo: dates.to,
    },
    {
      sort: (sort?.field ?? 'createdAt') as PayeeSortField,
      order: sort?.order ?? 'desc',
      offset: range.start,
      limit: range.end - range.start + 1,
    },
  );
  const start = rows.length ? range.start : 0;
  const end = rows.length ? range.start + rows.length - 1 : 0;
  ctx.set('Content-Range', `payees ${start}-${end}/${total}`);
  ctx.set('Access-Control-Expose-Headers', 'Content-Range');
  return rows.map(presentAdminPayee);
};

export const show: Handler<PayeeIdInput> = async (ctx, { db }) => {
  const payee = await payeeById(db, ctx.state.input.params.id);
  if (!payee) throw NotFoundError('Payee not found');
  return presentAdminPayeeDetail(payee, await payeeReleases(db, payee.id));
};
