import type { Db, DbTransaction } from '../connection.ts';
import { deliveriesOfRelease } from '../delivery/queries.ts';
import { Fan } from '../models/Fan.ts';
import { SmartLink } from '../models/SmartLink.ts';

type Executor = Db | DbTransaction;

/** Whether another SmartLink than `exceptId` has this slug. */
export async function slugTaken(db: Executor, slug: string, exceptId?: string): Promise<boolean> {
  const query = SmartLink.query(db).where({ slug });
  if (exceptId) query.whereNot({ id: exceptId });
  return Boolean(await query.first());
}

/** What the public page shows of a SmartLink's release. */
export interface SmartLinkRelease {
  id: string;
  userId: string;
  title: string;
  artist: string;
  releaseArtists: string[];
  releaseDate: string | null;
  status: string;
  upc: string | null;
  artworkKey: string | null;
  artworkSize: number | null;
  albumArt: string | null;
  storeDistribution: string;
  selectedStores: string[];
}

export async function smartLinkBySlug(
  db: Executor,
  slug: string,
): Promise<{ smartLink: SmartLink; release: SmartLinkRelease } | null> {
  const smartLink = await SmartLink.query(db).findOne({ slug });
  if (!smartLink) return null;
  const release = await releaseOfSmartLink(db, smartLink);
  return release ? { smartLink, release } : null;
}

export async function releaseOfSmartLink(
  db: Executor,
  smartLink: SmartLink,
): Promise<SmartLinkRelease | null> {
  const row = await db('releases')
    .first(
      'id',
      'user_id',
      'title',
      'artist',
      'release_artists',
      db.raw("to_char(release_date, 'YYYY-MM-DD') as release_date"),
      'status',
      'upc',
      'artwork_key',
      'artwork_size',
      'album_art',
      'store_distribution',
      'selected_stores',
    )
    .where({ id: smartLink.releaseId });
  return (row as SmartLinkRelease | undefined) ?? null;
}

/** Each store that has the release as its latest delivery left it: its state and its own link, if given. */
export async function storesOfSmartLink(
  db: Executor,
  releaseId: string,
): Promise<{ store: string; status: string; storeUrl: string | null }[]> {
  const latest = await deliveriesOfRelease(db, releaseId, { latestPerStore: true });
  return latest.map((d) => ({ store: d.store, status: d.status, storeUrl: d.storeUrl }));
}

export interface SmartLinkStatsRow {
  smartlinkId: string;
  day: string;
  country: string | null;
  utmSource: string | null;
  utmCampaign: string | null;
  store?: string | null;
  views?: number;
  clicks?: number;
  presaves?: number;
  fans?: number;
}

/**
 * Adds counts to the SmartLinks' numbers (the projection of `smartlink.*` and `fan.*` events); those of a
 * SmartLink deleted since (with its release) are passed over.
 */
export async function addSmartLinkStats(trx: DbTransaction, rows: SmartLinkStatsRow[]): Promise<void> {
  if (!rows.length) return;
  await trx.raw(
    `insert into smartlink_stats as s
       (smartlink_id, day, country, utm_source, utm_campaign, store, views, clicks, presaves, fans)
     select smartlink_id, day, country, utm_source, utm_campaign, store,
            sum(views), sum(clicks), sum(presaves), sum(fans)
       from jsonb_to_recordset(?::jsonb) as r(smartlink_id uuid, day date, country text,
            utm_source text, utm_campaign text, store text, views int, clicks int, presaves int, fans int)
      where exists (select from smartlinks where smartlinks.id = r.smartlink_id)
      group by smartlink_id, day, country, utm_source, utm_campaign, store
     on conflict (smartlink_id, day, country, utm_source, utm_campaign, store) do update
       set views = s.views + excluded.views, clicks = s.clicks + excluded.clicks,
           presaves = s.presaves + excluded.presaves, fans = s.fans + excluded.fans`,
    [
      JSON.stringify(
        rows.map((r) => ({
          smartlink_id: r.smartlinkId,
          day: r.day,
          country: r.country ?? '',
          utm_source: r.utmSource ?? '',
          utm_campaign: r.utmCampaign ?? '',
          store: r.store ?? '',
          views: r.views ?? 0,
          clicks: r.clicks ?? 0,
          presaves: r.presaves ?? 0,
          fans: r.fans ?? 0,
        })),
      ),
    ],
  );
}

/** Empties the numbers before `make replay` folds the log into them again. */
export async function clearSmartLinkStats(trx: DbTransaction): Promise<void> {
  await trx('smartlink_stats').delete();
}

interface Counts {
  views: number;
  clicks: number;
  presaves: number;
  fans: number;
}
const sums = `coalesce(sum(views), 0)::int as views, coalesce(sum(clicks), 0)::int as clicks,
  coalesce(sum(presaves), 0)::int as presaves, coalesce(sum(fans), 0)::int as fans`;

/** A SmartLink's numbers from `from` to `to` (days, inclusive): per day, store, country and campaign. */
export async function smartLinkStats(db: Executor, smartlinkId: string, from: string, to: string) {
  const window = (q: ReturnType<Executor>) =>
    q.from('smartlink_stats').where('smartlink_id', smartlinkId).whereBetween('day', [from, to]);
  const [days, stores, countries, campaigns] = await Promise.all([
    window(db.queryBuilder())
      .select(db.raw(`to_char(day, 'YYYY-MM-DD') as day, ${sums}`))
      .groupBy('day')
      .orderBy('day') as unknown as Promise<(Counts & { day: string })[]>,
    window(db.queryBuilder())
      .select('store', db.raw('sum(clicks)::int as clicks'))
      .whereNot('store', '')
      .groupBy('store')
      .orderBy([{ column: 'clicks', order: 'desc' }, 'store']) as Promise<
      { store: string; clicks: number }[]
    >,
    window(db.queryBuilder())
      .select(db.raw(`nullif(country, '') as country, ${sums}`))
      .groupBy('country')
      .orderBy([{ column: 'views', order: 'desc' }, 'country']) as unknown as Promise<
      (Counts & { country: string | null })[]
    >,
    window(db.queryBuilder())
      .select(db.raw(`nullif(utm_source, '') as source, nullif(utm_campaign, '') as campaign, ${sums}`))
      .groupBy('utm_source', 'utm_campaign')
      .orderBy([{ column: 'views', order: 'desc' }, 'utm_source', 'utm_campaign']) as unknown as Promise<
      (Counts & { source: string | null; campaign: string | null })[]
    >,
  ]);
  return { days, stores, countries, campaigns };
}

/** Views and clicks of each of these SmartLinks, all time (the console's list). */
export async function smartLinkTotals(
  db: Executor,
  ids: string[],
): Promise<Map<string, { views: number; clicks: number }>> {
  const rows = (await db('smartlink_stats')
    .select('smartlink_id', db.raw('sum(views)::int as views, sum(clicks)::int as clicks'))
    .whereIn('smartlink_id', ids)
    .groupBy('smartlink_id')) as { smartlinkId: string; views: number; clicks: number }[];
  return new Map(rows.map((r) => [r.smartlinkId, { views: r.views, clicks: r.clicks }]));
}

/** What the console's SmartLinks list can be sorted by besides a SmartLink's own columns. */
export const smartLinkFigures = ['releaseTitle', 'artist', 'views', 'clicks'] as const;
export type SmartLinkFigure = (typeof smartLinkFigures)[number];
export const isSmartLinkFigure = (field: string): field is SmartLinkFigure =>
  (smartLinkFigures as readonly string[]).includes(field);

/** SmartLinks with `figure` selected under its own name, so that they can be ordered by it. */
export function smartLinksWithFigure(db: Executor, figure: SmartLinkFigure) {
  const value =
    figure === 'views' || figure === 'clicks'
      ? db('smartlink_stats')
          .where('smartlink_stats.smartlink_id', db.ref('smartlinks.id'))
          .select(db.raw('coalesce(sum(??), 0)', [figure]))
      : db('releases')
          .where('releases.id', db.ref('smartlinks.release_id'))
          .select(figure === 'releaseTitle' ? 'title' : 'artist');
  return SmartLink.query(db).select('smartlinks.*', value.as(figure));
}

/** The confirmed fans who pre-saved the release (its release-day mail goes to each). */
export async function releaseDayRecipients(trx: Executor, releaseId: string): Promise<Fan[]> {
  return Fan.query(trx)
    .join('presaves', 'presaves.fan_id', 'fans.id')
    .join('smartlinks', 'smartlinks.id', 'presaves.smartlink_id')
    .where('smartlinks.release_id', releaseId)
    .where('fans.status', 'confirmed')
    .select('fans.*')
    .orderBy('fans.id');
}

/** An artist's fans, newest first, each with the title of the release they first pre-saved. */
export async function fansOfArtist(
  db: Executor,
  userId: string,
): Promise<(Fan & { source: string | null })[]> {
  return (await Fan.query(db)
    .leftJoin('smartlinks', 'smartlinks.id', 'fans.source_smartlink_id')
    .leftJoin('releases', 'releases.id', 'smartlinks.release_id')
    .where('fans.user_id', userId)
    .select('fans.*', 'releases.title as source')
    .orderBy([
      { column: 'fans.created_at', order: 'desc' },
      { column: 'fans.id', order: 'asc' },
    ])) as (Fan & { source: string | null })[];
}
