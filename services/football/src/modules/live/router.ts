import Router from '@koa/router';
import { API_PREFIXES } from '@matchday/contracts';
import { noQuery, notFound, parseInput, parseQuery, serviceRouter, type Clock, type Knex, type ServiceState } from '@matchday/server';
import { lookupFixtures } from '../lookup/repository';
import { findFixtureEvents } from './repository';
import { feedQuery, fixtureEventsParams } from './schema';
import { liveFeedPage, liveSnapshot } from './service';
import { feedGrowsWithin } from '../../lib/feed-signal';

/**
 * The live match centre's reads:
 * - GET /api/live: every match being played, with its clock, score and last sequence number (LiveSnapshot);
 * - GET /api/fixture-events/{fixtureId}: a match's timeline so far (MatchEvent[]); 400 bad id, 404 unknown.
 */
export function liveRouter(db: Knex, now: Clock) {
  const router = serviceRouter(API_PREFIXES.football.live);
  router.get('/', async (ctx) => {
    parseQuery(noQuery, ctx.query);
    const snapshot = await liveSnapshot(db, now());
    ctx.set('cache-control', 'no-store');
    ctx.body = snapshot;
  });
  return router;
}

export function fixtureEventsRouter(db: Knex) {
  const router = serviceRouter(API_PREFIXES.football.fixtureEvents);
  router.get('/:fixtureId', async (ctx) => {
    parseQuery(noQuery, ctx.query);
    const { fixtureId } = parseInput(fixtureEventsParams, ctx.params);
    const events = await findFixtureEvents(db, fixtureId);
    if (!events) throw notFound('Fixture not found');
    ctx.set('cache-control', 'no-store');
    ctx.body = events;
  });
  return router;
}

/**
 * GET /internal/live/feed?after=<feedSeq>&limit=<n>: the changes after a feed position, in order, with the
 * position they reach and the feed's own (LiveFeedPage). The gateway polls it (one reader per gateway process) and pushes
 * the changes to open streams; events are durable here, so a gateway that restarts resumes where it was. With
 * `fixtures=1` the page carries the fixtures of its changes (the alerts sender's texts), so one call gives both. With
 * `wait=<ms>` (at most 10 s) a read that finds nothing new waits that long for news written in this process (the
 * replay's release, an import) and answers as soon as some is stored: the alert senders' leader reads so.
 */
export function liveFeedRouter(db: Knex) {
  const router = new Router<ServiceState>({ prefix: '/internal/live', strict: true, sensitive: true });
  router.get('/feed', async (ctx) => {
    const { after, limit, fixtures, wait } = parseQuery(feedQuery, ctx.query);
    let page = await liveFeedPage(db, after, limit ?? 1000);
    if (wait && page.changes.length === 0 && page.position >= after) {
      // nothing new: held until the feed grows in this process (read again then) or the wait ends; a new epoch
      // answers at once, and a reader that goes away ends the wait
      const until = Date.now() + wait;
      const epoch = page.epoch;
      const gone = new AbortController();
      ctx.res.once('close', () => gone.abort());
      while (page.changes.length === 0 && page.epoch === epoch && page.position >= after && Date.now() < until && !gone.signal.aborted) {
        await feedGrowsWithin(until - Date.now(), gone.signal);
        page = await liveFeedPage(db, after, limit ?? 1000);
      }
    }
    if (fixtures) {
      const ids = [...new Set(page.changes.map((change) => change.fixtureId))];
      page.fixtures = ids.length > 0 ? await lookupFixtures(db, { ids }) : [];
    }
    ctx.body = page;
  });
  return router;
}
