import { parentPort, workerData } from 'node:worker_threads';
import { KnownCodes } from './lineBatch.ts';
import { ReportFileProblem } from './projections.ts';
import { checkedBatches, type ReaderMessage, type ThreadMessage } from './reader.ts';

/**
 * The thread that reads and checks a report's lines (reader.ts, batchesInThread): the file's bytes come in
 * as messages, each acknowledged once taken (`consumed`), the batches go out as they fill (their arrays
 * moved, not copied), then `done`, or `failed` with why.
 */
const port = parentPort!;
const { delimiter, batchLines } = workerData as { delimiter: string; batchLines: number };

const known = new KnownCodes();
const inbox: ReaderMessage[] = [];
let wake: (() => void) | null = null;
port.on('message', (message: ReaderMessage) => {
  // What the matching learnt applies at once (the bytes wait their turn).
  if (message.type === 'learn') return known.learn(message.isrcs, message.upcs);
  inbox.push(message);
  wake?.();
  wake = null;
});

async function* bytes(): AsyncGenerator<Buffer> {
  for (;;) {
    while (!inbox.length) await new Promise<void>((resolve) => (wake = resolve));
    const message = inbox.shift()!;
    if (message.type !== 'bytes') return;
    port.postMessage({ type: 'consumed' } satisfies ThreadMessage);
    const { chunk } = message;
    yield Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
  }
}

try {
  for await (const { batch, transfer } of checkedBatches(bytes(), delimiter, batchLines, known))
    port.postMessage({ type: 'batch', batch } satisfies ThreadMessage, transfer);
  port.postMessage({ type: 'done' } satisfies ThreadMessage);
} catch (error) {
  const message = error instanceof Error ? error.message : String(error);
  port.postMessage({
    type: 'failed',
    message,
    fileProblem: error instanceof ReportFileProblem,
  } satisfies ThreadMessage);
}
