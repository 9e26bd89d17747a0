import { type Knex, noQuery, parseQuery, serviceRouter } from '@matchday/server';
import { API_PREFIXES } from '@matchday/contracts';
import { datasetInfo } from './service';

/**
 * GET /api/dataset: where the football data comes from: the demo season (the UI shows a "Demo data" badge), or a
 * replay of a real season (the UI shows a banner and every match's real date), or neither (imported data).
 */
export function datasetRouter(db: Knex) {
  const router = serviceRouter(API_PREFIXES.football.dataset);
  router.get('/', async (ctx) => {
    parseQuery(noQuery, ctx.query);
    ctx.body = await datasetInfo(db);
  });
  return router;
}
