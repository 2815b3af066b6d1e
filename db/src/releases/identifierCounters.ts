import type { DbTransaction } from '../connection.ts';

/**
 * The next value of a named counter (1 the first time), in the caller's transaction. The upsert is atomic:
 * concurrent callers each get their own value, and a rolled-back one only leaves a gap.
 */
export async function nextCounterValue(trx: DbTransaction, name: string): Promise<number> {
  const result = await trx.raw(
    `insert into identifier_counters (name, value) values (?, 1)
     on conflict (name) do update set value = identifier_counters.value + 1
     returning value`,
    [name],
  );
  const rows = (result as { rows: Array<{ value: number | string }> }).rows;
  return Number(rows[0]!.value);
}
