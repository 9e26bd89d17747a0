import Router from '@koa/router';
import { noQuery, parseInput, parseQuery, type ServiceState } from '@matchday/server';
import { API_PREFIXES } from '@matchday/contracts';
import type { TipsEngine } from './service';
import { dayQuery, fixtureParams, recordQuery } from './schema';

/**
 * - GET /api/tips?day=today|tomorrow: that day's tips (UTC day), most confident first, at most 6
 * - GET /api/tips/weekend: the Weekend Special accumulator
 * - GET /api/tips/fixture/:fixtureId: one fixture's full analysis
 * - GET /api/tips/record[?leagueId=]: the public record (every league with tips, or one league)
 */
export function tipsRouter(engine: TipsEngine) {
  const router = new Router<ServiceState>({ strict: true, sensitive: true });
  router.get(API_PREFIXES.insights.tips, async (ctx) => {
    const query = parseQuery(dayQuery, ctx.query);
    ctx.body = await engine.day(query.day ?? 'today');
  });
  router.get(`${API_PREFIXES.insights.tips}/weekend`, async (ctx) => {
    parseQuery(noQuery, ctx.query);
    ctx.body = await engine.weekend();
  });
  router.get(`${API_PREFIXES.insights.tips}/fixture/:fixtureId`, async (ctx) => {
    parseQuery(noQuery, ctx.query);
    const params = parseInput(fixtureParams, ctx.params);
    ctx.body = await engine.analysis(params.fixtureId);
  });
  router.get(`${API_PREFIXES.insights.tips}/record`, async (ctx) => {
    const query = parseQuery(recordQuery, ctx.query);
    ctx.body = query.leagueId === undefined ? await engine.records() : await engine.record(query.leagueId);
  });
  return router;
}
