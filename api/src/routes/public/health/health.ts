import { check, pingDatabase, pingOutbox } from '@riffline/db';
import type { AppDeps } from '../../../context.ts';

/** `{db, events, storage}`: each `ok` or the error text. The API's event log is the outbox it writes to. */
export async function healthReport({ db, storage }: Pick<AppDeps, 'db' | 'storage'>) {
  const [dbStatus, events, storageStatus] = await Promise.all([
    check(() => pingDatabase(db)),
    check(() => pingOutbox(db)),
    check(() => storage.check()),
  ]);
  return { db: dbStatus, events, storage: storageStatus };
}
