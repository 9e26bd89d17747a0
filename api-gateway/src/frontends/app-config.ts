import type Koa from 'koa';
import type { PublicAppConfig } from '@matchday/contracts';
import type { GatewayConfig } from '../config';

export const APP_CONFIG_PATH = '/app-config.json';

/** GET /app-config.json: the configuration pages show (SUPPORT_EMAIL; the analytics collector when configured). */
export function appConfig(config: GatewayConfig): Koa.Middleware {
  const body: PublicAppConfig = { supportEmail: config.supportEmail, analytics: config.analytics };
  return async (ctx, next) => {
    if (ctx.path !== APP_CONFIG_PATH || (ctx.method !== 'GET' && ctx.method !== 'HEAD')) return next();
    ctx.set('cache-control', 'no-cache');
    ctx.body = body;
  };
}
