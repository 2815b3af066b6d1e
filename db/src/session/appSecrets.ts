import type { Db } from '../connection.ts';

/** A generated secret kept in `app_secrets` (jsonb), or undefined when none is stored under `name`. */
export async function findAppSecret<T>(db: Db, name: string): Promise<T | undefined> {
  const row = await db('app_secrets').first('value').where({ name });
  return row ? (row.value as T) : undefined; // jsonb arrives parsed (pg and PGlite)
}

/**
 * Stores `value` under `name` unless another process stored one first, and returns the one that is kept,
 * so every process ends up with the same secret.
 */
export async function keepAppSecret<T>(db: Db, name: string, value: T): Promise<T> {
  await db('app_secrets')
    .insert({ name, value: JSON.stringify(value) })
    .onConflict('name')
    .ignore();
  return (await findAppSecret<T>(db, name)) as T;
}
