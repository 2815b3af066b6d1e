import type { Db, DbTransaction } from '../connection.ts';
import { Delivery } from '../models/Delivery.ts';

export type DeliveryWithStore = Delivery & { store: string };

/**
 * A release's deliveries with their store, newest first; with `latestPerStore`, only each store's latest
 * (what the artist is shown: where the release stands at each store).
 */
export async function deliveriesOfRelease(
  db: Db | DbTransaction,
  releaseId: string,
  { latestPerStore = false } = {},
): Promise<DeliveryWithStore[]> {
  const query = Delivery.query(db)
    .join('store_targets', 'store_targets.id', 'deliveries.target_id')
    .where('deliveries.release_id', releaseId)
    .select('deliveries.*', 'store_targets.store');
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
