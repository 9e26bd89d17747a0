import { API_PREFIXES, type PushPublicKey } from '@matchday/contracts';
import { badRequest, noQuery, parseInput, parseQuery, serviceRouter, type Knex } from '@matchday/server';
import type { AccountsConfig } from '../../config';
import { currentUserId } from '../../lib/identity';
import { deleteSubscription, saveSubscription } from './repository';
import { endpointProblem, normaliseEndpoint } from './device';
import { subscriptionInput, unsubscribeInput } from './schema';

/**
 * Web Push subscriptions:
 * - GET /api/push/public-key: the VAPID key browsers subscribe with;
 * - POST /api/push/subscriptions: 201 stored (200 when the browser was already subscribed); 400 for an
 *   endpoint outside the known push services (device.ts) or keys that cannot encrypt a push;
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
    const problem = endpointProblem(subscription.endpoint, config);
    if (problem) throw badRequest(problem);
    const outcome = await saveSubscription(db, userId, { ...subscription, endpoint: normaliseEndpoint(subscription.endpoint) });
    ctx.status = outcome === 'created' ? 201 : 200;
    ctx.body = { message: 'Alerts are on for this device' };
  });
  router.delete('/subscriptions', async (ctx) => {
    const userId = currentUserId(ctx);
    parseQuery(noQuery, ctx.query);
    const { endpoint } = parseInput(unsubscribeInput, ctx.request.body);
    await deleteSubscription(db, URL.canParse(endpoint) ? normaliseEndpoint(endpoint) : endpoint, userId);
    ctx.status = 204;
  });
  return router;
}
