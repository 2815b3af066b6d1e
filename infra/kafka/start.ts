/**
 * `make kafka`: runs a local broker in the foreground until Ctrl-C. It keeps its topics, messages and
 * consumer offsets in `.data/kafka` across restarts; `make kafka FRESH=1` (KAFKA_FRESH=1) starts clean.
 */
import path from 'node:path';
import { repoRoot } from '../../db/src/config.ts';
import { startKafka } from './kafka.ts';

const port = process.env.KAFKA_PORT ? Number(process.env.KAFKA_PORT) : 9092;
const fresh = ['1', 'true'].includes(process.env.KAFKA_FRESH ?? '');
const broker = await startKafka({ dataDir: path.join(repoRoot, '.data', 'kafka'), port, keep: !fresh });
console.log(`Kafka is ready: KAFKA_BROKERS=${broker.brokers.join(',')} (Ctrl-C stops it)`);
const stop = async () => {
  await broker.stop();
  process.exit(0);
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
