import { describe, expect, it } from 'vitest';
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
