import pg from 'pg';
import { isEmbedded, type Db } from '../connection.ts';

/** The channel a committed transaction that appended events notifies (migration 20261123001300). */
export const OUTBOX_CHANNEL = 'riffline_outbox';

export interface OutboxListener {
  close(): Promise<void>;
}

/**
 * Calls `onCommit` whenever a transaction of any process that appended events commits (PostgreSQL's
 * LISTEN on a connection of its own), so a relay moves them at once whoever wrote them. On embedded PGlite
 * (one process) it listens to nothing: the in-process commit listeners (`onOutboxCommit`) cover every writer. A lost
 * connection is opened again after a pause; meanwhile the relay's own poll still finds the events.
 */
export function listenForOutbox(
  db: Db,
  onCommit: () => void,
  onError: (error: unknown) => void = () => undefined,
): OutboxListener {
  // knex keeps the connection settings it parsed from DATABASE_URL
  const settings = (db.client as { connectionSettings?: string | pg.ClientConfig }).connectionSettings;
  if (isEmbedded(db) || !settings) return { close: async () => undefined };
  let closed = false;
  let client: pg.Client | null = null;
  let retry: NodeJS.Timeout | null = null;

  const open = async () => {
    const next = new pg.Client(typeof settings === 'string' ? { connectionString: settings } : settings);
    next.on('notification', (message) => {
      if (message.channel === OUTBOX_CHANNEL) onCommit();
    });
    next.on('error', (error) => {
      onError(error);
      void reopen(next);
    });
    try {
      await next.connect();
      await next.query(`listen ${OUTBOX_CHANNEL}`);
    } catch (error) {
      onError(error);
      void reopen(next);
      return;
    }
    if (closed) return void (await next.end().catch(() => undefined));
    client = next;
    onCommit(); // whatever committed while nobody listened
  };
  const reopen = async (failed: pg.Client) => {
    if (client === failed) client = null;
    await failed.end().catch(() => undefined);
    if (closed || retry) return;
    retry = setTimeout(() => {
      retry = null;
      if (!closed) void open();
    }, 1_000);
    retry.unref();
  };
  void open();
  return {
    async close() {
      closed = true;
      if (retry) clearTimeout(retry);
      await client?.end().catch(() => undefined);
      client = null;
    },
  };
}
