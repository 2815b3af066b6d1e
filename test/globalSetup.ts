/**
 * Starts the real services the suites need, once per `vitest run`:
 * - a fresh PostgreSQL database on the machine's server (DATABASE_URL, else 127.0.0.1:5432), migrated,
 *   dropped at the end; PGlite per test file when no server answers (never in CI);
 * - a single-node Kafka broker from infra/kafka when a JDK and Maven are present (always in CI).
 * In CI a service that cannot start fails the run; locally it is reported and its suites are skipped.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { connect, loadConfig, migrateLatest } from '../db/src/index.ts';
import { javaToolchainPresent, startKafka, type KafkaBroker } from '../infra/kafka/kafka.ts';
import {
  createDatabase,
  dropDatabase,
  serverProblem,
  testServerUrl,
  uniqueName,
} from './support/database.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    databaseServerUrl: string | null;
    databaseUrl: string | null;
    kafkaBrokers: string[] | null;
    skipReasons: Record<string, string>;
  }
}

const ci = process.env.CI === 'true' || process.env.CI === '1';

async function setupDatabase(): Promise<{
  server: string | null;
  url: string | null;
  cleanup(): Promise<void>;
}> {
  const server = testServerUrl();
  let problem = await serverProblem(server);
  // The broker's JVM start can starve a 2-core machine for a moment: give the server a few tries.
  for (let attempt = 1; problem && attempt < 4; attempt++) {
    await new Promise((r) => setTimeout(r, 1000));
    problem = await serverProblem(server);
  }
  if (problem) {
    if (ci) throw new Error(`CI: PostgreSQL at ${server} did not answer: ${problem}`);
    console.warn(
      `[test] PostgreSQL at ${server} did not answer (${problem}): suites use embedded PGlite instead`,
    );
    return { server: null, url: null, cleanup: async () => undefined };
  }
  const name = uniqueName('riffline_test');
  const url = await createDatabase(server, name);
  const db = connect(loadConfig({ NODE_ENV: 'test', DATABASE_URL: url }));
  try {
    await migrateLatest(db);
  } finally {
    await db.destroy();
  }
  return { server, url, cleanup: () => dropDatabase(server, name) };
}

async function setupKafka(): Promise<KafkaBroker | string> {
  if (process.env.RIFFLINE_TEST_KAFKA === '0' && !ci) return 'RIFFLINE_TEST_KAFKA=0';
  if (!javaToolchainPresent()) {
    if (ci) throw new Error('CI: java and mvn are needed to start the Kafka broker');
    return 'no JDK/Maven on this machine';
  }
  const dataDir = path.join(os.tmpdir(), uniqueName('riffline-kafka'));
  const broker = await startKafka({ dataDir });
  return {
    ...broker,
    async stop() {
      await broker.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export default async function setup(project: TestProject) {
  const [databaseResult, kafkaResult] = await Promise.allSettled([setupDatabase(), setupKafka()]);
  if (databaseResult.status === 'rejected' || kafkaResult.status === 'rejected') {
    // Stop whatever did start before failing the run, so no broker or database outlives it.
    if (databaseResult.status === 'fulfilled') await databaseResult.value.cleanup();
    if (kafkaResult.status === 'fulfilled' && typeof kafkaResult.value !== 'string')
      await kafkaResult.value.stop();
    throw databaseResult.status === 'rejected'
      ? databaseResult.reason
      : (kafkaResult as PromiseRejectedResult).reason;
  }
  const database = databaseResult.value;
  const kafka = kafkaResult.value;
  const skipReasons: Record<string, string> = {};
  if (typeof kafka === 'string') {
    skipReasons.kafka = kafka;
    console.warn(`[test] Kafka suites skipped: ${kafka}`);
  }
  project.provide('databaseServerUrl', database.server);
  project.provide('databaseUrl', database.url);
  project.provide('kafkaBrokers', typeof kafka === 'string' ? null : kafka.brokers);
  project.provide('skipReasons', skipReasons);

  return async () => {
    await Promise.allSettled([database.cleanup(), typeof kafka === 'string' ? undefined : kafka.stop()]);
  };
}
