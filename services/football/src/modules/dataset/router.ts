import { type Knex, noQuery, parseQuery, serviceRouter } from '@matchday/server';
import { API_PREFIXES } from '@matchday/contracts';
import { isDemoData } from '../../domain/dataset';

/** GET /api/dataset: where the football data comes from (the UI shows a "Demo data" badge for demo). */
export function datasetRouter(db: Knex) {
  const router = serviceRouter(API_PREFIXES.football.dataset);
  router.get('/', async (ctx) => {
    parseQuery(noQuery, ctx.query);
    ctx.body = { demo: await isDemoData(db) };
  });
  return router;
}
