import http from 'node:http';
import type Koa from 'koa';
import { requestContext } from './http';
import type { Logger } from './logger';

/**
 * Last line of defence: an exception no request handler caught is logged with the id of the request
 * it happened for (when there is one), then the process exits so that its supervisor (npm start,
 * systemd, the container runtime) starts a clean one. Going on after an unknown failure could serve
 * from broken state.
 */
export function logFatalExceptions(logger: Logger): void {
  const fatal = (err: unknown, kind: string) => {
    logger.fatal({ err, requestId: requestContext.getStore()?.requestId }, kind);
    process.exit(1);
  };
  process.on('uncaughtException', (err) => fatal(err, 'uncaught exception'));
  process.on('unhandledRejection', (err) => fatal(err, 'unhandled rejection'));
}

/**
 * A request Node's parser refuses before any app code runs (a URL or headers over 16 KB, broken
 * syntax) still gets a JSON `{message}`, like every other refusal, instead of an empty reply.
 */
export function answerMalformedRequest(error: Error & { code?: string }, socket: import('node:stream').Duplex): void {
  if (!socket.writable) {
    socket.destroy();
    return;
  }
  const tooLarge = error.code === 'HPE_HEADER_OVERFLOW';
  const status = tooLarge ? '431 Request Header Fields Too Large' : '400 Bad Request';
  const body = JSON.stringify({ message: tooLarge ? 'Request URL or headers too large (at most 16 KB)' : 'Malformed request' });
  socket.end(
    `HTTP/1.1 ${status}\r\ncontent-type: application/json; charset=utf-8\r\ncontent-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`,
  );
}

/** Pending connections the kernel may hold for a process (capped by net.core.somaxconn). */
export const LISTEN_BACKLOG = 4096;

/** How long a stopping process lets requests in flight finish. */
export const DRAIN_MS = 10_000;

/** Starts an HTTP server and closes it (plus the given resources) on SIGINT/SIGTERM. */
export async function listen(
  app: Koa<any>,
  port: number,
  host: string,
  logger: Logger,
  onClose: () => Promise<void> = async () => {},
): Promise<http.Server> {
  logFatalExceptions(logger);
  const server = http.createServer(app.callback());
  server.keepAliveTimeout = 65_000;
  server.on('clientError', answerMalformedRequest);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    // A burst of new connections (kick-off) waits in the kernel's accept queue rather than being dropped
    // and retried seconds later; Node's default of 511 overflowed at 1,000 connections.
    server.listen({ port, host, backlog: LISTEN_BACKLOG }, () => resolve());
  });
  const address = server.address();
  logger.info({ address }, 'listening');
  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    logger.info({ signal }, 'shutting down: no new connections, finishing requests in flight');
    // Stop accepting and close idle keep-alive connections; requests in flight finish (at most
    // DRAIN_MS), then the rest are cut and the resources (database pools) closed.
    server.close(() => void onClose().finally(() => process.exit(0)));
    // A keep-alive connection that finishes its request becomes idle: close it then, not at its timeout.
    setInterval(() => server.closeIdleConnections(), 100).unref();
    server.closeIdleConnections();
    setTimeout(() => {
      logger.warn('requests still in flight after the drain time: closing their connections');
      server.closeAllConnections();
    }, DRAIN_MS).unref();
    setTimeout(() => process.exit(0), DRAIN_MS + 5000).unref();
  };
  process.once('SIGINT', () => shutdown('SIGINT'));
  process.once('SIGTERM', () => shutdown('SIGTERM'));
  return server;
}
