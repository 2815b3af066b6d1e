/**
 * The production topology on one machine, without Docker: a PostgreSQL cluster of its own, the Kafka
 * broker (or the Postgres event log), the S3 server, an SFTP drop box, an SMTP server, two API processes
 * behind nginx and two workers processes in one consumer group, each a separate process started as an
 * operator would (`NODE_ENV=production`). `make stack` runs it for a developer (infra/stack/main.ts);
 * `make verify` runs its faults against it (test/verify/).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { connect, loadConfig } from '../../db/src/index.ts';
import { createDemoAccounts } from '../../api/src/identityProvider/demoAccounts.ts';
import { runEntry, type Proc } from '../../test/support/processes.ts';
import { startKafka, type KafkaBroker } from '../kafka/kafka.ts';
import { freePort } from '../lib/ports.ts';
import { startS3, type LocalS3 } from '../s3/s3.ts';
import { startSftp, type LocalSftp } from '../sftp/sftp.ts';
import { startSmtp, type LocalSmtp } from '../smtp/smtp.ts';
import { startNginx, type StackProxy } from './nginx.ts';
import { startPostgres, type StackPostgres } from './postgres.ts';

export interface StackOptions {
  /** Where every part keeps its data; `.data/stack` for `make stack`. */
  dir: string;
  eventLog: 'kafka' | 'postgres';
  /** Partitions per topic on Kafka: more than one, so that the two workers processes share them. */
  partitions?: number;
  logLevel?: string;
}

export interface Stack {
  /** Where users go: nginx in front of the API processes. */
  url: string;
  /** The settings every API and workers process runs with. */
  env: Record<string, string>;
  postgres: StackPostgres;
  kafka: KafkaBroker | null;
  s3: LocalS3;
  sftp: LocalSftp;
  smtp: LocalSmtp;
  proxy: StackProxy;
  apis: StackProcess[];
  workers: StackProcess[];
  /** Brings a killed broker back on its data and ports. */
  restartKafka(): Promise<void>;
  stop(): Promise<void>;
}

export interface StackProcess {
  name: string;
  /** Its own address: the API's port, or the workers' health port. */
  url: string;
  proc: Proc;
  /** SIGKILL, as a crash. */
  kill(): Promise<void>;
  /** Starts it again with the same settings and waits until it is healthy. */
  restart(): Promise<void>;
}

/** Polls a URL until it answers 200, or fails with the process output. */
async function waitHealthy(url: string, proc: Proc, timeoutMs = 90_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last = '';
  while (Date.now() < deadline) {
    if (proc.child.exitCode !== null)
      throw new Error(`${url}: the process exited:\n${proc.output().slice(-4000)}`);
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(2_000) });
      if (res.ok) return;
      last = `${res.status} ${await res.text()}`;
    } catch (error) {
      last = String(error);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} was not healthy in time (${last}):\n${proc.output().slice(-4000)}`);
}

/** Runs the entry with its output appended to `<dir>/logs/<name>.log` (kept across restarts). */
function logged(dir: string, name: string, entry: string, env: Record<string, string>): Proc {
  const proc = runEntry(entry, env);
  fs.mkdirSync(path.join(dir, 'logs'), { recursive: true });
  const log = fs.createWriteStream(path.join(dir, 'logs', `${name}.log`), { flags: 'a' });
  proc.child.stdout?.pipe(log, { end: false });
  proc.child.stderr?.pipe(log, { end: false });
  void proc.exited.then(() => log.end());
  return proc;
}

/** Starts the entry as a stack process and resolves once its health check answers 200. */
async function startProcess(
  dir: string,
  name: string,
  entry: string,
  env: Record<string, string>,
  url: string,
  health: string,
): Promise<StackProcess> {
  const handle: StackProcess = {
    name,
    url,
    proc: logged(dir, name, entry, env),
    kill: () => handle.proc.kill(),
    async restart() {
      handle.proc = logged(dir, name, entry, env);
      await waitHealthy(health, handle.proc);
    },
  };
  try {
    await waitHealthy(health, handle.proc);
  } catch (error) {
    await handle.kill();
    throw error;
  }
  return handle;
}

export async function startStack(options: StackOptions): Promise<Stack> {
  const dir = path.resolve(options.dir);
  fs.mkdirSync(dir, { recursive: true });
  const started: Array<() => Promise<void> | void> = [];
  const stopAll = async () => {
    for (const stop of started.reverse()) await Promise.resolve(stop()).catch(() => undefined);
  };
  try {
    const postgres = await startPostgres(path.join(dir, 'postgres'));
    started.push(() => postgres.stop());
    // Each part's stop is kept as soon as it is up, so a part that fails to start leaves none running.
    const part = async <T extends { stop(): Promise<void> }>(starting: Promise<T>) => {
      const running = await starting;
      started.push(() => running.stop());
      return running;
    };
    const [kafka, s3, sftp, smtp] = await Promise.all([
      options.eventLog === 'kafka'
        ? part(startKafka({ dataDir: path.join(dir, 'kafka'), keep: true }))
        : null,
      part(startS3({ directory: path.join(dir, 's3'), keep: true })),
      part(startSftp({ directory: path.join(dir, 'sftp') })),
      part(startSmtp()),
    ]);
    const [proxyPort, ...ports] = await Promise.all(Array.from({ length: 5 }, () => freePort()));
    const url = `http://127.0.0.1:${proxyPort}`;
    const env: Record<string, string> = {
      NODE_ENV: 'production',
      PUBLIC_URL: url,
      TRUST_PROXY_HOPS: '1',
      DATABASE_URL: postgres.url,
      ...(kafka
        ? {
            KAFKA_BROKERS: kafka.brokers.join(','),
            KAFKA_PARTITIONS: String(options.partitions ?? 4),
            KAFKA_TOPIC_PREFIX: 'riffline',
          }
        : {}),
      ...s3.env,
      SMTP_URL: smtp.url,
      MAIL_FROM: 'Riffline <no-reply@riffline.local>',
      SESSION_KEYS: secret(dir, 'session-key'),
      DELIVERY_CREDENTIALS_KEY: secret(dir, 'delivery-key'),
      OIDC_ALLOW_EMBEDDED_IN_PRODUCTION: 'true',
      DATA_DIR: path.join(dir, 'app'),
      LOG_LEVEL: options.logLevel ?? 'warn',
    };
    const api = (port: number, i: number) =>
      startProcess(
        dir,
        `api-${i + 1}`,
        'api/src/main.ts',
        { ...env, PORT: String(port) },
        `http://127.0.0.1:${port}`,
        `http://127.0.0.1:${port}/api/health`,
      );
    const worker = (port: number, i: number) =>
      startProcess(
        dir,
        `workers-${i + 1}`,
        'workers/src/main.ts',
        { ...env, WORKERS_HEALTH_PORT: String(port) },
        `http://127.0.0.1:${port}`,
        `http://127.0.0.1:${port}/health`,
      );
    const running = (p: StackProcess) => {
      started.push(() => p.proc.stop().then(() => undefined));
      return p;
    };
    // Both at once, as replicas start: they take turns migrating the empty database (db/src/migrate.ts).
    const starts = await Promise.allSettled([api(ports[0]!, 0), api(ports[1]!, 1)]);
    const apis = starts.flatMap((s) => (s.status === 'fulfilled' ? [running(s.value)] : []));
    for (const s of starts) if (s.status === 'rejected') throw s.reason;
    const db = connect(loadConfig(env));
    try {
      await createDemoAccounts(db);
    } finally {
      await db.destroy();
    }
    const workers = [running(await worker(ports[2]!, 0)), running(await worker(ports[3]!, 1))];
    const proxy = await startNginx(path.join(dir, 'nginx'), proxyPort!, ports.slice(0, 2));
    started.push(() => proxy.stop());
    const stack: Stack = {
      url,
      env,
      postgres,
      kafka,
      s3,
      sftp,
      smtp,
      proxy,
      apis,
      workers,
      async restartKafka() {
        stack.kafka = await startKafka({ dataDir: path.join(dir, 'kafka'), keep: true });
      },
      async stop() {
        await proxy.stop();
        await Promise.all([...stack.apis, ...stack.workers].map((p) => p.proc.stop()));
        await stack.kafka?.stop();
        await Promise.all([s3.stop(), sftp.stop(), smtp.stop()]);
        postgres.stop();
      },
    };
    return stack;
  } catch (error) {
    await stopAll();
    throw error;
  }
}

/** A random secret made on the first start and kept beside the data, so a restart keeps sessions. */
function secret(dir: string, name: string): string {
  const file = path.join(dir, name);
  if (!fs.existsSync(file))
    fs.writeFileSync(file, crypto.randomBytes(32).toString('base64url'), { mode: 0o600 });
  return fs.readFileSync(file, 'utf8');
}
