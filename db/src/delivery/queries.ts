import type { Db, DbTransaction } from '../connection.ts';
import { Delivery } from '../models/Delivery.ts';
import { Release } from '../models/Release.ts';
import { ReleaseChange } from '../models/ReleaseChange.ts';

/** A delivery with its store and, when it carries a takedown, where and from when. */
export type DeliveryWithStore = Delivery & {
  store: string;
  territories: string[] | null;
  effectiveOn: string | null;
};

/** Deliveries with their store, the takedown they carry, and the store's link as it last gave it. */
const withStore = <Q extends ReturnType<typeof Delivery.query>>(db: Db | DbTransaction, query: Q) =>
  query
    .join('store_targets', 'store_targets.id', 'deliveries.target_id')
    .leftJoin('release_changes', 'release_changes.id', 'deliveries.change_id')
    .select(
      'deliveries.*',
      'store_targets.store',
      'release_changes.territories',
      db.raw("to_char(release_changes.effective_on, 'YYYY-MM-DD') as effective_on"),
      // The store's link stays with the release after a later message (an update, a takedown elsewhere).
      db.raw(
        `coalesce(deliveries.store_url, (select earlier.store_url from deliveries earlier
           where earlier.release_id = deliveries.release_id and earlier.target_id = deliveries.target_id
             and earlier.store_url is not null order by earlier.created_at desc limit 1)) as store_url`,
      ),
    );

/** These deliveries (a page of the console's log) with their store, as `ids` orders them. */
export async function deliveriesByIds(
  db: Db | DbTransaction,
  ids: readonly string[],
): Promise<DeliveryWithStore[]> {
  const rows = (await withStore(
    db,
    Delivery.query(db).whereIn('deliveries.id', [...ids]),
  )) as DeliveryWithStore[];
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.map((id) => byId.get(id)).filter((row): row is DeliveryWithStore => Boolean(row));
}

/**
 * A release's deliveries with their store, newest first; with `latestPerStore`, only each store's latest
 * (what the artist is shown: where the release stands at each store).
 */
export async function deliveriesOfRelease(
  db: Db | DbTransaction,
  releaseId: string,
  { latestPerStore = false } = {},
): Promise<DeliveryWithStore[]> {
  const query = withStore(db, Delivery.query(db).where('deliveries.release_id', releaseId));
  if (latestPerStore) {
    query.whereNotExists(
      Delivery.query(db)
        .alias('later')
        .whereColumn('later.target_id', 'deliveries.target_id')
        .whereColumn('later.release_id', 'deliveries.release_id')
        .where((q) =>
          q
            .whereColumn('later.created_at', '>', 'deliveries.created_at')
            .orWhere((same) =>
              same
                .whereColumn('later.created_at', 'deliveries.created_at')
                .whereColumn('later.id', '>', 'deliveries.id'),
            ),
        ),
    );
    query.orderBy('store_targets.store');
  } else {
    query.orderBy([{ column: 'deliveries.created_at', order: 'desc' }, { column: 'deliveries.id' }]);
  }
  return (await query) as DeliveryWithStore[];
}

/** Which of these acknowledgement files of a store were read already. */
export async function knownAcknowledgementFiles(
  db: Db,
  targetId: string,
  names: readonly string[],
): Promise<Set<string>> {
  const rows = (await db('delivery_acknowledgements')
    .where({ targetId })
    .whereIn('fileName', [...names])
    .select('fileName')) as Array<{ fileName: string }>;
  return new Set(rows.map((row) => row.fileName));
}

/** Keeps an acknowledgement file as it came; false when it was kept already (read by another process). */
export async function keepAcknowledgement(
  trx: DbTransaction,
  row: {
    targetId: string;
    fileName: string;
    messageId: string | null;
    madeAt: Date | null;
    body: string;
    problem: string | null;
  },
): Promise<boolean> {
  const kept = await trx('delivery_acknowledgements')
    .insert(row)
    .onConflict(['targetId', 'fileName'])
    .ignore()
    .returning('id');
  return kept.length > 0;
}

/**
 * The deliveries to a store an acknowledgement is about, locked: those of its MessageIds, else the store's
 * latest delivery of the release with that ICPN (a UPC-A is the EAN-13 with a leading zero).
 */
export async function acknowledgedDeliveries(
  trx: DbTransaction,
  targetId: string,
  { messageIds, icpn }: { messageIds: string[]; icpn: string | null },
): Promise<Delivery[]> {
  if (messageIds.length)
    return Delivery.query(trx).where({ targetId }).whereIn('messageId', messageIds).forUpdate();
  if (!icpn) return [];
  return Delivery.query(trx)
    .where({ targetId })
    .whereIn(
      'releaseId',
      trx('releases').select('id').whereRaw("lpad(upc, 13, '0') = lpad(?, 13, '0')", [icpn]),
    )
    .orderBy([
      { column: 'createdAt', order: 'desc' },
      { column: 'id', order: 'desc' },
    ])
    .limit(1)
    .forUpdate();
}

/** Whether a later try of the same release to the same store went out after this delivery. */
export async function laterDeliveryExists(trx: Db | DbTransaction, delivery: Delivery): Promise<boolean> {
  const later = await Delivery.query(trx)
    .where({ releaseId: delivery.releaseId, targetId: delivery.targetId })
    // In SQL: a JS Date would drop the microseconds, and the delivery would count as later than itself.
    .whereRaw('created_at > (select created_at from deliveries where id = ?)', [delivery.id])
    .first();
  return Boolean(later);
}

/** A release's takedowns and purge, newest first, each with its deliveries (where it stands per store). */
export async function changesOfRelease(
  db: Db | DbTransaction,
  releaseId: string,
): Promise<Array<{ change: ReleaseChange; deliveries: DeliveryWithStore[] }>> {
  const changes = await ReleaseChange.query(db)
    .where({ releaseId })
    .orderBy([
      { column: 'createdAt', order: 'desc' },
      { column: 'id', order: 'desc' },
    ]);
  return withDeliveries(db, changes);
}

/** Changes of any releases, in their order, each with the deliveries that carried it to the stores. */
export async function withDeliveries(
  db: Db | DbTransaction,
  changes: ReleaseChange[],
): Promise<Array<{ change: ReleaseChange; deliveries: DeliveryWithStore[] }>> {
  const releaseIds = [...new Set(changes.map((c) => c.releaseId))];
  const deliveries = (await Promise.all(releaseIds.map((id) => deliveriesOfRelease(db, id)))).flat();
  return changes.map((change) => ({
    change,
    deliveries: deliveries.filter((d) => d.changeId === change.id),
  }));
}

/** The takedowns of a release, oldest first: together they say where and until when its deals run. */
export async function takedownsOfRelease(
  db: Db | DbTransaction,
  releaseId: string,
): Promise<ReleaseChange[]> {
  return await ReleaseChange.query(db)
    .where({ releaseId, kind: 'takedown' })
    .orderBy([{ column: 'createdAt' }, { column: 'id' }]);
}

/** The console's words for releases named in its delivery lists: title and artist, by id. */
export async function releaseNames(
  db: Db | DbTransaction,
  ids: readonly string[],
): Promise<(id: string) => { releaseTitle: string; artist: string }> {
  const rows = await Release.query(db)
    .whereIn('id', [...new Set(ids)])
    .select('id', 'title', 'artist');
  const byId = new Map(rows.map((r) => [r.id, { releaseTitle: r.title, artist: r.artist }]));
  return (id) => byId.get(id) ?? { releaseTitle: '', artist: '' };
}
