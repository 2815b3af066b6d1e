export { startWorkers, type Workers, type WorkerDeps } from './runtime.ts';
