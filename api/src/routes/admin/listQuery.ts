import type { Context } from 'koa';
import type { QueryBuilder, Model } from 'objection';
import { z } from 'zod';

/**
 * ra-data-simple-rest's list parameters: `sort=["field","ASC"]`, `range=[0,24]`, `filter={...}`; plain
 * `?status=…&q=…` work too. Answers carry `Content-Range: <resource> <start>-<end>/<total>`.
 */
const json = <T extends z.ZodType>(schema: T, message: string) =>
  z
    .string()
    .optional()
    .transform((raw, ctx) => {
      if (raw === undefined || raw === '') return undefined;
      try {
        return JSON.parse(raw) as unknown;
      } catch {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
    })
    .pipe(schema.optional());

export function listQuery<F extends z.ZodRawShape>(sortable: readonly string[], filters: F) {
  const filter = z.object(filters).partial();
  const sortMessage = `sort must be ["field","ASC" or "DESC"] with field one of ${sortable.join(', ')}`;
  return z
    .object({
      sort: json(
        z.tuple([z.enum(sortable as [string, ...string[]]), z.enum(['ASC', 'DESC', 'asc', 'desc'])], {
          error: sortMessage,
        }),
        sortMessage,
      ),
      range: json(
        z
          .tuple([z.number().int().min(0), z.number().int().min(0)], { error: 'range must be [start,end]' })
          .refine(
            ([start, end]) => end >= start && end - start < 500,
            'range must be [start,end], at most 500 rows',
          ),
        'range must be [start,end]',
      ),
      filter: json(filter, 'filter must be a JSON object'),
    })
    .and(filter)
    .transform(({ sort, range, filter: fromJson, ...plain }) => ({
      sort: sort ? { field: sort[0], order: sort[1].toLowerCase() as 'asc' | 'desc' } : undefined,
      range: range ? { start: range[0], end: range[1] } : { start: 0, end: 24 },
      filter: { ...(plain as Partial<z.infer<typeof filter>>), ...(fromJson ?? {}) },
    }));
}

export interface ListParams {
  sort?: { field: string; order: 'asc' | 'desc' };
  range: { start: number; end: number };
}

/** Runs a filtered query for one page and its total, and sets Content-Range. */
export async function pageOf<M extends Model>(
  ctx: Context,
  resource: string,
  query: QueryBuilder<M, M[]>,
  params: ListParams,
  defaultSort: { field: string; order: 'asc' | 'desc' },
): Promise<M[]> {
  const total = await query.clone().resultSize();
  const sort = params.sort ?? defaultSort;
  const rows = await query
    .clone()
    .orderBy(sort.field, sort.order)
    .orderBy('id', 'asc')
    .offset(params.range.start)
    .limit(params.range.end - params.range.start + 1);
  const end = rows.length ? params.range.start + rows.length - 1 : params.range.start;
  ctx.set(
    'Content-Range',
    `${resource} ${rows.length ? params.range.start : 0}-${rows.length ? end : 0}/${total}`,
  );
  ctx.set('Access-Control-Expose-Headers', 'Content-Range');
  return rows;
}

/** An ILIKE pattern matching values that contain `text` literally (its `%`, `_` and `\\` escaped). */
export const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
