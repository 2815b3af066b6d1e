import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { repoRoot } from '../../db/src/config.ts';

export interface Proc {
  child: ChildProcess;
  output(): string;
  /** Sends SIGTERM and resolves with the exit code. */
  stop(): Promise<number | null>;
  /** Sends SIGKILL, a crash: no shutdown code runs. Resolves once the process is gone. */
  kill(): Promise<void>;
  exited: Promise<number | null>;
}

/**
 * Runs a TypeScript entry point of the repo on Node with tsx's loader, as `make start` would, with exactly
 * the env given. One process (the tsx command would run the code in a child of its own, which a SIGKILL
 * of the parent leaves running), so `child` is the process that runs the code.
 */
export function runEntry(entry: string, env: Record<string, string>): Proc {
  const node = path.join(repoRoot, 'node_modules/.bin/node');
  const child = spawn(node, ['--import', 'tsx', path.join(repoRoot, entry)], {
    cwd: repoRoot,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout?.on('data', (c: Buffer) => (out += c.toString()));
  child.stderr?.on('data', (c: Buffer) => (out += c.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return {
    child,
    output: () => out,
    exited,
    stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      return exited;
    },
    async kill() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
    },
  };
}

/** Polls a URL until it answers (any status), or fails after the timeout with the process output. */
export async function waitForHttp(url: string, proc: Proc, timeoutMs = 45_000): Promise<Response> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (proc.child.exitCode !== null) throw new Error(`process exited early:\n${proc.output()}`);
    try {
      return await fetch(url);
    } catch {
      await new Promise((r) => setTimeout(r, 200));
    }
  }
  throw new Error(`${url} did not answer in time:\n${proc.output()}`);
}

/** Resolves with `promise`, or fails when the process ends first or the deadline passes, with its output. */
export async function within<T>(
  what: string,
  promise: Promise<T>,
  proc: Proc,
  timeoutMs: number,
): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const failure = (why: string) => new Error(`${what}: ${why}\n${proc.output().slice(-4_000)}`);
  try {
    return await Promise.race([
      promise,
      proc.exited.then((code) => Promise.reject(failure(`the process exited (${code})`))),
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(failure(`not after ${timeoutMs} ms`)), timeoutMs);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}
