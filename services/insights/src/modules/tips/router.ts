import Router from '@koa/router';
import { parseInput, type ServiceState } from '@matchday/server';
import type { TipsEngine } from './engine';
import { dayQuery, fixtureParams, recordQuery } from './schema';

/**
 * - GET /api/tips?day=today|tomorrow: that day's tips (UTC day), most confident first, at most 6
 * - GET /api/tips/weekend: the Weekend Special accumulator
 * - GET /api/tips/fixture/:fixtureId: one fixture's full analysis
 * - GET /api/tips/record[?leagueId=]: the public record (every league with tips, or one league)
 */
export function tipsRouter(engine: TipsEngine) {
  const router = new Router<ServiceState>({ strict: true, sensitive: true });
  router.get('/api/tips', async (ctx) => {
    const query = parseInput(dayQuery, ctx.query);
    ctx.body = await engine.day(query.day ?? 'today');
  });
  router.get('/api/tips/weekend', async (ctx) => {
    ctx.body = await engine.weekend();
  });
  router.get('/api/tips/fixture/:fixtureId', async (ctx) => {
    const params = parseInput(fixtureParams, ctx.params);
    ctx.body = await engine.analysis(params.fixtureId);
  });
  router.get('/api/tips/record', async (ctx) => {
    const query = parseInput(recordQuery, ctx.query);
    ctx.body = query.leagueId === undefined ? await engine.records() : await engine.record(query.leagueId);
  });
  return router;
}
