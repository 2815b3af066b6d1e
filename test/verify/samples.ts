/**
 * What the soak samples and how it reads a trend: a process's resident memory and open sockets (from
 * /proc), the workers' event gauges (their `GET /metrics`), a percentile of request latencies, a series'
 * lower envelope and a least-squares slope.
 */
import fs from 'node:fs';
import { hasSeries, sample } from '../support/metrics.ts';
import { GROUPS } from './checks.ts';

/** Resident memory of a process in MB (VmRSS); NaN once it is gone. */
export function rssMb(pid: number | undefined): number {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = /^VmRSS:\s+(\d+)\s+kB/m.exec(status)?.[1];
    return kb ? Number(kb) / 1024 : NaN;
  } catch {
    return NaN;
  }
}

/** Open sockets of a process (its file descriptors that are sockets); NaN once it is gone. */
export function openSockets(pid: number | undefined): number {
  const dir = `/proc/${pid}/fd`;
  try {
    let n = 0;
    for (const fd of fs.readdirSync(dir)) {
      try {
        if (fs.readlinkSync(`${dir}/${fd}`).startsWith('socket:')) n += 1;
      } catch {
        // Closed between the listing and the read.
      }
    }
    return n;
  } catch {
    return NaN;
  }
}

export interface EventGauges {
  /** Committed events the relay has not put on the log yet. */
  backlog: number;
  /** Per consumer group, events on the log it has not read yet (a group the process did not report is absent). */
  lags: Record<string, number>;
}

/** The outbox backlog and each group's lag, as a workers process's `GET /metrics` reports them. */
export async function eventGauges(workersUrl: string): Promise<EventGauges> {
  const res = await fetch(`${workersUrl}/metrics`, { signal: AbortSignal.timeout(15_000) });
  if (!res.ok) throw new Error(`${workersUrl}/metrics: ${res.status}`);
  const text = await res.text();
  const lags: Record<string, number> = {};
  for (const group of GROUPS) {
    if (hasSeries(text, 'riffline_consumer_lag_events', { group }))
      lags[group] = sample(text, 'riffline_consumer_lag_events', { group });
  }
  return { backlog: sample(text, 'riffline_outbox_backlog_events'), lags };
}

/** The nearest-rank percentile (0 < p ≤ 1) of `values`; null when there are none. */
export function percentile(values: readonly number[], p: number): number | null {
  if (!values.length) return null;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)]!;
}

/** The least-squares slope of y over x (y's units per x unit); 0 with fewer than two distinct x. */
export function slope(points: ReadonlyArray<{ x: number; y: number }>): number {
  const n = points.length;
  if (n < 2) return 0;
  const mx = points.reduce((s, p) => s + p.x, 0) / n;
  const my = points.reduce((s, p) => s + p.y, 0) / n;
  let sxy = 0;
  let sxx = 0;
  for (const p of points) {
    sxy += (p.x - mx) * (p.y - my);
    sxx += (p.x - mx) ** 2;
  }
  return sxx === 0 ? 0 : sxy / sxx;
}

/**
 * Each value's lowest from there to the end: the floor a series keeps coming back to. A collector's sawtooth
 * lifts the highs and drops back, a leak lifts the floor too.
 */
export function lowerEnvelope(values: readonly number[]): number[] {
  const floor: number[] = [];
  let low = Infinity;
  for (let i = values.length - 1; i >= 0; i--) {
    low = Number.isNaN(values[i]) || Number.isNaN(low) ? NaN : Math.min(low, values[i]!);
    floor[i] = low;
  }
  return floor;
}

/** A Markdown table. */
export function markdownTable(header: readonly string[], rows: ReadonlyArray<readonly unknown[]>): string {
  return [
    `| ${header.join(' | ')} |`,
    `| ${header.map(() => '---').join(' | ')} |`,
    ...rows.map((r) => `| ${r.join(' | ')} |`),
  ].join('\n');
}
