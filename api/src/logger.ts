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

/**
 * Standard output for JSON lines, shared by every logger of the process. Written asynchronously: a line
 * never waits for the terminal or the log collector, and lines logged while a write is under way leave
 * together in the next one (a synchronous write per request cost more than the rest of a small request).
 * Nothing waits in a buffer when traffic is light, and pino writes what is left when the process exits.
 */
function stdout(): DestinationStream {
  stdoutDestination ??= pino.destination({ dest: 1, sync: false });
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
