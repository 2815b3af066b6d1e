import { describe, expect, it } from 'vitest';
import { runEntry } from '#test/support/processes.ts';
import { createLogger } from './logger.ts';

function capture() {
  const lines: string[] = [];
  return { lines, output: { write: (chunk: string) => lines.push(chunk) } };
}

describe('createLogger', () => {
  it('prints readable lines in development: requests on one line, no JSON', () => {
    const { lines, output } = capture();
    const logger = createLogger({ logLevel: 'info', env: 'development' }, 'api', output);
    logger
      .child({ reqId: 'r-1' })
      .info({ method: 'GET', url: '/api/health', status: 200, ms: 4.2 }, 'request');
    logger.child({ component: 'workers' }).info({ eventLog: 'postgres' }, 'workers started');
    logger
      .child({ reqId: 'r-2' })
      .error({ method: 'POST', url: '/api/x', status: 500, ms: 1 }, 'request failed');

    expect(lines).toHaveLength(3);
    for (const line of lines) expect(() => JSON.parse(line)).toThrow();
    expect(lines[0]).toMatch(/^\[\d\d:\d\d:\d\d\] INFO.*: GET \/api\/health 200 4\.2 ms\n$/);
    expect(lines[0]).not.toContain('r-1');
    expect(lines[1]).toContain('workers: workers started');
    expect(lines[1]).toContain('"eventLog":"postgres"');
    expect(lines[2]).toContain('ERROR');
    expect(lines[2]).toContain('request failed: POST /api/x 500 1 ms');
    expect(lines[2]).toContain('"reqId":"r-2"');
  });

  it('writes JSON lines in production and in tests', () => {
    for (const env of ['production', 'test'] as const) {
      const { lines, output } = capture();
      createLogger({ logLevel: 'info', env }, 'api', output).info({ status: 200 }, 'hello');
      expect(JSON.parse(lines[0]!)).toMatchObject({ level: 30, name: 'api', msg: 'hello', status: 200 });
    }
  });
});

describe('standard output (production)', () => {
  const logged = (output: string) =>
    output
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as { msg: string; i?: number });

  it('sends every line soon after it is logged, batched or not, while nothing more comes', async () => {
    // 300 lines are more than one batch (8 KB): some leave as a full batch, the rest and the last line
    // wait for the flush, which must still come once the process logs nothing more.
    const proc = runEntry('api/src/logger.fixture.ts', { LINES: '300' });
    try {
      await expect.poll(() => logged(proc.output()).length, { timeout: 15_000, interval: 50 }).toBe(301);
      const lines = logged(proc.output());
      expect(lines.slice(0, 300).map((l) => l.i)).toEqual([...Array(300).keys()]);
      expect(lines[300]!.msg).toBe('last');
    } finally {
      await proc.stop();
    }
  });

  it('writes what is left when the process exits', async () => {
    const proc = runEntry('api/src/logger.fixture.ts', { LINES: '5000', THEN: 'exit' });
    expect(await proc.exited).toBe(0);
    expect(logged(proc.output()).map((l) => l.i)).toEqual([...Array(5000).keys()]);
  });
});
