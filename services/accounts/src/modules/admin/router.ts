import Router from '@koa/router';
import { noQuery, parseQuery, type Knex, type ServiceState } from '@matchday/server';
import { requireAdmin } from '../../lib/identity';
import { adminDashboard } from './repository';

export function adminRouter(db: Knex) {
  const router = new Router<ServiceState>({ prefix: '/api/admin' });
  router.get('/dashboard', async (ctx) => {
    requireAdmin(ctx);
    parseQuery(noQuery, ctx.query);
    ctx.body = await adminDashboard(db);
  });
  return router;
}
