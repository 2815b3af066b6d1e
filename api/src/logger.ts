import pino, { type DestinationStream, type Logger, type LoggerOptions } from 'pino';
import { prettyFactory } from 'pino-pretty';
import type { Config } from '@riffline/db';

/** Where log lines go; stdout unless a test captures them. */
export interface LogOutput {
  write(chunk: string): unknown;
}

/**
 * The process logger (pino). In development (`make start`) it prints one readable line per entry
 * (time, level, message, then the other fields); a request reads `GET /api/health 200 4.2 ms`. In
 * production and in tests it writes pino's JSON lines, one object per line (tests are silent unless
 * LOG_LEVEL says otherwise).
 */
export function createLogger(
  config: Pick<Config, 'logLevel'> & Partial<Pick<Config, 'env'>>,
  name = 'api',
  output?: LogOutput,
): Logger {
  const options: LoggerOptions = {
    name,
    level: config.logLevel,
    redact: ['req.headers.cookie', 'req.headers.authorization'],
  };
  if (config.env === 'development') return pino(options, prettyOutput(output ?? process.stdout));
  return pino(options, output ? (output as DestinationStream) : stdout());
}

let stdoutDestination: DestinationStream | undefined;

/** How long a line may wait to leave with others; past `STDOUT_BATCH_BYTES` of them they leave at once. */
const STDOUT_FLUSH_MS = 100;
const STDOUT_BATCH_BYTES = 8 * 1024;

/**
 * Standard output for JSON lines, shared by every logger of the process. Written asynchronously and in
 * batches: a line never waits for the terminal or the log collector, and lines leave together once 8 KB
 * of them are waiting, else at most 100 ms after they were logged. A write per line would cost every
 * request a hand-over to libuv's threads and a system call; batched, many lines share one
 * (docs/benchmarks.md). pino writes what is left when the process exits (not after SIGKILL: the last
 * 100 ms of lines are lost then).
 */
function stdout(): DestinationStream {
  if (stdoutDestination) return stdoutDestination;
  const destination = pino.destination({ dest: 1, sync: false, minLength: STDOUT_BATCH_BYTES });
  // Bytes handed to the destination and bytes it wrote: what is left waits for the next flush (one asked
  // for while a write is under way does nothing, so it is asked for again until nothing waits).
  let handed = 0;
  let written = 0;
  destination.on('write', (bytes: number) => (written += bytes));
  setInterval(() => {
    if (handed <= written) return;
    try {
      destination.flush();
    } catch {
      // Ended as the process exits (pino wrote what was left then): nothing more to send.
    }
  }, STDOUT_FLUSH_MS).unref();
  stdoutDestination = {
    write(line: string) {
      handed += Buffer.byteLength(line);
      return destination.write(line);
    },
  };
  return stdoutDestination;
}

/**
 * pino-pretty in this thread (no transport worker): lines keep their order with `console.log` output
 * such as `make start`'s banner, and nothing is lost when the process exits right after logging.
 */
function prettyOutput(output: LogOutput): DestinationStream {
  const prettify = prettyFactory({
    translateTime: 'SYS:HH:MM:ss',
    ignore: 'pid,hostname,name',
    singleLine: true,
  });
  return {
    write(line: string) {
      let entry: Record<string, unknown>;
      try {
        entry = JSON.parse(line) as Record<string, unknown>;
      } catch {
        output.write(line);
        return;
      }
      output.write(prettify(readable(entry)));
    },
  };
}

/** Folds the request fields into the message and puts `component` (workers) in front of it. */
function readable(entry: Record<string, unknown>): Record<string, unknown> {
  const { method, url, status, ms } = entry;
  const out = { ...entry };
  if (typeof method === 'string' && typeof url === 'string' && typeof status === 'number') {
    const request = `${method} ${url} ${status}${typeof ms === 'number' ? ` ${ms} ms` : ''}`;
    out.msg = entry.msg === 'request' ? request : `${String(entry.msg)}: ${request}`;
    delete out.method;
    delete out.url;
    delete out.status;
    delete out.ms;
    // The request id matters next to a failure (it is on the error's own line too), not on every line.
    if (entry.msg === 'request') delete out.reqId;
  }
  if (typeof entry.component === 'string') {
    out.msg = `${entry.component}: ${String(out.msg ?? '')}`;
    delete out.component;
  }
  return out;
}
