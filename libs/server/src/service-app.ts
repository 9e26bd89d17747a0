import Koa from 'koa';
import Router from '@koa/router';
import { bodyParser } from '@koa/bodyparser';
import type { Knex } from 'knex';
import { IDENTITY_HEADER, verifyIdentity, type Identity } from './identity';
import { badRequest, HttpError, notFound, unauthorized } from './errors';
import { MAX_JSON_BODY_BYTES } from './limits';
import { jsonErrors, logAppErrors, requestLogging, jsonAllowedMethods, warmUpMark } from './http';
import { createMetrics } from './metrics';
import type { Logger } from './logger';

export interface ServiceState {
  identity: Identity;
  requestId: string;
  log: Logger;
}

export type ServiceRouter = Router<ServiceState>;

/**
 * The one way a service router is made: case-sensitive, so that one spelling of a path reaches a
 * handler (`/api/auth/Delete-Account` is 404). Together with the app's rule that no path ends in "/",
 * `/api/auth/delete-account/` is 404 too, as it is at the gateway.
 */
export function serviceRouter(prefix?: string): ServiceRouter {
  return new Router<ServiceState>({ prefix, sensitive: true });
}

export interface ServiceAppOptions {
  /** Service name; also the JWT audience the gateway signs identities for. */
  name: string;
  db: Knex;
  logger: Logger;
  internalSecret: string;
  routers: ServiceRouter[];
  /** Bearer token for /metrics (METRICS_TOKEN); without one /metrics is 404. */
  metricsToken?: string;
  /** Paths polled many times a second: their successful answers are logged at debug (requestLogging). */
  quietPaths?: readonly string[];
  /** True while the service warms up (runService): /readyz answers 503 meanwhile. */
  warmingUp?: () => boolean;
}

/**
 * The one way a Matchday service is assembled: JSON errors, request ids and logs, health probes,
 * the gateway identity check on every other path, a size-limited JSON body parser, then the routers.
 */
export function createServiceApp(options: ServiceAppOptions): Koa<ServiceState> {
  const app = new Koa<ServiceState>();
  app.proxy = true;
  const metrics = createMetrics(options.name, {
    token: options.metricsToken,
    routeOf: (ctx) =>
      (ctx as { _matchedRoute?: string })._matchedRoute ?? (ctx.path === '/readyz' || ctx.path === '/healthz' ? ctx.path : 'unmatched'),
  });
  app.use(metrics.middleware);
  app.use(jsonErrors(options.logger));
  app.use(requestLogging(options.logger, { quietPaths: options.quietPaths, warmUp: warmUpMark(options.internalSecret) }));

  app.use(async (ctx, next) => {
    if (ctx.path === '/healthz') {
      ctx.body = { status: 'ok', service: options.name };
      return;
    }
    if (ctx.path === '/readyz') {
      if (options.warmingUp?.()) {
        ctx.status = 503;
        ctx.body = { status: 'warming up', service: options.name };
        return;
      }
      await options.db.raw('select 1');
      ctx.body = { status: 'ready', service: options.name };
      return;
    }
    const token = ctx.get(IDENTITY_HEADER);
    if (!token) throw unauthorized('Requests must come through the gateway');
    try {
      ctx.state.identity = await verifyIdentity(token, options.internalSecret, options.name);
    } catch {
      throw unauthorized('Invalid gateway identity');
    }
    await next();
  });

  // One exact rule for paths everywhere: a trailing slash is another path, and no route has one.
  app.use(async (ctx, next) => {
    if (ctx.path.length > 1 && ctx.path.endsWith('/')) throw notFound();
    await next();
  });
  // A body is read only for a route that takes this method: anything else goes on to the router's 404 or 405
  // unread. A compressed body (no browser sends one) is 415, never a decompression error.
  // DELETE too: DELETE /api/push/subscriptions names the endpoint it removes in its body.
  // A body that is not JSON (or a JSON scalar) is 400 "Invalid JSON body", the gateway's words, not the parser's
  // ("Unexpected end of JSON input", "invalid JSON, only supports object and array"); other failures keep theirs.
  const parse = bodyParser({
    enableTypes: ['json'],
    jsonLimit: MAX_JSON_BODY_BYTES,
    parsedMethods: ['POST', 'PUT', 'PATCH', 'DELETE'],
    onError: (error) => {
      if ((error as { status?: number }).status === 400) throw badRequest('Invalid JSON body');
      throw error;
    },
  });
  app.use(async (ctx, next) => {
    const takesBody = options.routers.some((router) => router.match(ctx.path, ctx.method).route);
    if (!takesBody) return next();
    const encoding = ctx.get('content-encoding').trim().toLowerCase();
    if (encoding !== '' && encoding !== 'identity') throw new HttpError(415, 'Compressed request bodies are not accepted');
    return parse(ctx, next);
  });
  for (const router of options.routers) {
    if (!router.opts.sensitive) throw new Error(`${options.name}: make routers with serviceRouter() (case-sensitive paths)`);
    app.use(router.routes()).use(jsonAllowedMethods(router));
  }
  logAppErrors(app, options.logger);
  return app;
}
