export interface PollLoop {
  /** Runs the next step now instead of after the pause (new work is known to be there). */
  wake(): void;
  stop(): Promise<void>;
}

/**
 * Runs `step` until stopped: again at once while it reports more work, after `idleMs` when it has
 * none, and after a growing pause (250 ms doubling up to 5 s) while it keeps failing. A wake ends an idle
 * pause, never the pause after a failure (new work does not make a failing step succeed sooner).
 */
export function pollLoop(
  step: () => Promise<'more' | 'idle'>,
  options: { idleMs: number; onError(error: unknown, failures: number): void },
): PollLoop {
  let stopping = false;
  let wake: (() => void) | null = null;
  let woken = false;
  let backingOff = false;
  const done = (async () => {
    let failures = 0;
    while (!stopping) {
      let next: 'more' | 'idle' = 'idle';
      try {
        next = await step();
        failures = 0;
      } catch (error) {
        failures += 1;
        options.onError(error, failures);
      }
      if (stopping) break;
      if (next === 'more') continue;
      if (woken && !failures) {
        woken = false;
        continue;
      }
      woken = false;
      const pause = failures ? Math.min(250 * 2 ** (failures - 1), 5_000) : options.idleMs;
      backingOff = failures > 0;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, pause);
        wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      wake = null;
    }
  })();
  return {
    wake() {
      woken = true;
      if (!backingOff) (wake as (() => void) | null)?.();
    },
    async stop() {
      stopping = true;
      (wake as (() => void) | null)?.();
      await done;
    },
  };
}
