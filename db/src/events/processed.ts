import type { DbTransaction } from '../connection.ts';

/**
 * Records in `processed_events` that `group` handles `eventId`, inside the transaction of the handler's
 * writes, so both commit together. False when the group already handled it (a redelivery).
 */
export async function claimEvent(trx: DbTransaction, group: string, eventId: string): Promise<boolean> {
  if (!trx?.isTransaction) throw new Error('claimEvent must run inside the transaction of the handler');
  const claimed = await trx('processed_events')
    .insert({ groupName: group, eventId })
    .onConflict(['group_name', 'event_id'])
    .ignore()
    .returning('eventId');
  return claimed.length > 0;
}
