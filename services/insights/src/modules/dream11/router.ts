import Router from '@koa/router';
import { noQuery, parseInput, parseQuery, type ServiceState } from '@matchday/server';
import { API_PREFIXES } from '@matchday/contracts';
import { dayQuery, fixtureParams } from '../tips/schema';
import type { Dream11RecordBackfill } from './record';
import type { Dream11Engine } from './service';

/**
 * - GET /api/dream11?day=today|tomorrow: a Dream11 card per fixture of that UTC day (at most 8, by kick-off)
 * - GET /api/dream11/fixture/:fixtureId: one fixture's card (safe and differential XI)
 * - GET /api/dream11/record: the model's teams for the season's played matches against the form pick
 */
export function dream11Router(engine: Dream11Engine, record: Dream11RecordBackfill) {
  const router = new Router<ServiceState>({ strict: true, sensitive: true });
  router.get(API_PREFIXES.insights.dream11, async (ctx) => {
    const query = parseQuery(dayQuery, ctx.query);
    ctx.body = await engine.day(query.day ?? 'today');
  });
  router.get(`${API_PREFIXES.insights.dream11}/fixture/:fixtureId`, async (ctx) => {
    parseQuery(noQuery, ctx.query);
    const params = parseInput(fixtureParams, ctx.params);
    ctx.body = await engine.card(params.fixtureId);
  });
  router.get(`${API_PREFIXES.insights.dream11}/record`, async (ctx) => {
    parseQuery(noQuery, ctx.query);
    ctx.body = await record.record();
  });
  return router;
}
