import { setTimeout as sleep } from 'node:timers/promises';
import pino from 'pino';
import { describe, expect } from 'vitest';
import { dbTest, unique } from '#test/support/db.ts';
import { appendMarker } from '#test/support/eventLog.ts';
import { deliver, retryPolicy } from './deliver.ts';
import type { LoggedEvent } from './log.ts';

describe('deliver', () => {
  dbTest(
    'a handler that runs long keeps its Kafka member alive (heartbeats while it runs, and stops after)',
    async ({ db }) => {
      const marker = await appendMarker(db);
      let beats = 0;
      const outcome = await deliver(
        {
          db,
          logger: pino({ level: 'silent' }),
          retry: retryPolicy(1),
          signal: new AbortController().signal,
          heartbeat: async () => {
            beats += 1;
          },
          heartbeatEveryMs: 50,
        },
        // A store report's import, in miniature: longer than several heartbeat intervals.
        { group: unique('slow'), handlers: { 'setting.changed': () => sleep(500) } },
        { ...marker, position: '1' } as LoggedEvent,
      );
      expect(outcome).toBe('handled');
      expect(beats).toBeGreaterThanOrEqual(5);
      const after = beats;
      await sleep(200);
      expect(beats).toBe(after);
    },
  );
});
