import type { Db } from './connection.ts';

/** Health checks report `ok`, or the reason a part is not ok (its error, or that it took too long). */
export type CheckResult = 'ok' | string;

/**
 * How long one check may take before its part counts as down. The checks run side by side, so a health
 * request answers within about this long whatever hangs (a frozen connection never errors on its own).
 */
export const HEALTH_CHECK_TIMEOUT_MS = 750;

export async function check(
  run: () => Promise<unknown>,
  timeoutMs = HEALTH_CHECK_TIMEOUT_MS,
): Promise<CheckResult> {
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      run(),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error(`timed out after ${timeoutMs} ms`)), timeoutMs);
      }),
    ]);
    return 'ok';
  } catch (error) {
    return (error as Error).message || String(error);
  } finally {
    clearTimeout(timer);
  }
}

/** Resolves when the database answers a query. */
export async function pingDatabase(db: Db): Promise<void> {
  await db.raw('select 1');
}

/** Resolves when the event outbox can be read (the API writes to it; the Postgres log is it). */
export async function pingOutbox(db: Db): Promise<void> {
  await db('events').select('id').limit(1);
}
