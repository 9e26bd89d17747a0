import { forbidden, type Knex, noQuery, notFound, parseInput, parseQuery, serviceRouter, unauthorized } from '@matchday/server';
import { API_PREFIXES, type DeleteAccountResult, type UserPreferencesUpdate } from '@matchday/contracts';
import { currentUserId } from '../../lib/identity';
import { deleteUser, findUserById, toAuthUser, upsertFromSignIn } from './repository';
import { preferencesInput, signInProfile } from './schema';
import { exportAccount, preferencesFor, updatePreferences } from './service';

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

  router.get(`${API_PREFIXES.accounts.user}/preferences`, async (ctx) => {
    const userId = currentUserId(ctx);
    parseQuery(noQuery, ctx.query);
    const preferences = await preferencesFor(db, userId);
    if (!preferences) throw notFound('User not found');
    ctx.set('cache-control', 'no-store');
    ctx.body = preferences;
  });

  router.post(`${API_PREFIXES.accounts.user}/preferences`, async (ctx) => {
    const userId = currentUserId(ctx);
    parseQuery(noQuery, ctx.query);
    const update = parseInput(preferencesInput, ctx.request.body) as UserPreferencesUpdate;
    const reply = await updatePreferences(db, userId, update);
    if (!reply) throw notFound('User not found');
    ctx.body = reply;
  });

  // GET /api/user/export: everything kept about the user (their data, as the privacy policy promises).
  router.get(`${API_PREFIXES.accounts.user}/export`, async (ctx) => {
    const userId = currentUserId(ctx);
    parseQuery(noQuery, ctx.query);
    const reply = await exportAccount(db, userId);
    if (!reply) throw notFound('User not found');
    ctx.set('cache-control', 'no-store');
    ctx.set('content-disposition', 'attachment; filename="matchday-account.json"');
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
