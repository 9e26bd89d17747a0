import Router from '@koa/router';
import { forbidden, notFound, parseInput, unauthorized, type Knex, type ServiceState } from '@matchday/server';
import { findUserById, toAuthUser, upsertFromSignIn } from './repository';
import { signInProfile } from './schema';

export function usersRouter(db: Knex) {
  const router = new Router<ServiceState>();

  // Called by the gateway only, after it has verified the identity provider's id_token.
  router.post('/internal/sign-in', async (ctx) => {
    if (ctx.state.identity.scope !== 'internal') throw forbidden('Internal call only');
    const profile = parseInput(signInProfile, ctx.request.body);
    const row = await upsertFromSignIn(db, profile);
    ctx.body = toAuthUser(row, ctx.state.identity.isAdmin);
  });

  router.get('/api/auth/user', async (ctx) => {
    const { userId, isAdmin } = ctx.state.identity;
    if (userId === undefined) throw unauthorized();
    const row = await findUserById(db, userId);
    if (!row) throw notFound('User not found');
    ctx.body = toAuthUser(row, isAdmin);
  });
  return router;
}
