import type { AdminStats } from '@riffline/contracts';
import type { Db, DbTransaction } from '../connection.ts';

/** The admin console's top stats (`GET /api/admin/stats`), by name. */
export type StatName = keyof AdminStats;
export const statNames = [
  'pendingApplications',
  'approvedArtists',
  'totalReleases',
  'openTickets',
] as const satisfies readonly StatName[];

/** What the stats follow: applications, users, releases and support tickets. */
export type StatSubjectKind = 'application' | 'user' | 'release' | 'ticket';

/** What the `stats` projection knows of one subject: each fact with the log position that set it. */
export interface StatSubject {
  status: string | null;
  statusAt: bigint;
  role: string | null;
  roleAt: bigint;
  approved: boolean | null;
  approvedAt: bigint;
}

type Conn = Db | DbTransaction;
/** A subject's key in `lockStatSubjects`' answer. */
export const statSubjectKey = (kind: StatSubjectKind, id: string) => `${kind}:${id}`;

/** The stats as the projection has them (every stat, 0 before anything counted). */
export async function platformStats(db: Conn): Promise<AdminStats> {
  const rows: { name: string; value: string | number }[] = await db('platform_stats').select('name', 'value');
  const stats = Object.fromEntries(statNames.map((name) => [name, 0])) as AdminStats;
  for (const row of rows) if (row.name in stats) stats[row.name as StatName] = Number(row.value);
  return stats;
}

/** The same stats counted from the tables themselves: what the projection must equal once it caught up. */
export async function countPlatformStats(db: Conn): Promise<AdminStats> {
  const { rows } = (await db.raw(
    `select (select count(*) from applications where status = 'pending') as pending_applications,
            (select count(*) from users where role = 'artist' and is_approved) as approved_artists,
            (select count(*) from releases) as total_releases,
            (select count(*) from support_tickets where status in ('open', 'in_progress')) as open_tickets`,
  )) as { rows: Record<string, string | number>[] };
  const row = rows[0]!;
  return {
    pendingApplications: Number(row.pending_applications),
    approvedArtists: Number(row.approved_artists),
    totalReleases: Number(row.total_releases),
    openTickets: Number(row.open_tickets),
  };
}

/**
 * The subjects named, locked for the caller's transaction, by `kind:id`. A subject not seen before gets
 * its row first (knowing nothing), so two transactions that meet the same new subject (two Kafka
 * partitions' consumers) take turns on one row instead of both starting from nothing; rows are taken in
 * one order, so they never wait on each other in a circle.
 */
export async function lockStatSubjects(
  trx: DbTransaction,
  keys: { kind: StatSubjectKind; id: string }[],
): Promise<Map<string, StatSubject>> {
  const found = new Map<string, StatSubject>();
  if (!keys.length) return found;
  const ordered = [...new Map(keys.map((k) => [statSubjectKey(k.kind, k.id), k])).values()].sort((a, b) =>
    a.kind === b.kind ? (a.id < b.id ? -1 : a.id > b.id ? 1 : 0) : a.kind < b.kind ? -1 : 1,
  );
  await trx('platform_stat_subjects')
    .insert(ordered.map(({ kind, id }) => ({ kind, id })))
    .onConflict(['kind', 'id'])
    .ignore();
  const rows: Array<Record<string, unknown>> = await trx('platform_stat_subjects')
    .whereIn(
      ['kind', 'id'],
      ordered.map((k) => [k.kind, k.id]),
    )
    .orderBy(['kind', 'id'])
    .forUpdate();
  for (const row of rows) {
    found.set(statSubjectKey(row.kind as StatSubjectKind, row.id as string), {
      status: row.status as string | null,
      statusAt: BigInt(row.statusAt as string | number),
      role: row.role as string | null,
      roleAt: BigInt(row.roleAt as string | number),
      approved: row.approved as boolean | null,
      approvedAt: BigInt(row.approvedAt as string | number),
    });
  }
  return found;
}

const subjectRow = (kind: StatSubjectKind, id: string, subject: StatSubject) => ({
  kind,
  id,
  status: subject.status,
  statusAt: String(subject.statusAt),
  role: subject.role,
  roleAt: String(subject.roleAt),
  approved: subject.approved,
  approvedAt: String(subject.approvedAt),
});

/** Writes subjects as they now are (each key once), in one statement. */
export async function saveStatSubjects(
  trx: DbTransaction,
  subjects: { kind: StatSubjectKind; id: string; subject: StatSubject }[],
): Promise<void> {
  if (!subjects.length) return;
  await trx('platform_stat_subjects')
    .insert(subjects.map(({ kind, id, subject }) => subjectRow(kind, id, subject)))
    .onConflict(['kind', 'id'])
    .merge();
}

/** Adds each delta to its stat (stats that moved by 0 are not written). */
export async function addToStats(
  trx: DbTransaction,
  deltas: Partial<Record<StatName, number>>,
): Promise<void> {
  // In one order by name: two transactions moving the same stats never wait on each other in a circle.
  const moved = Object.entries(deltas)
    .filter(([, delta]) => delta)
    .sort(([a], [b]) => (a < b ? -1 : 1));
  if (!moved.length) return;
  await trx('platform_stats')
    .insert(moved.map(([name, value]) => ({ name, value })))
    .onConflict('name')
    .merge({ value: trx.raw('platform_stats.value + excluded.value') });
}

/**
 * Puts a rebuilt projection in place of the live one (`make replay`), in the caller's transaction: both
 * tables are locked first, so a `stats` consumer handling an event meanwhile waits and then applies it
 * on top (a fact it already holds changes nothing).
 */
export async function replacePlatformStats(
  trx: DbTransaction,
  subjects: { kind: StatSubjectKind; id: string; subject: StatSubject }[],
  stats: AdminStats,
): Promise<void> {
  await trx.raw('lock table platform_stat_subjects, platform_stats in exclusive mode');
  await trx('platform_stat_subjects').delete();
  await trx('platform_stats').delete();
  for (let i = 0; i < subjects.length; i += 1_000) {
    await trx('platform_stat_subjects').insert(
      subjects.slice(i, i + 1_000).map(({ kind, id, subject }) => subjectRow(kind, id, subject)),
    );
  }
  await trx('platform_stats').insert(statNames.map((name) => ({ name, value: stats[name] })));
}

/**
 * How many applications have `status` (every status when none is named), from the counts the database
 * keeps as applications are written (migration 20261127000300): exact in the caller's transaction, and
 * one row read however many applications there are.
 */
export async function applicationCount(db: Conn, status?: string): Promise<number> {
  const query = db('application_status_counts');
  if (status) query.where({ status });
  const row = (await query.sum({ n: 'applications' }).first()) as { n: string | number | null } | undefined;
  return Number(row?.n ?? 0);
}
