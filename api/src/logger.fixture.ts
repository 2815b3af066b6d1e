/**
 * A process that logs to standard output as the API does (production: pino's JSON lines), for
 * logger.test.ts: `LINES` lines, then either `process.exit(0)` at once (`THEN=exit`) or one line more and
 * it stays up, logging nothing, until it is stopped.
 */
import { createLogger } from './logger.ts';

const logger = createLogger({ logLevel: 'info', env: 'production' });
for (let i = 0; i < Number(process.env.LINES); i++) logger.info({ i }, 'line');
if (process.env.THEN === 'exit') process.exit(0);
logger.info('last');
setInterval(() => undefined, 60_000);
