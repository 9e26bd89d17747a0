import { API_PREFIXES, type PushPublicKey } from '@matchday/contracts';
import { badRequest, noQuery, parseInput, parseQuery, serviceRouter, type Knex } from '@matchday/server';
import type { AccountsConfig } from '../../config';
import { currentUserId } from '../../lib/identity';
import { deleteSubscription, saveSubscription } from './repository';
import { subscriptionInput, unsubscribeInput } from './schema';

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

/**
 * Whether we may send to this endpoint: the server POSTs to whatever URL a subscription names, so only the
 * browsers' push services (PUSH_ENDPOINT_HOSTS) over https, and loopback outside production (the test stand-in).
 */
export function allowedEndpoint(endpoint: string, config: Pick<AccountsConfig, 'pushEndpointHosts' | 'allowLoopbackPush'>): boolean {
  const url = new URL(endpoint);
  if (config.allowLoopbackPush && LOOPBACK.has(url.hostname)) return true;
  if (url.protocol !== 'https:' || url.username || url.password || (url.port && url.port !== '443')) return false;
  const host = url.hostname.toLowerCase();
  return config.pushEndpointHosts.some((allowed) => (allowed.startsWith('*.') ? host.endsWith(allowed.slice(1)) : host === allowed));
}

/**
 * Web Push subscriptions (issue 23 §2):
 * - GET /api/push/public-key: the VAPID key browsers subscribe with;
 * - POST /api/push/subscriptions: 201 stored (200 when the browser was already subscribed); 400 for an
 *   endpoint outside the known push services;
 * - DELETE /api/push/subscriptions {endpoint}: 204 (the user's own only).
 */
export function pushRouter(db: Knex, config: AccountsConfig) {
  const router = serviceRouter(API_PREFIXES.accounts.push);
  router.get('/public-key', (ctx) => {
    currentUserId(ctx);
    parseQuery(noQuery, ctx.query);
    const reply: PushPublicKey = { publicKey: config.vapid().publicKey };
    ctx.body = reply;
  });
  router.post('/subscriptions', async (ctx) => {
    const userId = currentUserId(ctx);
    parseQuery(noQuery, ctx.query);
    const subscription = parseInput(subscriptionInput, ctx.request.body);
    if (!allowedEndpoint(subscription.endpoint, config)) throw badRequest('endpoint: not a known push service');
    const outcome = await saveSubscription(db, userId, subscription);
    ctx.status = outcome === 'created' ? 201 : 200;
    ctx.body = { message: 'Alerts are on for this device' };
  });
  router.delete('/subscriptions', async (ctx) => {
    const userId = currentUserId(ctx);
    parseQuery(noQuery, ctx.query);
    const { endpoint } = parseInput(unsubscribeInput, ctx.request.body);
    await deleteSubscription(db, endpoint, userId);
    ctx.status = 204;
  });
  return router;
}
