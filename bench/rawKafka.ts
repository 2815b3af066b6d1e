/**
 * The Kafka part's baseline in `make bench-pipeline`: raw kafkajs on the same broker, with the producer
 * and consumer settings of the workers' Kafka log (workers/src/events/kafkaLog.ts: an idempotent producer,
 * acks from every replica, fetches waiting at most 200 ms) and nothing else: no database, no relay, no
 * projection. The same two measurements as the pipeline's: a message at a time at a steady rate, from
 * the moment its send returned to the moment a consumer got it (p50, p99, max); and a backlog produced
 * while no consumer runs, consumed from the first message received to the last (messages per second).
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { Kafka, logLevel, type Consumer } from 'kafkajs';
import { uniqueName } from '../test/support/database.ts';

export interface RawKafkaResult {
  p50: number;
  p99: number;
  max: number;
  messages: number;
  perSecond: number;
}

const now = () => performance.timeOrigin + performance.now();
const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;

/** A message of about an event's size, as the relay sends one. */
const payload = (n: number) =>
  JSON.stringify({
    id: String(n),
    type: 'newsletter.subscribed',
    aggregateType: 'newsletter',
    aggregateId: `bench-${n}`,
    payload: { email: `bench-${n}@example.test`, reactivated: false },
    occurredAt: new Date().toISOString(),
  });

export async function measureRawKafka(
  brokers: string[],
  { seconds, rate, backlog }: { seconds: number; rate: number; backlog: number },
): Promise<RawKafkaResult> {
  const kafka = new Kafka({ clientId: 'riffline-bench-raw', brokers, logLevel: logLevel.WARN });
  const [steady, piled] = [uniqueName('bench-raw'), uniqueName('bench-raw-backlog')];
  const admin = kafka.admin();
  await admin.connect();
  try {
    await admin.createTopics({
      topics: [steady, piled].map((topic) => ({ topic, numPartitions: 1 })),
      waitForLeaders: true,
    });
  } finally {
    await admin.disconnect();
  }
  const producer = kafka.producer({ idempotent: true, maxInFlightRequests: 1 });
  await producer.connect();
  const consumers: Consumer[] = [];
  /** A consumer of its own group on `topic` from its beginning, noting when each message came. */
  const consume = async (topic: string, received: Map<string, number>) => {
    const consumer = kafka.consumer({ groupId: uniqueName('bench-raw'), maxWaitTimeInMs: 200 });
    consumers.push(consumer);
    await consumer.connect();
    await consumer.subscribe({ topics: [topic], fromBeginning: true });
    const joined = new Promise<void>((resolve) => consumer.on(consumer.events.GROUP_JOIN, () => resolve()));
    await consumer.run({
      eachMessage: async ({ message }) => void received.set(String(message.key), now()),
    });
    await joined;
  };
  const until = async (received: Map<string, number>, count: number) => {
    const deadline = Date.now() + 120_000;
    while (received.size < count) {
      if (Date.now() > deadline) throw new Error(`only ${received.size} of ${count} messages came`);
      await sleep(20);
    }
  };
  try {
    const received = new Map<string, number>();
    await consume(steady, received);
    const send = (n: number) =>
      producer.send({ topic: steady, acks: -1, messages: [{ key: String(n), value: payload(n) }] });
    // Warm-up (the group's first fetches, the producer's first sends), not counted.
    await Promise.all(Array.from({ length: 50 }, (_, n) => send(-1 - n)));
    await until(received, 50);

    const total = Math.round(seconds * rate);
    const sent = new Map<string, number>();
    const start = now() + 50;
    const sends: Promise<void>[] = [];
    for (let n = 0; n < total; n++) {
      const wait = start + (n * 1000) / rate - now();
      if (wait > 1) await sleep(wait);
      sends.push(send(n).then(() => void sent.set(String(n), now())));
    }
    await Promise.all(sends);
    await until(received, 50 + total);
    const latencies = [...sent].map(([key, at]) => received.get(key)! - at).sort((a, b) => a - b);

    // The backlog, in batches of 1,000 as the relay sends a step, then one consumer from the start.
    for (let n = 0; n < backlog; n += 1_000) {
      const messages = Array.from({ length: Math.min(1_000, backlog - n) }, (_, i) => ({
        key: String(n + i),
        value: payload(n + i),
      }));
      await producer.send({ topic: piled, acks: -1, messages });
    }
    const drained = new Map<string, number>();
    await consume(piled, drained);
    await until(drained, backlog);
    const times = [...drained.values()];
    const spanMs = Math.max(...times) - Math.min(...times);
    return {
      p50: percentile(latencies, 50),
      p99: percentile(latencies, 99),
      max: latencies.at(-1)!,
      messages: backlog,
      perSecond: (backlog - 1) / (spanMs / 1000),
    };
  } finally {
    for (const consumer of consumers) await consumer.disconnect().catch(() => undefined);
    await producer.disconnect().catch(() => undefined);
  }
}
