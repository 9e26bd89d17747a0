import http from 'node:http';
import type Koa from 'koa';
import type { Logger } from './logger';

/** Starts an HTTP server and closes it (plus the given resources) on SIGINT/SIGTERM. */
export async function listen(
  app: Koa<any>,
  port: number,
  host: string,
  logger: Logger,
  onClose: () => Promise<void> = async () => {},
): Promise<http.Server> {
  const server = http.createServer(app.callback());
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  const address = server.address();
  logger.info({ address }, 'listening');
  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    logger.info({ signal }, 'shutting down');
    server.closeAllConnections();
    server.close(() => {
      void onClose().finally(() => process.exit(0));
    });
    setTimeout(() => process.exit(0), 5000).unref();
  };
  process.once('SIGINT', () => shutdown('SIGINT'));
  process.once('SIGTERM', () => shutdown('SIGTERM'));
  return server;
}
