/** The real API in a process of its own, for `make bench` (the load comes from another process). */
import { loadConfig } from '@riffline/db';
import { createDeps, startServer } from '../api/src/server.ts';

const config = loadConfig(process.env);
const running = await startServer(createDeps(config), config.port, '127.0.0.1');
process.send?.('ready');
process.on('SIGTERM', () => void running.close());
