/**
 * Starts a real single-node Apache Kafka 3.9 broker (KRaft, combined broker + controller) on loopback,
 * from jars resolved out of Maven Central by ./pom.xml. No Docker: the broker runs on the machine's JDK.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Kafka, logLevel } from 'kafkajs';
import { freePort } from '../lib/ports.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const libDir = path.join(here, 'lib');

export interface KafkaBroker {
  brokers: string[];
  dataDir: string;
  stop(): Promise<void>;
  /**
   * Ends the broker with SIGKILL, as a crash would: no clean shutdown. What it had written stays in
   * `dataDir`; `startKafka({ dataDir, keep: true })` brings it back on the same ports.
   */
  kill(): Promise<void>;
}

export interface StartKafkaOptions {
  /** Where the broker keeps its logs and KRaft metadata; wiped at start unless `keep`. */
  dataDir: string;
  /**
   * Start on what the last broker in `dataDir` left (its topics, messages and consumer offsets), on the
   * same ports, when it left anything; a fresh broker otherwise.
   */
  keep?: boolean;
  /** PLAINTEXT port; a free one when omitted. */
  port?: number;
  startTimeoutMs?: number;
}

/** True when a JDK and Maven are on PATH, i.e. a broker can be started here. */
export function javaToolchainPresent(): boolean {
  const ok = (cmd: string, args: string[]) => spawnSync(cmd, args, { stdio: 'ignore' }).status === 0;
  return ok('java', ['-version']) && ok('mvn', ['-v']);
}

/** Copies the broker's runtime jars into lib/ once (mvn uses ~/.m2, so later runs are offline). */
export function resolveJars(): string {
  const marker = path.join(libDir, '.resolved');
  if (fs.existsSync(marker)) return libDir;
  const result = spawnSync(
    'mvn',
    [
      '-B',
      '-q',
      '-f',
      path.join(here, 'pom.xml'),
      'dependency:copy-dependencies',
      '-DincludeScope=runtime',
      `-DoutputDirectory=${libDir}`,
    ],
    { stdio: ['ignore', 'pipe', 'pipe'], encoding: 'utf8' },
  );
  if (result.status !== 0) {
    throw new Error(`mvn could not resolve the Kafka broker jars:\n${result.stdout}\n${result.stderr}`);
  }
  fs.writeFileSync(marker, new Date().toISOString());
  return libDir;
}

function javaArgs(dataDir: string, mainClass: string, args: string[]): string[] {
  return [
    '-Xms256m',
    '-Xmx512m',
    '-XX:+UseG1GC',
    '-Djava.awt.headless=true',
    `-Dlog4j.configuration=file:${path.join(dataDir, 'log4j.properties')}`,
    `-Dkafka.logs.dir=${path.join(dataDir, 'logs')}`,
    '-cp',
    `${libDir}/*`,
    mainClass,
    ...args,
  ];
}

function writeConfig(dataDir: string, port: number, controllerPort: number): string {
  const props = [
    'process.roles=broker,controller',
    'node.id=1',
    `controller.quorum.voters=1@127.0.0.1:${controllerPort}`,
    `listeners=PLAINTEXT://127.0.0.1:${port},CONTROLLER://127.0.0.1:${controllerPort}`,
    `advertised.listeners=PLAINTEXT://127.0.0.1:${port}`,
    'controller.listener.names=CONTROLLER',
    'listener.security.protocol.map=PLAINTEXT:PLAINTEXT,CONTROLLER:PLAINTEXT',
    'inter.broker.listener.name=PLAINTEXT',
    `log.dirs=${path.join(dataDir, 'kraft-logs')}`,
    'num.partitions=1',
    'offsets.topic.replication.factor=1',
    'offsets.topic.num.partitions=1',
    'transaction.state.log.replication.factor=1',
    'transaction.state.log.min.isr=1',
    'default.replication.factor=1',
    'min.insync.replicas=1',
    'group.initial.rebalance.delay.ms=0',
    'auto.create.topics.enable=false',
    'log.retention.hours=24',
  ];
  const file = path.join(dataDir, 'server.properties');
  fs.writeFileSync(file, props.join('\n') + '\n');
  fs.writeFileSync(
    path.join(dataDir, 'log4j.properties'),
    [
      'log4j.rootLogger=WARN, file',
      'log4j.logger.kafka.server.KafkaServer=INFO',
      'log4j.logger.kafka.server.KafkaRaftServer=INFO',
      'log4j.logger.kafka.server.BrokerServer=INFO',
      'log4j.appender.file=org.apache.log4j.FileAppender',
      `log4j.appender.file.File=${path.join(dataDir, 'broker.log')}`,
      'log4j.appender.file.layout=org.apache.log4j.PatternLayout',
      'log4j.appender.file.layout.ConversionPattern=[%d] %p %m (%c)%n',
    ].join('\n') + '\n',
  );
  return file;
}

function format(dataDir: string, configFile: string): void {
  const uuid = spawnSync('java', javaArgs(dataDir, 'kafka.tools.StorageTool', ['random-uuid']), {
    encoding: 'utf8',
  });
  const clusterId = uuid.stdout.trim().split('\n').pop();
  if (uuid.status !== 0 || !clusterId) throw new Error(`kafka-storage random-uuid failed: ${uuid.stderr}`);
  const fmt = spawnSync(
    'java',
    javaArgs(dataDir, 'kafka.tools.StorageTool', ['format', '-t', clusterId, '-c', configFile]),
    { encoding: 'utf8' },
  );
  if (fmt.status !== 0) throw new Error(`kafka-storage format failed: ${fmt.stdout}${fmt.stderr}`);
}

async function waitUntilReady(child: ChildProcess, brokers: string[], deadline: number): Promise<void> {
  // Each attempt fails at once while the broker is not there (kafkajs would otherwise retry inside it for
  // seconds), and gives up after a second on a broker that takes the connection but does not answer yet
  // (kafkajs waits 30 s for a request by default: a broker restarted on its data, still recovering, held an
  // attempt for seconds after it served the relay), so the broker is seen within about a second of answering.
  const kafka = new Kafka({
    clientId: 'infra-ready-check',
    brokers,
    logLevel: logLevel.NOTHING,
    connectionTimeout: 1_000,
    requestTimeout: 1_000,
    retry: { retries: 0 },
  });
  let lastError: unknown;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the broker exited with code ${child.exitCode}`);
    const admin = kafka.admin();
    try {
      await admin.connect();
      await admin.listTopics();
      return;
    } catch (error) {
      lastError = error;
    } finally {
      await admin.disconnect().catch(() => undefined);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`Kafka did not become ready in time: ${String(lastError)}`);
}

function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const kill = setTimeout(() => child.kill('SIGKILL'), 15_000);
    child.once('exit', () => {
      clearTimeout(kill);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

export async function startKafka(options: StartKafkaOptions): Promise<KafkaBroker> {
  resolveJars();
  const dataDir = path.resolve(options.dataDir);
  const portsFile = path.join(dataDir, 'ports.json');
  const formatted =
    fs.existsSync(path.join(dataDir, 'kraft-logs', 'meta.properties')) && fs.existsSync(portsFile);
  const reuse = Boolean(options.keep) && formatted;
  if (!reuse) fs.rmSync(dataDir, { recursive: true, force: true });
  fs.mkdirSync(path.join(dataDir, 'logs'), { recursive: true });
  // A kept broker comes back on its own ports: the controller's is part of the KRaft metadata it keeps.
  const kept = reuse
    ? (JSON.parse(fs.readFileSync(portsFile, 'utf8')) as { port: number; controllerPort: number })
    : undefined;
  const port = options.port ?? kept?.port ?? (await freePort());
  const controllerPort = kept?.controllerPort ?? (await freePort());
  const configFile = writeConfig(dataDir, port, controllerPort);
  if (!reuse) format(dataDir, configFile);
  fs.writeFileSync(portsFile, JSON.stringify({ port, controllerPort }));

  const child = spawn('java', javaArgs(dataDir, 'kafka.Kafka', [configFile]), {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4000);
  });
  // Never outlive the process that started the broker, even when it dies without cleaning up.
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);
  const stop = async () => {
    process.off('exit', killOnExit);
    await stopProcess(child);
  };
  const kill = async () => {
    process.off('exit', killOnExit);
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.kill('SIGKILL');
    await exited;
  };
  const brokers = [`127.0.0.1:${port}`];
  try {
    await waitUntilReady(child, brokers, Date.now() + (options.startTimeoutMs ?? 90_000));
  } catch (error) {
    await stop();
    const log = fs.existsSync(path.join(dataDir, 'broker.log'))
      ? fs.readFileSync(path.join(dataDir, 'broker.log'), 'utf8').slice(-4000)
      : '';
    throw new Error(`${(error as Error).message}\n${stderr}\n${log}`, { cause: error });
  }
  return { brokers, dataDir, stop, kill };
}
