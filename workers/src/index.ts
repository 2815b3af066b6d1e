export { startWorkers, type Workers, type WorkerDeps } from './runtime.ts';
export { replayStats } from './stats/replay.ts';
export { replaySmartLinkStats } from './smartlinks/replay.ts';
