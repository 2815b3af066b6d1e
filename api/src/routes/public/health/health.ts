import { check } from '@riffline/db';
import type { AppDeps } from '../../../context.ts';

/** `{db, events, storage}`: each `ok` or the error text. The API's event log is the outbox it writes to. */
export async function healthReport({ db, storage }: Pick<AppDeps, 'db' | 'storage'>) {
  const [dbStatus, events, storageStatus] = await Promise.all([
    check(() => db.raw('select 1')),
    check(() => db('events').select('id').limit(1)),
    check(() => storage.check()),
  ]);
  return { db: dbStatus, events, storage: storageStatus };
}
