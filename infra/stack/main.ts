/**
 * `make stack` / `make stack-stop`: the production topology of infra/stack/stack.ts in the background,
 * its data in `.data/stack`. `start` runs a supervisor process (`run`) detached, with its log in
 * `.data/stack/stack.log`, and returns once the stack answers; `stop` ends the supervisor, which stops
 * every part in order. STACK_EVENT_LOG=postgres runs it on the Postgres event log instead of Kafka.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { repoRoot } from '../../db/src/config.ts';
import { demoAccounts } from '../../api/src/identityProvider/demoAccounts.ts';
import { ensureNginx } from './nginx.ts';
import { startStack } from './stack.ts';

const dir = path.join(repoRoot, '.data/stack');
const stateFile = path.join(dir, 'state.json');
const logFile = path.join(dir, 'stack.log');

interface State {
  pid: number;
  url: string;
  parts: Record<string, string>;
}

const readState = (): State | null =>
  fs.existsSync(stateFile) ? (JSON.parse(fs.readFileSync(stateFile, 'utf8')) as State) : null;

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

async function start(): Promise<void> {
  const running = readState();
  if (running && alive(running.pid)) {
    console.log(`The stack is already running at ${running.url} (make stack-stop ends it).`);
    return;
  }
  if (!ensureNginx()) {
    console.error('make stack needs nginx (apt-get install nginx-light).');
    process.exit(1);
  }
  fs.mkdirSync(dir, { recursive: true });
  fs.rmSync(stateFile, { force: true });
  const log = fs.openSync(logFile, 'w');
  const child = spawn(process.execPath, ['--import', 'tsx', import.meta.filename, 'run'], {
    cwd: repoRoot,
    detached: true,
    stdio: ['ignore', log, log],
    env: process.env,
  });
  child.unref();
  console.log(
    'Starting PostgreSQL, Kafka, S3, SFTP, SMTP, two API and two workers processes behind nginx...',
  );
  const deadline = Date.now() + 300_000;
  while (!readState()) {
    if (child.exitCode !== null || Date.now() > deadline) {
      console.error(
        `The stack did not start (${logFile}):\n${fs.readFileSync(logFile, 'utf8').slice(-4000)}`,
      );
      process.exit(1);
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  const state = readState()!;
  console.log(`The stack is running at ${state.url} (artist app /, admin console /admin)`);
  for (const [part, where] of Object.entries(state.parts)) console.log(`  ${part.padEnd(12)} ${where}`);
  for (const demo of demoAccounts) console.log(`  ${demo.label.padEnd(12)} ${demo.email} / ${demo.password}`);
  console.log(`Logs: ${logFile}, each process in ${path.join(dir, 'logs')}. make stack-stop ends it.`);
}

async function run(): Promise<void> {
  const eventLog = process.env.STACK_EVENT_LOG === 'postgres' ? 'postgres' : 'kafka';
  const stack = await startStack({ dir, eventLog, logLevel: process.env.LOG_LEVEL ?? 'info' });
  const parts: Record<string, string> = {
    postgres: stack.postgres.url,
    'event log': stack.kafka ? `kafka ${stack.kafka.brokers.join(',')}` : 'postgres',
    s3: stack.s3.endpoint,
    sftp: `127.0.0.1:${stack.sftp.port}`,
    smtp: stack.smtp.url,
    ...Object.fromEntries([...stack.apis, ...stack.workers].map((p) => [p.name, p.url])),
  };
  fs.writeFileSync(stateFile, JSON.stringify({ pid: process.pid, url: stack.url, parts } satisfies State));
  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    void stack
      .stop()
      .catch((error: unknown) => console.error(error))
      .finally(() => {
        fs.rmSync(stateFile, { force: true });
        process.exit(0);
      });
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

async function stop(): Promise<void> {
  const state = readState();
  if (!state || !alive(state.pid)) {
    console.log('The stack is not running.');
    fs.rmSync(stateFile, { force: true });
    return;
  }
  process.kill(state.pid, 'SIGTERM');
  const deadline = Date.now() + 60_000;
  while (alive(state.pid) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 250));
  if (alive(state.pid)) process.kill(state.pid, 'SIGKILL');
  console.log('The stack is stopped (its data stays in .data/stack).');
}

const command = process.argv[2];
if (command === 'start') await start();
else if (command === 'run') await run();
else if (command === 'stop') await stop();
else {
  console.error('usage: main.ts start|run|stop');
  process.exit(2);
}
