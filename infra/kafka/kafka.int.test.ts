import { Kafka, logLevel } from 'kafkajs';
import { describe, expect, inject, it } from 'vitest';

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
