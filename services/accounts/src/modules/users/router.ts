import { forbidden, type Knex, noQuery, notFound, parseInput, parseQuery, serviceRouter, unauthorized } from '@matchday/server';
import { API_PREFIXES, type DeleteAccountResult, type UserPreferences } from '@matchday/contracts';
import { currentUserId } from '../../lib/identity';
import { deleteUser, findUserById, toAuthUser, updateTheme, upsertFromSignIn } from './repository';
import { preferencesInput, signInProfile } from './schema';

export function usersRouter(db: Knex) {
  const router = serviceRouter();

  // Called by the gateway only, after it has verified the identity provider's id_token.
  router.post('/internal/sign-in', async (ctx) => {
    if (ctx.state.identity.scope !== 'internal') throw forbidden('Internal call only');
    const profile = parseInput(signInProfile, ctx.request.body);
    const row = await upsertFromSignIn(db, profile);
    ctx.body = toAuthUser(row, ctx.state.identity.isAdmin);
  });

  router.get(`${API_PREFIXES.accounts.auth}/user`, async (ctx) => {
    const { userId, isAdmin } = ctx.state.identity;
    if (userId === undefined) throw unauthorized();
    parseQuery(noQuery, ctx.query);
    const row = await findUserById(db, userId);
    if (!row) throw notFound('User not found');
    ctx.body = toAuthUser(row, isAdmin);
  });

  router.post(`${API_PREFIXES.accounts.user}/preferences`, async (ctx) => {
    const userId = currentUserId(ctx);
    parseQuery(noQuery, ctx.query);
    const { theme } = parseInput(preferencesInput, ctx.request.body);
    if (!(await updateTheme(db, userId, theme))) throw notFound('User not found');
    const reply: UserPreferences = { theme };
    ctx.body = reply;
  });

  // The gateway calls this and then ends every session of the user.
  router.delete(`${API_PREFIXES.accounts.auth}/delete-account`, async (ctx) => {
    const userId = currentUserId(ctx);
    parseQuery(noQuery, ctx.query);
    const deleted = await deleteUser(db, userId);
    const reply: DeleteAccountResult = {
      message: deleted ? 'Your account has been permanently deleted.' : 'This account has already been deleted.',
      deleted,
    };
    ctx.body = reply;
  });
  return router;
}
