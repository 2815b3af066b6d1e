import { Writable } from 'node:stream';
import Koa from 'koa';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { requestLogger } from './requestLogger.ts';

function capture() {
  const lines: Array<Record<string, unknown>> = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
      done();
    },
  });
  return { lines, logger: pino({ level: 'info' }, stream) };
}

async function serve(app: Koa, path: string) {
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const { port } = server.address() as { port: number };
  try {
    const response = await fetch(`http://127.0.0.1:${port}${path}`);
    await response.text();
    return response;
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
}

describe('requestLogger', () => {
  it('writes one line per request with the id it sends back, and redacts emailed tokens', async () => {
    const { lines, logger } = capture();
    const app = new Koa().use(requestLogger(logger)).use((ctx) => {
      ctx.body = 'ok';
    });
    const response = await serve(app, '/verify?token=secret-token&x=1');
    const id = response.headers.get('x-request-id');
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(lines).toEqual([
      expect.objectContaining({ reqId: id, method: 'GET', url: '/verify?token=[redacted]&x=1', status: 200 }),
    ]);
    expect(lines[0]!.msg).toBe('request');
  });

  it("gives handlers a logger bound to the request's id, used for its own line too", async () => {
    const { lines, logger } = capture();
    const app = new Koa().use(requestLogger(logger)).use((ctx) => {
      ctx.state.logger.warn({ step: 1 }, 'inside');
      ctx.status = 503;
    });
    const response = await serve(app, '/x');
    const id = response.headers.get('x-request-id');
    expect(lines.map((l) => [l.msg, l.reqId])).toEqual([
      ['inside', id],
      ['request failed', id],
    ]);
  });
});
