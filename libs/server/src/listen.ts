import http from 'node:http';
import type Koa from 'koa';
import { requestContext } from './http';
import { MAX_JSON_BODY_BYTES } from './limits';
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

/**
 * How long an idle keep-alive connection stays open. Longer than any client of ours keeps an idle socket
 * (the gateway's agent: 30 s; undici: the server's hint minus 1 s), so a client never sends a request on a
 * connection the server is closing at that instant (a reset instead of an answer).
 */
export const KEEP_ALIVE_TIMEOUT_MS = 65_000;

/** A client has this long to send its request headers ... */
export const HEADERS_TIMEOUT_MS = 10_000;
/** ... and this long for the whole request (the gateway's own body deadline is 5 s; Node's default is 300 s). */
export const REQUEST_TIMEOUT_MS = 15_000;

/** The timeouts of every Matchday HTTP server (listen() and the in-process test servers). */
export function configureServer(server: http.Server): void {
  server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
  server.headersTimeout = HEADERS_TIMEOUT_MS;
  server.requestTimeout = REQUEST_TIMEOUT_MS;
  server.on('clientError', answerMalformedRequest);
}

/**
 * `Expect: 100-continue`: a body larger than any endpoint takes is refused with 413 before the client sends
 * it (Node would otherwise say 100 Continue, take the upload, then refuse it); else 100 Continue, as usual.
 */
export function answerExpectContinue(
  req: http.IncomingMessage,
  res: http.ServerResponse,
  handle: (req: http.IncomingMessage, res: http.ServerResponse) => void,
): void {
  const length = Number(req.headers['content-length'] ?? 0);
  if (length > MAX_JSON_BODY_BYTES) {
    const body = JSON.stringify({ message: `Request body too large: at most ${MAX_JSON_BODY_BYTES / 1024} KB` });
    res.writeHead(413, {
      'content-type': 'application/json; charset=utf-8',
      'content-length': Buffer.byteLength(body),
      connection: 'close',
    });
    res.end(body);
    return;
  }
  res.writeContinue();
  handle(req, res);
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
  configureServer(server);
  const handle = app.callback();
  server.on('checkContinue', (req, res) => answerExpectContinue(req, res, handle));
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
  // Started by a launcher with an IPC channel (npm start, the tests' stacks): when the launcher dies without
  // stopping it (killed, crashed), the channel closes and this server stops too, instead of holding its port and
  // database as an orphan. The channel alone keeps nothing alive.
  if (process.channel) {
    process.channel.unref();
    process.once('disconnect', () => shutdown('launcher gone'));
  }
  return server;
}
