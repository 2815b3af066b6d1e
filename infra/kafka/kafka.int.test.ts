import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Kafka, logLevel } from 'kafkajs';
import { describe, expect, inject, it } from 'vitest';
import { startKafka, type KafkaBroker } from './kafka.ts';

const brokers = inject('kafkaBrokers');

describe.skipIf(!brokers)('the Kafka broker started by infra/kafka', () => {
  it('carries a message from an idempotent producer to a consumer in a consumer group', async () => {
    const kafka = new Kafka({ clientId: 'infra-test', brokers: brokers!, logLevel: logLevel.NOTHING });
    const suffix = `${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
    const topic = `infra-test-${suffix}`;
    const admin = kafka.admin();
    await admin.connect();
    await admin.createTopics({ topics: [{ topic, numPartitions: 1 }], waitForLeaders: true });
    await admin.disconnect();

    const consumer = kafka.consumer({ groupId: `infra-test-group-${suffix}`, maxWaitTimeInMs: 100 });
    const producer = kafka.producer({ idempotent: true, maxInFlightRequests: 1 });
    try {
      await consumer.connect();
      await consumer.subscribe({ topic, fromBeginning: true });
      const joined = new Promise<void>((resolve) => consumer.on(consumer.events.GROUP_JOIN, () => resolve()));
      const received = new Promise<{ key: string; value: string; partition: number }>((resolve) => {
        void consumer.run({
          eachMessage: async ({ message, partition }) => {
            resolve({ key: String(message.key), value: String(message.value), partition });
          },
        });
      });
      await joined;

      await producer.connect();
      await producer.send({
        topic,
        acks: -1,
        timeout: 10_000,
        messages: [{ key: 'release-1', value: JSON.stringify({ type: 'release.submitted' }) }],
      });

      await expect(received).resolves.toEqual({
        key: 'release-1',
        value: '{"type":"release.submitted"}',
        partition: 0,
      });
    } finally {
      await producer.disconnect();
      await consumer.disconnect();
    }
  });
});

describe.skipIf(!brokers)('a broker started with keep (make kafka)', () => {
  it('comes back with its topics, messages and consumer offsets; without keep it starts empty', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'riffline-kafka-keep-'));
    const topic = 'kept-topic';
    const group = 'kept-group';
    const consumeAll = async (broker: KafkaBroker) => {
      const kafka = new Kafka({ clientId: 'keep-test', brokers: broker.brokers, logLevel: logLevel.NOTHING });
      const consumer = kafka.consumer({ groupId: group, maxWaitTimeInMs: 100 });
      await consumer.connect();
      await consumer.subscribe({ topic, fromBeginning: true });
      const seen: string[] = [];
      const admin = kafka.admin();
      await admin.connect();
      const end = Number((await admin.fetchTopicOffsets(topic))[0]!.high);
      await admin.disconnect();
      await new Promise<void>((resolve) => {
        void consumer.run({
          eachMessage: async ({ message }) => {
            seen.push(String(message.value));
            if (Number(message.offset) + 1 >= end) resolve();
          },
        });
      });
      await consumer.disconnect(); // commits the group's offsets
      return seen;
    };
    let broker = await startKafka({ dataDir, keep: true });
    try {
      const kafka = new Kafka({ clientId: 'keep-test', brokers: broker.brokers, logLevel: logLevel.NOTHING });
      const admin = kafka.admin();
      await admin.connect();
      await admin.createTopics({ topics: [{ topic, numPartitions: 1 }], waitForLeaders: true });
      await admin.disconnect();
      const producer = kafka.producer({ idempotent: true, maxInFlightRequests: 1 });
      await producer.connect();
      await producer.send({ topic, acks: -1, messages: [{ value: 'one' }, { value: 'two' }] });
      expect(await consumeAll(broker)).toEqual(['one', 'two']);
      await producer.send({ topic, acks: -1, messages: [{ value: 'three' }] });
      await producer.disconnect();
      await broker.stop();

      broker = await startKafka({ dataDir, keep: true });
      // The same group reads on from where it stopped: only what it had not read yet.
      expect(await consumeAll(broker)).toEqual(['three']);
      await broker.stop();

      broker = await startKafka({ dataDir });
      const fresh = new Kafka({ clientId: 'keep-test', brokers: broker.brokers, logLevel: logLevel.NOTHING });
      const freshAdmin = fresh.admin();
      await freshAdmin.connect();
      expect(await freshAdmin.listTopics()).not.toContain(topic);
      await freshAdmin.disconnect();
    } finally {
      await broker.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 180_000);
});
