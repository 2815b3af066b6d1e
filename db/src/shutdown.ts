/**
 * For process entry points: on SIGTERM or SIGINT (once), log, run `stop` and exit 0; exit 1 if stopping
 * fails, so an orchestrator sees it.
 */
export function stopOnSignals(
  logger: { info(obj: object, msg: string): void },
  stop: () => Promise<void>,
): void {
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    try {
      await stop();
      process.exit(0);
    } catch (error) {
      console.error(error);
      process.exit(1);
    }
  };
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  process.once('SIGINT', () => void shutdown('SIGINT'));
}
