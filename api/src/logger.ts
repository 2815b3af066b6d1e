import pino, { type Logger } from 'pino';
import type { Config } from '@riffline/db';

export function createLogger(config: Pick<Config, 'logLevel'>, name = 'api'): Logger {
  return pino({ name, level: config.logLevel, redact: ['req.headers.cookie', 'req.headers.authorization'] });
}
