/**
 * What a fault run looks for once the stack has settled: every write the API accepted is there, every
 * event was handled once (each group's marks, and the projections equal to a recount from the source
 * tables), every email sent once, every approved release delivered once.
 */
import type { Config, Db } from '../../db/src/index.ts';
import { countPlatformStats, platformStats } from '../../db/src/index.ts';
import { pollUntil, waitUntilGroupPassed } from '../support/eventLog.ts';
import type { ReceivedMail } from '../../infra/smtp/smtp.ts';
import type { Write } from './load.ts';

export const GROUPS = ['notifications', 'reports', 'exports', 'delivery', 'stats', 'smartlinkStats'];

const count = async (db: Db, sql: string, bindings: readonly unknown[] = []) => {
  const { rows } = (await db.raw(sql, bindings as never)) as { rows: Array<{ n: string | number }> };
  return Number(rows[0]?.n ?? 0);
};

/**
 * Waits until the stack has done everything the accepted writes set off: every event on the log and
 * read by every group, no delivery or store report under way, no mail waiting.
 */
export async function settle(db: Db, kafka: Config['kafka'], timeoutMs = 300_000): Promise<void> {
  const deadline = { timeoutMs, intervalMs: 250 };
  const last = await count(db, 'select coalesce(max(id), 0) as n from events');
  if (last) {
    for (const group of GROUPS) await waitUntilGroupPassed({ db, group, kafka }, String(last), deadline);
  }
  let state = '';
  await pollUntil(
    'the stack did not settle',
    async () => {
      const [mail, deliveries, reports] = await Promise.all([
        count(db, "select count(*) as n from mail_deliveries where status = 'pending'"),
        count(db, "select count(*) as n from deliveries where status in ('queued', 'sending')"),
        count(db, "select count(*) as n from store_reports where status in ('pending', 'running')"),
      ]);
      state = `mail pending ${mail}, deliveries under way ${deliveries}, reports importing ${reports}`;
      return mail + deliveries + reports === 0 ? true : undefined;
    },
    () => state,
    deadline,
  );
}

/** Accepted writes whose row is not there (or not in the state the write left it in). */
export async function missingWrites(db: Db, writes: readonly Write[]): Promise<Write[]> {
  const missing: Write[] = [];
  for (const write of writes) {
    const found = await (async () => {
      switch (write.kind) {
        case 'signUp':
          return count(db, 'select count(*) as n from users where email = ?', [write.id]);
        case 'application':
          return count(db, 'select count(*) as n from applications where id = ?', [write.id]);
        case 'approval':
          return count(db, "select count(*) as n from applications where id = ? and status = 'approved'", [
            write.id,
          ]);
        case 'ticket':
          return count(db, 'select count(*) as n from support_tickets where id = ?', [write.id]);
        case 'ticketReply':
          return count(db, 'select count(*) as n from ticket_messages where id = ?', [write.id]);
        case 'release':
          return count(db, 'select count(*) as n from releases where id = ?', [write.id]);
        case 'upload': {
          const [what, id] = write.id.split(':');
          return what === 'artwork'
            ? count(db, 'select count(*) as n from releases where id = ? and artwork_key is not null', [id])
            : count(db, 'select count(*) as n from tracks where id = ? and audio_key is not null', [id]);
        }
        case 'submission':
          return count(db, "select count(*) as n from releases where id = ? and status <> 'draft'", [
            write.id,
          ]);
        case 'releaseApproval':
          return count(db, "select count(*) as n from releases where id = ? and status = 'live'", [write.id]);
        case 'report':
          return count(db, "select count(*) as n from store_reports where id = ? and status = 'completed'", [
            write.id,
          ]);
      }
    })();
    if (!found) missing.push(write);
  }
  return missing;
}

export interface Tally {
  /** Marks of events handled, over every group. */
  handled: number;
  /** Events of a type a group handles that it never marked (and did not park for an admin). */
  unhandled: number;
  /** Events parked as dead letters. */
  parked: number;
  /** The admin dashboard's projection minus a recount from the source tables, per count that differs. */
  statsDrift: Record<string, number>;
  /** Message-IDs the SMTP server received more than once. */
  mailDoubled: number;
  /** Their Message-IDs. */
  mailDoubledIds: string[];
  /** Recorded mail the SMTP server never received (after settling: none should be pending). */
  mailLost: number;
  /** Releases delivered to a store more than once, and approved releases never delivered. */
  deliveriesDoubled: number;
  deliveriesMissing: number;
}

export const messageIdOf = (mail: ReceivedMail) => /^message-id:\s*(<[^>]+>)/im.exec(mail.raw)?.[1] ?? '';

export async function tally(db: Db, received: readonly ReceivedMail[]): Promise<Tally> {
  const handled = await count(db, 'select count(*) as n from processed_events');
  // A group's types are the ones it handled at least once: an event of such a type it has no mark for
  // (and did not park) was lost to it.
  const unhandled = await count(
    db,
    `with kinds as (
       select distinct p.group_name, e.type from processed_events p join events e on e.id = p.event_id)
     select count(*) as n from kinds k join events e on e.type = k.type
      where not exists (select 1 from processed_events p where p.group_name = k.group_name and p.event_id = e.id)
        and not exists (select 1 from failed_events f where f.group_name = k.group_name and f.event_id = e.id)`,
  );
  const parked = await count(db, "select count(*) as n from failed_events where status = 'parked'");
  const [projection, recount] = await Promise.all([platformStats(db), countPlatformStats(db)]);
  const statsDrift = Object.fromEntries(
    Object.entries(recount)
      .map(([name, value]) => [name, Number(projection[name as keyof typeof projection]) - Number(value)])
      .filter(([, drift]) => drift !== 0),
  ) as Record<string, number>;
  const seen = new Map<string, number>();
  for (const mail of received) seen.set(messageIdOf(mail), (seen.get(messageIdOf(mail)) ?? 0) + 1);
  const mailDoubledIds = [...seen].filter(([, n]) => n > 1).map(([id]) => id);
  const mailDoubled = mailDoubledIds.length;
  const recorded = (await db('mail_deliveries').select('messageId')) as Array<{ messageId: string }>;
  const mailLost = recorded.filter((row) => !seen.has(row.messageId)).length;
  const deliveriesDoubled = await count(
    db,
    `select count(*) as n from (
       select release_id from deliveries where kind = 'new' group by release_id, target_id having count(*) > 1) d`,
  );
  const deliveriesMissing = await count(
    db,
    `select count(*) as n from releases r
      where r.status = 'live'
        and not exists (select 1 from deliveries d where d.release_id = r.id and d.status <> 'error')`,
  );
  return {
    handled,
    unhandled,
    parked,
    statsDrift,
    mailDoubled,
    mailDoubledIds,
    mailLost,
    deliveriesDoubled,
    deliveriesMissing,
  };
}
