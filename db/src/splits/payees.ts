import type { PayeeStatus } from '@riffline/contracts';
import type { Knex } from 'knex';
import type { Db, DbTransaction } from '../connection.ts';

/** A user a payee row points at (the owner, or the account that accepted). */
export interface PayeeAccountRecord {
  id: string;
  name: string | null;
  email: string | null;
}

/** A payee as the admin console lists them, with the ledger's sums (exact decimal text). */
export interface PayeeRecord {
  id: string;
  owner: PayeeAccountRecord;
  user: PayeeAccountRecord | null;
  email: string | null;
  name: string | null;
  status: PayeeStatus;
  createdAt: Date;
  inviteSentAt: Date | null;
  inviteExpiresAt: Date | null;
  acceptedAt: Date | null;
  withdrawnAt: Date | null;
  earned: string;
  held: string;
  releaseCount: number;
}

export const payeeSortFields = [
  'id',
  'email',
  'name',
  'status',
  'createdAt',
  'inviteSentAt',
  'inviteExpiresAt',
  'acceptedAt',
  'earned',
  'held',
  'releaseCount',
] as const;
export type PayeeSortField = (typeof payeeSortFields)[number];

/** Each sortable field's column in the list's query (never the caller's text). */
const SORT_COLUMNS: Record<PayeeSortField, string> = {
  id: 'p.id',
  email: 'p.email',
  name: 'p.name',
  status: 'p.status',
  createdAt: 'p.created_at',
  inviteSentAt: 'p.invite_sent_at',
  inviteExpiresAt: 'p.invite_expires_at',
  acceptedAt: 'p.accepted_at',
  earned: 'coalesce(a.earned, 0)',
  held: 'coalesce(a.held, 0)',
  releaseCount: 'coalesce(n.releases, 0)',
};

export interface PayeeFilter {
  ids?: string[];
  status?: PayeeStatus;
  ownerId?: string;
  userId?: string;
  releaseId?: string;
  /** An ILIKE pattern on the payee's email or name, or their owner's email, username or names. */
  like?: string;
  createdFrom?: Date;
  createdTo?: Date;
}

const ACCOUNT = (alias: string) =>
  `json_build_object('id', ${alias}.id,
     'name', nullif(concat_ws(' ', ${alias}.first_name, ${alias}.last_name), ''),
     'email', ${alias}.email)`;

function where(filter: PayeeFilter): { sql: string; bindings: Knex.RawBinding[] } {
  const clauses: string[] = [];
  const bindings: Knex.RawBinding[] = [];
  if (filter.ids) {
    clauses.push('p.id = any(?::uuid[])');
    bindings.push(filter.ids);
  }
  if (filter.status) {
    clauses.push('p.status = ?');
    bindings.push(filter.status);
  }
  if (filter.ownerId) {
    clauses.push('p.owner_id = ?');
    bindings.push(filter.ownerId);
  }
  if (filter.userId) {
    clauses.push('p.user_id = ?');
    bindings.push(filter.userId);
  }
  if (filter.releaseId) {
    clauses.push(`p.id in (select sh.payee_id from split_shares sh join splits s on s.id = sh.split_id
                           where s.release_id = ?)`);
    bindings.push(filter.releaseId);
  }
  if (filter.like) {
    clauses.push(`(p.email ilike ? or p.name ilike ? or o.email ilike ? or o.username ilike ?
                   or o.first_name ilike ? or o.last_name ilike ?)`);
    bindings.push(...Array<string>(6).fill(filter.like));
  }
  if (filter.createdFrom) {
    clauses.push('p.created_at >= ?');
    bindings.push(filter.createdFrom);
  }
  if (filter.createdTo) {
    clauses.push('p.created_at <= ?');
    bindings.push(filter.createdTo);
  }
  return { sql: clauses.length ? `where ${clauses.join(' and ')}` : '', bindings };
}

/**
 * One page of payees with their owner, their account, and the ledger's sums over all their rows (earned:
 * with a user; held: without) and how many releases their splits name them in: one statement, the sums
 * grouped once for the page's payees; and the filtered count.
 */
export async function listPayees(
  db: Db | DbTransaction,
  filter: PayeeFilter,
  page: { sort: PayeeSortField; order: 'asc' | 'desc'; offset: number; limit: number },
): Promise<{ rows: PayeeRecord[]; total: number }> {
  const { sql: whereSql, bindings } = where(filter);
  const from = `from payees p join users o on o.id = p.owner_id left join users u on u.id = p.user_id ${whereSql}`;
  const order = page.order === 'desc' ? 'desc' : 'asc';
  const sortColumn = SORT_COLUMNS[page.sort];
  const [{ rows }, count] = await Promise.all([
    db.raw(
      `with page as (
         select p.id, p.email, p.name, p.status, p.created_at, p.invite_sent_at, p.invite_expires_at,
                p.accepted_at, p.withdrawn_at, ${ACCOUNT('o')} as owner,
                case when u.id is null then null else ${ACCOUNT('u')} end as "user"
           ${from}),
       amounts as (
         select r.payee_id,
                coalesce(sum(r.amount) filter (where r.user_id is not null), 0) as earned,
                coalesce(sum(r.amount) filter (where r.user_id is null), 0) as held
           from royalties r where r.payee_id in (select id from page) group by r.payee_id),
       named as (
         select sh.payee_id, count(distinct s.release_id)::int as releases
           from split_shares sh join splits s on s.id = sh.split_id
          where sh.payee_id in (select id from page) group by sh.payee_id)
       select p.id, p.email, p.name, p.status, p.owner, p."user",
              p.created_at as "createdAt", p.invite_sent_at as "inviteSentAt",
              p.invite_expires_at as "inviteExpiresAt", p.accepted_at as "acceptedAt",
              p.withdrawn_at as "withdrawnAt",
              coalesce(a.earned, 0)::text as earned, coalesce(a.held, 0)::text as held,
              coalesce(n.releases, 0) as "releaseCount"
         from page p left join amounts a on a.payee_id = p.id left join named n on n.payee_id = p.id
        order by ${sortColumn} ${order} nulls last${page.sort === 'id' ? '' : ', p.id asc'}
        offset ? limit ?`,
      [...bindings, page.offset, page.limit],
    ) as Promise<{ rows: PayeeRecord[] }>,
    db.raw(`select count(*)::int as total ${from}`, bindings) as Promise<{ rows: Array<{ total: number }> }>,
  ]);
  return { rows, total: count.rows[0]!.total };
}

/** One payee as the list shows them, or undefined. */
export async function payeeById(db: Db | DbTransaction, id: string): Promise<PayeeRecord | undefined> {
  const { rows } = await listPayees(db, { ids: [id] }, { sort: 'id', order: 'asc', offset: 0, limit: 1 });
  return rows[0];
}

/** The releases whose splits name the payee: the payee's sums on each, and the versions' shares, newest first. */
export async function payeeReleases(
  db: Db | DbTransaction,
  payeeId: string,
): Promise<
  Array<{
    releaseId: string;
    title: string;
    earned: string;
    held: string;
    shares: Array<{ splitId: string; effectiveFrom: string; percent: string }>;
  }>
> {
  const { rows } = (await db.raw(
    `select s.release_id as "releaseId", r.title, s.id as "splitId", s.effective_from as "effectiveFrom",
            sh.percent::text as percent,
            coalesce(a.earned, 0)::text as earned, coalesce(a.held, 0)::text as held
       from split_shares sh
       join splits s on s.id = sh.split_id
       join releases r on r.id = s.release_id
       left join (select release_id,
                         sum(amount) filter (where user_id is not null) as earned,
                         sum(amount) filter (where user_id is null) as held
                    from royalties where payee_id = ? group by release_id) a on a.release_id = s.release_id
      where sh.payee_id = ? and s.track_id is null
      order by r.title, s.release_id, s.effective_from desc`,
    [payeeId, payeeId],
  )) as {
    rows: Array<{
      releaseId: string;
      title: string;
      splitId: string;
      effectiveFrom: string;
      percent: string;
      earned: string;
      held: string;
    }>;
  };
  const releases = new Map<string, Awaited<ReturnType<typeof payeeReleases>>[number]>();
  for (const { splitId, effectiveFrom, percent, ...release } of rows) {
    const entry = releases.get(release.releaseId) ?? { ...release, shares: [] };
    entry.shares.push({ splitId, effectiveFrom, percent });
    releases.set(release.releaseId, entry);
  }
  return [...releases.values()];
}
