/**
 * The load generator in a process of its own. The benchmark's own process holds the database client,
 * the seed and the servers' bookkeeping: under load its old-space collections pause it, and the open loop
 * would count those pauses as the server's latency (docs/benchmarks.md). Here only the requests are in the
 * heap.
 *
 * As a child (forked by `startLoadClient`): each message names a load to run; the answer is its result.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { closedLoop, openLoop, type Latency, type Target, type Throughput } from './load.ts';

type Load =
  | { kind: 'closed'; target: Target; connections: number; durationMs: number }
  | { kind: 'open'; target: Target; ratePerSecond: number; durationMs: number };
type Job = Load & { id: number };

interface Answer {
  id: number;
  result?: Throughput | Latency;
  error?: string;
}

export interface LoadClient {
  closedLoop(target: Target, connections: number, durationMs: number): Promise<Throughput>;
  openLoop(target: Target, ratePerSecond: number, durationMs: number): Promise<Latency>;
  stop(): void;
}

export async function startLoadClient(): Promise<LoadClient> {
  const child: ChildProcess = fork(import.meta.filename, ['--client'], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  await new Promise<void>((resolve, reject) => {
    child.once('message', () => resolve());
    child.once('exit', (code) => reject(new Error(`the load client exited with ${code}`)));
  });
  let next = 0;
  const waiting = new Map<number, { resolve(result: unknown): void; reject(error: Error): void }>();
  child.on('message', (answer: Answer) => {
    const job = waiting.get(answer.id);
    waiting.delete(answer.id);
    if (answer.error !== undefined) job?.reject(new Error(answer.error));
    else job?.resolve(answer.result);
  });
  child.on('exit', () => {
    for (const job of waiting.values()) job.reject(new Error('the load client stopped'));
    waiting.clear();
  });
  const run = <T>(load: Load) =>
    new Promise<T>((resolve, reject) => {
      const id = next++;
      waiting.set(id, { resolve: resolve as (result: unknown) => void, reject });
      child.send({ ...load, id } satisfies Job);
    });
  return {
    closedLoop: (target, connections, durationMs) =>
      run<Throughput>({ kind: 'closed', target, connections, durationMs }),
    openLoop: (target, ratePerSecond, durationMs) =>
      run<Latency>({ kind: 'open', target, ratePerSecond, durationMs }),
    stop: () => void child.kill('SIGTERM'),
  };
}

if (process.argv[2] === '--client' && process.send) {
  process.on('message', (job: Job) => {
    const load =
      job.kind === 'closed'
        ? closedLoop(job.target, job.connections, job.durationMs)
        : openLoop(job.target, job.ratePerSecond, job.durationMs);
    load.then(
      (result) => process.send!({ id: job.id, result } satisfies Answer),
      (error: unknown) => process.send!({ id: job.id, error: String(error) } satisfies Answer),
    );
  });
  // The benchmark gone (finished or failed), nothing is left to load.
  process.on('disconnect', () => process.exit(0));
  process.send('ready');
}
