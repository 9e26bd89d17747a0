import { API_PREFIXES } from '@matchday/contracts';
import { noQuery, parseInput, parseQuery, serviceRouter, type FootballClient, type Knex } from '@matchday/server';
import { currentUserId } from '../../lib/identity';
import { removeFollow } from './repository';
import { followInput, followParams } from './schema';
import { follow, followsOf } from './service';

/**
 * Follows, the signed-in user's own only (the user comes from the gateway's identity, never
 * from the request):
 * - GET /api/user/follows: Follow[] newest first;
 * - POST /api/user/follows {kind, id}: 201 added, 200 already followed; 400 bad input, 404 unknown id, 409 past the limit;
 * - DELETE /api/user/follows/{kind}/{id}: 204 (also when it was not followed).
 */
export function followsRouter(db: Knex, football: FootballClient) {
  const router = serviceRouter(`${API_PREFIXES.accounts.user}/follows`);
  router.get('/', async (ctx) => {
    const userId = currentUserId(ctx);
    parseQuery(noQuery, ctx.query);
    const reply = await followsOf(db, football, userId);
    ctx.set('cache-control', 'no-store');
    ctx.body = reply;
  });

  router.post('/', async (ctx) => {
    const userId = currentUserId(ctx);
    parseQuery(noQuery, ctx.query);
    const { kind, id } = parseInput(followInput, ctx.request.body);
    const result = await follow(db, football, userId, kind, id);
    ctx.status = result.added ? 201 : 200;
    ctx.body = result.follow;
  });

  router.delete('/:kind/:id', async (ctx) => {
    const userId = currentUserId(ctx);
    parseQuery(noQuery, ctx.query);
    const { kind, id } = parseInput(followParams, ctx.params);
    await removeFollow(db, userId, kind, id);
    ctx.status = 204;
  });
  return router;
}
