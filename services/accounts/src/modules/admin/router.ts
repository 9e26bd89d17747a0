import Router from '@koa/router';
import type { Knex, ServiceState } from '@matchday/server';
import { requireAdmin } from '../../lib/identity';
import { adminDashboard } from './repository';

export function adminRouter(db: Knex) {
  const router = new Router<ServiceState>({ prefix: '/api/admin' });
  router.get('/dashboard', async (ctx) => {
    requireAdmin(ctx);
    ctx.body = await adminDashboard(db);
  });
  return router;
}
