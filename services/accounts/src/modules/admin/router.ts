import { type Knex, noQuery, parseQuery, serviceRouter } from '@matchday/server';
import { requireAdmin } from '../../lib/identity';
import { adminDashboard } from './repository';

export function adminRouter(db: Knex) {
  const router = serviceRouter('/api/admin');
  router.get('/dashboard', async (ctx) => {
    requireAdmin(ctx);
    parseQuery(noQuery, ctx.query);
    ctx.body = await adminDashboard(db);
  });
  return router;
}
