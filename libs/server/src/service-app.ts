import Koa from 'koa';
import Router from '@koa/router';
import { bodyParser } from '@koa/bodyparser';
import type { Knex } from 'knex';
import { IDENTITY_HEADER, verifyIdentity, type Identity } from './identity';
import { unauthorized } from './errors';
import { jsonErrors, requestLogging } from './http';
import type { Logger } from './logger';

export interface ServiceState {
  identity: Identity;
  requestId: string;
  log: Logger;
}

export type ServiceRouter = Router<ServiceState>;

export interface ServiceAppOptions {
  /** Service name; also the JWT audience the gateway signs identities for. */
  name: string;
  db: Knex;
  logger: Logger;
  internalSecret: string;
  routers: ServiceRouter[];
}

/**
 * The one way a Matchday service is assembled: JSON errors, request ids and logs, health probes,
 * the gateway identity check on every other path, a size-limited JSON body parser, then the routers.
 */
export function createServiceApp(options: ServiceAppOptions): Koa<ServiceState> {
  const app = new Koa<ServiceState>();
  app.proxy = true;
  app.use(jsonErrors(options.logger));
  app.use(requestLogging(options.logger));

  app.use(async (ctx, next) => {
    if (ctx.path === '/healthz') {
      ctx.body = { status: 'ok', service: options.name };
      return;
    }
    if (ctx.path === '/readyz') {
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

  app.use(bodyParser({ enableTypes: ['json'], jsonLimit: '16kb' }));
  for (const router of options.routers) app.use(router.routes()).use(router.allowedMethods());
  app.on('error', (err: unknown) => {
    options.logger.debug({ err }, 'koa error event');
  });
  return app;
}
