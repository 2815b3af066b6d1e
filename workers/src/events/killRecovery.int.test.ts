/**
 * The event pipeline survives crashes (issue 12): while 10,000 events stream in, the Kafka broker, the
 * workers process (the relay, the notifications group) and a second consumer process (the `totals` group)
 * are killed with SIGKILL, and restarted; no event is lost and none is applied twice. A broker and a
 * database of the file's own: the run's shared broker is never killed.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Kafka, logLevel } from 'kafkajs';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { familyOf } from '@riffline/contracts';
import { appendEvent, ContactMessage, type Db } from '@riffline/db';
import { startKafka, type KafkaBroker } from '../../../infra/kafka/kafka.ts';
import { freePort } from '../../../infra/lib/ports.ts';
import { uniqueName } from '#test/support/database.ts';
import { openFreshDb } from '#test/support/db.ts';
import { pollUntil, waitUntilGroupPassed } from '#test/support/eventLog.ts';
import { runEntry, type Proc } from '#test/support/processes.ts';

// A broker can be started here (the run's own started), and the child processes can reach the database.
const runnable = Boolean(inject('kafkaBrokers')) && Boolean(inject('databaseServerUrl'));

const TOTAL = 10_000;
/** Every 20th event approves an artist's application; the others answer a contact message. */
const APPROVAL_EVERY = 20;
const APPROVALS = TOTAL / APPROVAL_EVERY;
const WRITERS = 4;
const APPROVAL_SUBJECT = 'Welcome to Riffline: your application is approved';
const CLIENT_ID = 'riffline';
/** The workers' group that handles both events (it records the mail to send), and the counting one. */
const GROUPS = ['notifications', 'totals'] as const;
const FINISH = { timeoutMs: 150_000, intervalMs: 200 };

describe.skipIf(!runnable)(
  'the event pipeline killed mid-stream (broker, relay and consumers: SIGKILL)',
  () => {
    const topicPrefix = uniqueName('kill');
    const kafkaDir = path.join(os.tmpdir(), uniqueName('riffline-kafka-kill'));
    const dataDir = path.join(os.tmpdir(), uniqueName('riffline-workers-kill'));
    const adminId = uniqueName('kill-admin');
    let fresh: Awaited<ReturnType<typeof openFreshDb>>;
    let db: Db;
    let broker: KafkaBroker | undefined;
    let workers: Proc | undefined;
    let totals: Proc | undefined;
    let healthPort: number;

    beforeAll(async () => {
      [fresh, broker, healthPort] = await Promise.all([
        openFreshDb(),
        startKafka({ dataDir: kafkaDir, keep: true }),
        freePort(),
      ]);
      db = fresh.db;
      // What test/support/totalsConsumer.ts adds up.
      await db.schema.createTable('event_totals', (t) => {
        t.text('type').notNullable();
        t.text('aggregate_id').notNullable();
        t.integer('applied').notNullable();
        t.primary(['type', 'aggregate_id']);
      });
    }, 120_000);

    afterAll(async () => {
      await Promise.all([workers?.kill(), totals?.kill()]);
      await broker?.stop();
      await fresh?.close();
      fs.rmSync(kafkaDir, { recursive: true, force: true });
      fs.rmSync(dataDir, { recursive: true, force: true });
    });

    const env = () => ({
      DATABASE_URL: fresh.url!,
      KAFKA_BROKERS: broker!.brokers.join(','),
      KAFKA_CLIENT_ID: CLIENT_ID,
      KAFKA_TOPIC_PREFIX: topicPrefix,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
    });
    /** The workers entry (docker compose `workers`): the relay and the product's consumer groups. */
    const startWorkers = () =>
      runEntry('workers/src/main.ts', { ...env(), WORKERS_HEALTH_PORT: String(healthPort) });
    const startTotals = () => runEntry('test/support/totalsConsumer.ts', env());

    /** 500 artists whose applications wait for review, 9,500 visitors' contact messages, one admin. */
    async function seed() {
      await db('users').insert({ id: adminId, email: `${adminId}@example.test`, role: 'admin' });
      const artists = Array.from({ length: APPROVALS }, (_, i) => ({
        id: `${adminId}-artist-${i}`,
        email: `${adminId}-artist-${i}@example.test`,
        firstName: `Artist${i}`,
      }));
      await db('users').insert(artists);
      // One statement each: 9,500 rows of four values stay under PostgreSQL's 65,535 parameters.
      const applications: { id: string }[] = await db('applications')
        .insert(
          artists.map((artist, i) => ({
            userId: artist.id,
            legalName: `Legal Person ${i}`,
            artistName: `Kill Band ${i}`,
            age: 22,
            genre: 'pop',
            artistStory: 'A story',
            instagram: 'https://instagram.com/a',
            youtube: 'https://youtube.com/@a',
          })),
        )
        .returning('id');
      const messages: { id: string }[] = await db('contact_messages')
        .insert(
          Array.from({ length: TOTAL - APPROVALS }, (_, i) => ({
            name: `Visitor ${i}`,
            email: `visitor-${i}@example.test`,
            subject: `Question ${i}`,
            message: 'How do I get my music on streaming services?',
          })),
        )
        .returning('id');
      return { applications: applications.map((a) => a.id), messages: messages.map((m) => m.id) };
    }

    // What the API's commands do in their transactions (api/src/commands: reviewApplication,
    // replyToContactMessage), which workers may not import: the state change and its event commit together.
    const approve = (id: string) =>
      db.transaction(async (trx) => {
        const [application] = await trx('applications')
          .where({ id, status: 'pending' })
          .update({ status: 'approved', reviewedBy: adminId, reviewedAt: new Date() })
          .returning('*');
        const [user] = await trx('users')
          .where({ id: application.userId })
          .update({ isApproved: true })
          .returning('*');
        return appendEvent(trx, {
          type: 'application.approved',
          aggregateId: id,
          actorId: adminId,
          payload: {
            userId: user.id,
            email: user.email,
            firstName: user.firstName,
            artistName: application.artistName,
          },
        });
      });
    const reply = (id: string) =>
      db.transaction(async (trx) => {
        const now = new Date();
        const message = await ContactMessage.query(trx).findById(id).forUpdate();
        const text = `Thanks ${message!.name}: see the upload guide.`;
        await ContactMessage.query(trx).patchAndFetchById(id, {
          status: 'replied',
          reply: text,
          repliedAt: now,
          handledBy: adminId,
          handledAt: now,
        });
        return appendEvent(trx, {
          type: 'contact.replied',
          aggregateId: id,
          actorId: adminId,
          payload: { name: message!.name, email: message!.email, subject: message!.subject, message: text },
        });
      });

    /** Events handled per group so far. */
    async function processed(): Promise<Record<string, number>> {
      const rows: { groupName: string; n: string }[] = await db('processed_events')
        .groupBy('groupName')
        .select('groupName')
        .count({ n: '*' });
      return Object.fromEntries(GROUPS.map((g) => [g, Number(rows.find((r) => r.groupName === g)?.n ?? 0)]));
    }

    /** Every message on the log's topics, from the beginning to the end offsets as they are now. */
    async function readLog(topics: string[]): Promise<{ id: string; position: string }[]> {
      const kafka = new Kafka({
        clientId: uniqueName('kill-reader'),
        brokers: broker!.brokers,
        logLevel: logLevel.NOTHING,
      });
      const admin = kafka.admin();
      await admin.connect();
      const left = new Map<string, bigint>();
      try {
        for (const topic of topics) {
          for (const p of await admin.fetchTopicOffsets(topic)) {
            if (BigInt(p.high) > BigInt(p.low)) left.set(`${topic}/${p.partition}`, BigInt(p.high));
          }
        }
      } finally {
        await admin.disconnect();
      }
      const seen: { id: string; position: string }[] = [];
      const consumer = kafka.consumer({ groupId: uniqueName('kill-reader'), maxWaitTimeInMs: 100 });
      await consumer.connect();
      try {
        await consumer.subscribe({ topics, fromBeginning: true });
        await new Promise<void>((resolve, reject) => {
          if (left.size === 0) resolve();
          consumer
            .run({
              eachMessage: async ({ topic, partition, message }) => {
                const event = JSON.parse(String(message.value)) as { id: string; position: string };
                seen.push({ id: event.id, position: event.position });
                const key = `${topic}/${partition}`;
                if (BigInt(message.offset) + 1n >= (left.get(key) ?? 0n)) left.delete(key);
                if (left.size === 0) resolve();
              },
            })
            .catch(reject);
        });
      } finally {
        await consumer.disconnect();
      }
      return seen;
    }

    it('loses no event and applies none twice: the projections match a recomputation from the source tables', async () => {
      const { applications, messages } = await seed();
      workers = startWorkers();
      totals = startTotals();
      const said = () =>
        `workers said: ${workers?.output().slice(-1_500)}\ntotals said: ${totals?.output().slice(-1_500)}`;

      // Committed transactions, WRITERS at a time, each one command and its event.
      const appended: string[] = [];
      let next = 0;
      const writing = Promise.all(
        Array.from({ length: WRITERS }, async () => {
          while (next < TOTAL) {
            const i = next++;
            const event =
              i % APPROVAL_EVERY === 0
                ? await approve(applications[i / APPROVAL_EVERY]!)
                : await reply(messages[i - Math.floor(i / APPROVAL_EVERY) - 1]!);
            appended.push(event.id);
          }
        }),
      );

      // Mid-stream: the relay has published, both groups have applied, and more is still coming. The broker
      // dies first (a publish under way hangs in the producer's retries), the consumer processes right after.
      let progress: Record<string, number> = {};
      await pollUntil(
        'the pipeline did not get going',
        async () => {
          progress = await processed();
          return Math.min(...Object.values(progress)) >= 300 ? true : undefined;
        },
        () => `appended ${appended.length}, processed ${JSON.stringify(progress)}\n${said()}`,
        { timeoutMs: 60_000, intervalMs: 50 },
      );
      await broker!.kill();
      await Promise.all([workers.kill(), totals.kill()]);
      const atKill = { appended: appended.length, processed: await processed() };
      expect(atKill.appended).toBeLessThan(TOTAL);
      for (const group of GROUPS) expect(atKill.processed[group]).toBeLessThan(atKill.appended);

      // A moment later (the writers went on: their events wait in the outbox) the broker comes back on what
      // it had written, then the consumer processes (their dead members hold the groups until their
      // sessions time out, which the broker counts from its start).
      const restarting = startKafka({ dataDir: kafkaDir, keep: true }).then((b) => (broker = b));
      await pollUntil(
        'the writers stopped while the pipeline was down',
        async () => (appended.length >= Math.min(atKill.appended + 500, TOTAL) ? true : undefined),
        () => `appended ${appended.length}`,
        { timeoutMs: 30_000, intervalMs: 20 },
      );
      await restarting;
      const killed = said();
      workers = startWorkers();
      totals = startTotals();

      await writing;
      expect(appended).toHaveLength(TOTAL);
      const last = await db('events').max({ id: 'id' }).first();
      const kafka = { brokers: broker!.brokers, clientId: CLIENT_ID, topicPrefix };
      for (const group of GROUPS) {
        await waitUntilGroupPassed({ db, group, kafka }, String(last!.id), FINISH).catch((error: Error) => {
          throw new Error(`${error.message}\nbefore the kill: ${killed}\nafter the restart: ${said()}`);
        });
      }
      expect(await workers.stop()).toBe(0);
      expect(await totals.stop()).toBe(0);

      // Every event was logged: each has its one position, and is on the log under it (a relay killed
      // between the broker's ack and its commit publishes a batch again: a copy under another position).
      const events: { id: string; type: string; aggregateType: string; position: string | null }[] = await db(
        'events',
      ).select('id', 'type', 'aggregateType', 'position');
      expect(events).toHaveLength(TOTAL);
      expect(events.filter((e) => e.position === null)).toEqual([]);
      expect(new Set(events.map((e) => e.position)).size).toBe(TOTAL);
      const topics = [...new Set(events.map((e) => `${topicPrefix}.${familyOf(e.aggregateType)}`))];
      expect(topics.sort()).toEqual([`${topicPrefix}.artists`, `${topicPrefix}.support`]);
      const copies = new Map<string, Set<string>>();
      for (const { id, position } of await readLog(topics)) {
        copies.set(id, (copies.get(id) ?? new Set()).add(position));
      }
      expect(events.filter((e) => !copies.get(String(e.id))?.has(String(e.position)))).toEqual([]);
      expect(copies.size).toBe(TOTAL);

      // Applied once per group: one processed_events row per event and group, and no dead letter.
      const claims: { groupName: string; eventId: string }[] = await db('processed_events').select(
        'groupName',
        'eventId',
      );
      const claimedBy = (group: string) =>
        claims.filter((c) => c.groupName === group).map((c) => String(c.eventId));
      for (const group of GROUPS) {
        expect(claimedBy(group).sort()).toEqual(events.map((e) => String(e.id)).sort());
      }
      // The workers' stats group reads the approvals (and answers to contact messages are none of its).
      const approvals = events.filter((e) => e.type === 'application.approved').map((e) => String(e.id));
      expect(approvals).toHaveLength(APPROVALS);
      expect(claimedBy('stats').sort()).toEqual(approvals.sort());
      expect(claims).toHaveLength(TOTAL * GROUPS.length + APPROVALS);
      expect(await db('failed_events')).toEqual([]);

      // Recomputed from the source tables: what was replied to, and who was approved.
      const replied: { id: string; email: string; subject: string }[] = await db('contact_messages')
        .where({ status: 'replied' })
        .select('id', 'email', 'subject');
      const approved: { id: string; email: string }[] = await db('applications')
        .join('users', 'users.id', 'applications.userId')
        .where('applications.status', 'approved')
        .select('applications.id', 'users.email');
      expect(replied).toHaveLength(TOTAL - APPROVALS);
      expect(approved).toHaveLength(APPROVALS);

      // The totals: one application per event, so each source row counts exactly 1.
      const counted: { type: string; aggregateId: string; applied: number }[] = await db(
        'event_totals',
      ).select('type', 'aggregateId', 'applied');
      const key = (r: { type: string; aggregateId: string; applied: number }) =>
        `${r.type} ${r.aggregateId} ${r.applied}`;
      expect(counted.map(key).sort()).toEqual(
        [
          ...replied.map((r) => ({ type: 'contact.replied', aggregateId: r.id, applied: 1 })),
          ...approved.map((a) => ({ type: 'application.approved', aggregateId: a.id, applied: 1 })),
        ]
          .map(key)
          .sort(),
      );

      // The mail the notifications group recorded: one message per reply and per approval, to its address.
      const mail: { eventId: string; toAddress: string; subject: string }[] = await db(
        'mail_deliveries',
      ).select('eventId', 'toAddress', 'subject');
      expect(new Set(mail.map((m) => String(m.eventId)))).toEqual(new Set(events.map((e) => String(e.id))));
      expect(
        mail
          .filter((m) => m.subject === APPROVAL_SUBJECT)
          .map((m) => m.toAddress)
          .sort(),
      ).toEqual(approved.map((a) => a.email).sort());
      expect(
        mail
          .filter((m) => m.subject !== APPROVAL_SUBJECT)
          .map((m) => `${m.toAddress} ${m.subject}`)
          .sort(),
      ).toEqual(replied.map((r) => `${r.email} Re: ${r.subject}`).sort());
      // The whole test's ceiling lies above the sum of its waits for state, each bounded on its own: a
      // slower machine takes longer here, not differently.
    }, 600_000);
  },
);
