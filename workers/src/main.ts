/** The workers process (docker compose `workers`): runs the consumers and answers GET /health and /metrics. */
import http from 'node:http';
import pino from 'pino';
import { collectDefaultMetrics } from 'prom-client';
import { connect, loadConfigOrExit, stopOnSignals } from '@riffline/db';
import { serveMetrics } from './metrics.ts';
import { serveHealth } from './health.ts';
import { startWorkers } from './runtime.ts';

const config = loadConfigOrExit();
const logger = pino({ name: 'workers', level: config.logLevel });
const db = connect(config);
const workers = await startWorkers({ config, db, logger });
collectDefaultMetrics({ register: workers.metrics });
const metricsEndpoint = serveMetrics(config, workers.metrics, logger);
const health = serveHealth(workers);

const server = http.createServer(async (req, res) => {
  if (req.url === '/metrics') return metricsEndpoint(req, res);
  if (req.url !== '/health') {
    res.writeHead(404, { 'content-type': 'application/json' }).end('{"message":"Not Found"}');
    return;
  }
  return health(req, res);
});
server.listen(config.workers.healthPort, config.host, () => {
  logger.info({ port: config.workers.healthPort }, 'workers health on /health');
});

stopOnSignals(logger, async () => {
  server.close();
  await workers.stop();
  await db.destroy();
});
