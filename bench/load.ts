/**
 * Two ways to load a server, on keep-alive connections:
 * - closed loop: N connections each send the next request when the last answer is in (throughput);
 * - open loop: requests start on an even schedule whatever the answers do, and latency counts from the
 *   scheduled start (so a slow server cannot hide its queue: no coordinated omission).
 */
import http from 'node:http';

export interface Target {
  url: string;
  headers?: Record<string, string>;
}

function once(agent: http.Agent, target: Target): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.get(target.url, { agent, headers: target.headers }, (res) => {
      res.resume();
      res.on('end', () =>
        res.statusCode === 200
          ? resolve(res.statusCode)
          : reject(new Error(`${target.url}: ${res.statusCode}`)),
      );
    });
    req.on('error', reject);
  });
}

export interface Throughput {
  requests: number;
  perSecond: number;
}

export async function closedLoop(
  target: Target,
  connections: number,
  durationMs: number,
): Promise<Throughput> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const end = performance.now() + durationMs;
  let requests = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < end) {
        await once(agent, target);
        requests++;
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  agent.destroy();
  return { requests, perSecond: requests / seconds };
}

export interface Latency {
  sent: number;
  p50: number;
  p99: number;
  max: number;
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

export async function openLoop(target: Target, ratePerSecond: number, durationMs: number): Promise<Latency> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
  const interval = 1000 / ratePerSecond;
  const total = Math.floor((durationMs / 1000) * ratePerSecond);
  const start = performance.now() + 50;
  const latencies: number[] = [];
  const pending: Promise<void>[] = [];
  for (let i = 0; i < total; i++) {
    const due = start + i * interval;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    pending.push(once(agent, target).then(() => void latencies.push(performance.now() - due)));
  }
  await Promise.all(pending);
  agent.destroy();
  latencies.sort((a, b) => a - b);
  return {
    sent: total,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    max: latencies.at(-1) ?? 0,
  };
}
