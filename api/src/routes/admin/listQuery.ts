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

/** What every list takes besides its own filters: `id` (one or an array: getMany) and a date span. */
export interface CommonFilter {
  id?: string[];
}

/** `<field>_gte` and `<field>_lte` of the list's date field, read as a span. */
export interface DateSpan {
  field: string;
  from?: Date;
  to?: Date;
}

const DAY_MS = 86_400_000;

/** A date or date-time; a plain date as an upper bound means the end of that day (UTC), so it counts. */
const dateFilter = (name: string, bound: 'from' | 'to') =>
  z
    .union([z.iso.date(), z.iso.datetime({ offset: true })], {
      error: `${name} must be a date (YYYY-MM-DD) or an ISO date-time`,
    })
    .transform((value) => {
      const date = new Date(value);
      return bound === 'to' && value.length === 10 ? new Date(date.getTime() + DAY_MS - 1) : date;
    });

/**
 * The list parameters of a resource: `sortable` fields (with `id`, react-admin's default sort, always
 * among them), its own `filters`, and the common ones: `id` (a value or an array of at most 500, as
 * getMany sends them; the resource's id format, a UUID unless `options.id` says otherwise), and
 * `<dateField>_gte` / `<dateField>_lte` (`createdAt` unless `options.dateField` says otherwise). Without a
 * range, a getMany answers every id it asked for and any other list its first 25 rows.
 */
export function listQuery<F extends z.ZodRawShape>(
  sortable: readonly string[],
  filters: F,
  options: { id?: z.ZodType<string>; dateField?: string } = {},
) {
  const id = options.id ?? z.uuid('Invalid id');
  const dateField = options.dateField ?? 'createdAt';
  const common = {
    id: z
      .union([
        id,
        z.array(id).min(1, 'id must name at least one id').max(500, 'id must name at most 500 ids'),
      ])
      .transform((value) => (Array.isArray(value) ? value : [value])),
    [`${dateField}_gte`]: dateFilter(`${dateField}_gte`, 'from'),
    [`${dateField}_lte`]: dateFilter(`${dateField}_lte`, 'to'),
  };
  const filter = z.object({ ...common, ...filters }).partial();
  const fields = ['id', ...sortable.filter((field) => field !== 'id')];
  const orders = ['ASC', 'DESC', 'asc', 'desc'];
  const sortMessage = `sort must be ["field","ASC" or "DESC"] with field one of ${fields.join(', ')}`;
  return z
    .object({
      sort: json(
        z
          .tuple([z.string(), z.string()], { error: sortMessage })
          .refine(([field, order]) => fields.includes(field) && orders.includes(order), sortMessage),
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
    .transform(({ sort, range, filter: fromJson, ...plain }) => {
      const merged = { ...(plain as z.infer<typeof filter>), ...(fromJson ?? {}) } as Record<string, unknown>;
      const ids = merged.id as string[] | undefined;
      const dates: DateSpan = {
        field: dateField,
        from: merged[`${dateField}_gte`] as Date | undefined,
        to: merged[`${dateField}_lte`] as Date | undefined,
      };
      return {
        sort: sort ? { field: sort[0], order: sort[1].toLowerCase() as 'asc' | 'desc' } : undefined,
        range: range ? { start: range[0], end: range[1] } : { start: 0, end: ids ? ids.length - 1 : 24 },
        filter: merged as Partial<z.infer<z.ZodObject<F>>> & CommonFilter,
        dates,
      };
    });
}

export interface ListParams {
  sort?: { field: string; order: 'asc' | 'desc' };
  range: { start: number; end: number };
  filter: CommonFilter;
  dates?: DateSpan;
}

/**
 * Runs a filtered query for one page and its total, and sets Content-Range. The common filters (ids,
 * creation dates) apply here, on the query's own table; ties in the sort are broken by id. `total`, when
 * given, counts the rows of `filtered` another way (a count the database keeps); it is used only when no
 * common filter narrows them further.
 */
export async function pageOf<M extends Model>(
  ctx: Context,
  resource: string,
  filtered: QueryBuilder<M, M[]>,
  params: ListParams,
  defaultSort: { field: string; order: 'asc' | 'desc' },
  total?: () => Promise<number>,
): Promise<M[]> {
  const table = filtered.modelClass().tableName;
  const { id } = params.filter;
  const query = filtered.clone();
  if (id) query.whereIn(`${table}.id`, id);
  if (params.dates?.from) query.where(`${table}.${params.dates.field}`, '>=', params.dates.from);
  if (params.dates?.to) query.where(`${table}.${params.dates.field}`, '<=', params.dates.to);
  const sort = params.sort ?? defaultSort;
  const page = query.clone().orderBy(sort.field === 'id' ? `${table}.id` : sort.field, sort.order);
  if (sort.field !== 'id') page.orderBy(`${table}.id`, 'asc');
  // The count and the page are independent reads: on two connections at once (PGlite queues them).
  const narrowed = Boolean(id || params.dates?.from || params.dates?.to);
  const [count, rows] = await Promise.all([
    total && !narrowed ? total() : query.clone().resultSize(),
    page.offset(params.range.start).limit(params.range.end - params.range.start + 1),
  ]);
  const end = rows.length ? params.range.start + rows.length - 1 : params.range.start;
  ctx.set(
    'Content-Range',
    `${resource} ${rows.length ? params.range.start : 0}-${rows.length ? end : 0}/${count}`,
  );
  ctx.set('Access-Control-Expose-Headers', 'Content-Range');
  return rows;
}

/** An ILIKE pattern matching values that contain `text` literally (its `%`, `_` and `\\` escaped). */
export const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
