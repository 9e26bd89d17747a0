import { z } from 'zod';
import { type Knex, noQuery, parseQuery, serviceRouter } from '@matchday/server';
import { API_PREFIXES, TREND_PERIODS } from '@matchday/contracts';
import { requireAdmin } from '../../lib/identity';
import { appFiles } from './app-files';
import { adminDashboard, adminTrends } from './service';

const trendsQuery = z.object({
  period: z.enum(TREND_PERIODS, { error: `period must be one of ${TREND_PERIODS.join(', ')}` }),
});

/** `shellDist`: the shell's build output (config.ts shellDistDir), whose files /pwa-files lists. */
export function adminRouter(db: Knex, shellDist: string) {
  const router = serviceRouter(API_PREFIXES.accounts.admin);
  router.get('/dashboard', async (ctx) => {
    requireAdmin(ctx);
    parseQuery(noQuery, ctx.query);
    ctx.body = await adminDashboard(db);
  });
  router.get('/trends', async (ctx) => {
    requireAdmin(ctx);
    const { period } = parseQuery(trendsQuery, ctx.query);
    ctx.body = await adminTrends(db, period);
  });
  router.get('/pwa-files', async (ctx) => {
    requireAdmin(ctx);
    parseQuery(noQuery, ctx.query);
    ctx.body = appFiles(shellDist);
  });
  return router;
}
