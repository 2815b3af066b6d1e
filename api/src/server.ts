import type { Server } from 'node:http';
import { connect, createStorage, type Config } from '@riffline/db';
import { createApp, type CreatedApp } from './app.ts';
import { systemClock, type ApiDeps, type AppDeps } from './context.ts';
import { sessionKeys } from './session/secrets.ts';
import { sweepExpired } from './session/sweep.ts';
import { createLogger } from './logger.ts';

export interface RunningServer {
  deps: ApiDeps;
  router: CreatedApp['router'];
  server: Server;
  url: string;
  /** Stops taking connections, lets in-flight requests finish, then closes the database (unless kept). */
  close(options?: { keepDb?: boolean }): Promise<void>;
}

export function createDeps(config: Config, overrides: Partial<AppDeps> = {}): AppDeps {
  const db = overrides.db ?? connect(config);
  const clock = overrides.clock ?? systemClock;
  return {
    config,
    db,
    // Local storage's signed URLs (GET /api/files/…) are signed with the session keys.
    storage:
      overrides.storage ??
      createStorage(config, { signingKeys: () => sessionKeys(db, config.session.keys), clock }),
    logger: overrides.logger ?? createLogger(config),
    clock,
    rateLimitNamespace: overrides.rateLimitNamespace,
  };
}

export async function startServer(
  deps: AppDeps,
  port = deps.config.port,
  host = deps.config.host,
): Promise<RunningServer> {
  const { app, deps: apiDeps, router } = await createApp(deps);
  const server = app.listen(port, host);
  await new Promise<void>((resolve, reject) => {
    server.once('listening', resolve);
    server.once('error', reject);
  });
  server.keepAliveTimeout = 5_000;
  const address = server.address();
  const actualPort = typeof address === 'object' && address ? address.port : port;
  // Expired sessions, sign-in grants and rate-limit windows are swept every 10 minutes.
  const sweep = setInterval(() => {
    void sweepExpired(deps.db, deps.clock(), deps.config.payments.orderTtlMs, deps.config.retention).catch(
      (err: unknown) => deps.logger.warn({ err }, 'sweeping expired rows failed'),
    );
  }, 10 * 60_000);
  sweep.unref();
  let closing: Promise<void> | undefined;
  return {
    deps: apiDeps,
    router,
    server,
    url: `http://127.0.0.1:${actualPort}`,
    close(options = {}) {
      closing ??= (async () => {
        clearInterval(sweep);
        await new Promise<void>((resolve) => {
          server.close(() => resolve());
          server.closeIdleConnections();
          // Requests still running after 10 s are cut off rather than holding shutdown forever.
          setTimeout(() => server.closeAllConnections(), 10_000).unref();
        });
        if (!options.keepDb) await deps.db.destroy();
      })();
      return closing;
    },
  };
}
