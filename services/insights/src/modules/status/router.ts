import { noQuery, parseQuery, serviceRouter } from '@matchday/server';
import { API_PREFIXES } from '@matchday/contracts';
import type { Knex } from '@matchday/server';

/** GET /api/insights/status: how many model runs exist (tips and fantasy arrive in a later issue). */
export function statusRouter(db: Knex) {
  const router = serviceRouter(API_PREFIXES.insights.insights);
  router.get('/status', async (ctx) => {
    parseQuery(noQuery, ctx.query);
    const [row] = await db('insight_runs').count({ n: '*' });
    ctx.body = { runs: Number(row?.n ?? 0) };
  });
  return router;
}
