import type { Db, DbTransaction } from '../connection.ts';
import { Track } from '../models/Track.ts';
import { preparedStatement } from '../prepared.ts';

/** A release's tracks in order (served by the (release_id, track_number) unique index). */
export function tracksOf(db: Db | DbTransaction, releaseId: string) {
  return Track.query(db).where('tracks.releaseId', releaseId).orderBy('tracks.trackNumber');
}

/** How many tracks each of these releases has. */
export async function trackCounts(
  db: Db | DbTransaction,
  releaseIds: string[],
): Promise<Map<string, number>> {
  if (!releaseIds.length) return new Map();
  const rows = (await Track.query(db)
    .select('releaseId')
    .count({ n: '*' })
    .whereIn('releaseId', releaseIds)
    .groupBy('releaseId')) as unknown as Array<{ releaseId: string; n: number | string }>;
  return new Map(rows.map((r) => [r.releaseId, Number(r.n)]));
}

/** A release as its list presents it: the presented JSON (built by PostgreSQL) and what its cover needs. */
export interface ReleaseListRow {
  /** The release as the API presents it (ReleaseResponse), without `coverUrl`. */
  json: string;
  albumArt: string | null;
  artworkKey: string | null;
  artworkFormat: 'jpeg' | 'png' | null;
  title: string;
}

const isoTime = (column: string) => `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * ReleaseResponse's fields (but `coverUrl`, which is signed by the API) in the presenter's order, each a
 * column or expression over `r`: the list's JSON is built by PostgreSQL, so a page of 100 releases costs
 * the API one text column per row instead of a model, a presenter and a serialisation per release. Dates
 * as the presenter gives them (`YYYY-MM-DD`; date-times in UTC to the millisecond, like toISOString).
 */
const presentedColumns: Array<[string, string]> = [
  ['id', 'r.id'],
  ['userId', 'r.user_id'],
  ['title', 'r.title'],
  ['artist', 'r.artist'],
  ['albumArt', 'r.album_art'],
  ['hasArtwork', 'r.artwork_key is not null'],
  ['releaseDate', `to_char(r.release_date, 'YYYY-MM-DD')`],
  ['releaseTime', 'r.release_time'],
  ['genre', 'r.genre'],
  ['secondaryGenre', 'r.secondary_genre'],
  ['status', 'r.status'],
  ['releaseType', 'r.release_type'],
  ['pricingTier', 'r.pricing_tier'],
  ['releaseArtists', 'r.release_artists'],
  ['copyrightHolder', 'r.copyright_holder'],
  ['copyrightYear', 'r.copyright_year'],
  ['productionHolder', 'r.production_holder'],
  ['productionYear', 'r.production_year'],
  ['recordLabel', 'r.record_label'],
  ['explicitContentLabeled', 'r.explicit_content_labeled'],
  ['authorizedToDistribute', 'r.authorized_to_distribute'],
  ['noUnauthorizedArtistName', 'r.no_unauthorized_artist_name'],
  ['copyrightDocumentation', 'r.copyright_documentation'],
  ['hasCountryRestrictions', 'r.has_country_restrictions'],
  ['restrictedCountries', 'r.restricted_countries'],
  ['previouslyReleased', 'r.previously_released'],
  ['originalReleaseDate', `to_char(r.original_release_date, 'YYYY-MM-DD')`],
  ['storeDistribution', 'r.store_distribution'],
  ['selectedStores', 'r.selected_stores'],
  ['autoDistributeToNewStores', 'r.auto_distribute_to_new_stores'],
  ['upc', 'r.upc'],
  ['rejectionReason', 'r.rejection_reason'],
  ['trackCount', '(select count(*) from tracks t where t.release_id = r.id)::int'],
  ['createdAt', isoTime('r.created_at')],
  ['updatedAt', isoTime('r.updated_at')],
];

/**
 * An artist's releases, newest first, one page, each presented by PostgreSQL (served by
 * releases_user_created_index, the track counts by the tracks' (release_id, track_number) index).
 * `make bench`'s bare server runs this same SQL.
 */
export const OWN_RELEASES_JSON_SQL = `select row_to_json(p)::text as "json", r.album_art as "albumArt",
       r.artwork_key as "artworkKey", r.artwork_format as "artworkFormat", r.title as "title"
  from releases r
  cross join lateral (select ${presentedColumns.map(([key, sql]) => `${sql} as "${key}"`).join(', ')}) p
 where r.user_id = ?
 order by r.created_at desc, r.id desc
 limit ? offset ?`;

export function ownReleasesJsonQuery(
  db: Db | DbTransaction,
  userId: string,
  page: { limit: number; offset: number },
) {
  return db.raw(OWN_RELEASES_JSON_SQL, [userId, page.limit, page.offset]);
}

const OWN_RELEASES_JSON = preparedStatement('own-releases-json', OWN_RELEASES_JSON_SQL);

/** ownReleasesJsonQuery's rows, kept prepared on PostgreSQL (the artist's releases page reads it). */
export function ownReleasesJson(
  db: Db | DbTransaction,
  userId: string,
  page: { limit: number; offset: number },
): Promise<ReleaseListRow[]> {
  return OWN_RELEASES_JSON.rows<ReleaseListRow>(db, [userId, page.limit, page.offset]);
}
