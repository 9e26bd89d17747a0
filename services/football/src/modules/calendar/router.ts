import { createHash } from 'node:crypto';
import Router from '@koa/router';
import type { ParameterizedContext } from 'koa';
import { API_PREFIXES } from '@matchday/contracts';
import { parseInput, parseQuery, publicUrl, serviceRouter, type Knex, type ServiceState } from '@matchday/server';
import { feedQuery, leagueFeedParams, personalFeedQuery, teamFeedParams } from './schema';
import { leagueCalendar, personalCalendar, teamCalendar } from './service';

/** Shared caches (the gateway passes these through untouched) may keep a feed this long; the ETag revalidates it. */
const CACHE_CONTROL = 'public, max-age=900';

export interface CalendarOptions {
  /** The site's origin for the match page links (default PUBLIC_URL). */
  publicUrl?: string;
  /** The clock of the personal feed's window (tests). */
  now?: () => number;
}

/** Whether If-None-Match names this ETag (weak or strong, as a list, or `*`). */
export function ifNoneMatch(header: string, etag: string): boolean {
  if (!header) return false;
  const bare = (tag: string) => tag.trim().replace(/^W\//, '');
  return header.split(',').some((tag) => tag.trim() === '*' || bare(tag) === bare(etag));
}

/**
 * Sends a feed: text/calendar with a strong ETag (a hash of the bytes, which depend only on the stored data), or
 * 304 when the caller already has those bytes. Compared here rather than with ctx.fresh, which answers 200 to a
 * request carrying Cache-Control: no-cache.
 */
function sendCalendar(ctx: ParameterizedContext<ServiceState>, body: string, filename: string): void {
  const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 32)}"`;
  ctx.set('etag', etag);
  ctx.set('cache-control', CACHE_CONTROL);
  if (ifNoneMatch(ctx.get('if-none-match'), etag)) {
    ctx.status = 304;
    return;
  }
  ctx.set('content-type', 'text/calendar; charset=utf-8');
  ctx.set('content-disposition', `inline; filename="${filename}"`);
  ctx.body = body;
}

/**
 * Public calendar feeds (the gateway passes them an anonymous identity, no sign-in):
 * - GET /api/calendar/team/{teamId}.ics: the team's fixtures of the current and the next season;
 * - GET /api/calendar/league/{leagueId}/{season}.ics: every fixture of the league-season.
 * `?scores=1` puts finished matches' scores in their titles (off by default: spoilers). 400 for a malformed id
 * or file name, 404 for an unknown team, league or season.
 */
export function calendarRouters(db: Knex, options: CalendarOptions = {}): Router<ServiceState>[] {
  const origin = options.publicUrl ?? publicUrl();

  const team = serviceRouter(API_PREFIXES.football.calendarTeam);
  team.get('/:file', async (ctx) => {
    const { scores } = parseQuery(feedQuery, ctx.query);
    const { file: teamId } = parseInput(teamFeedParams, ctx.params);
    const body = await teamCalendar(db, teamId, { scores, publicUrl: origin });
    sendCalendar(ctx, body, `matchday-team-${teamId}.ics`);
  });

  const league = serviceRouter(API_PREFIXES.football.calendarLeague);
  league.get('/:leagueId/:file', async (ctx) => {
    const { scores } = parseQuery(feedQuery, ctx.query);
    const { leagueId, file: season } = parseInput(leagueFeedParams, ctx.params);
    const body = await leagueCalendar(db, leagueId, season, { scores, publicUrl: origin });
    sendCalendar(ctx, body, `matchday-league-${leagueId}-${season}.ics`);
  });

  /**
   * GET /internal/calendar/feed?teams=1,2&leagues=3,4&scores=0|1&name=...: the accounts service's personal
   * "my follows" feed (it holds the user's follows and token). The fixtures of those teams and leagues, each once,
   * from 30 days back on (repository.ts); at most 50 ids of each (400 past that); unknown ids match nothing.
   * Behind the identity token like every service path; the gateway routes nothing under /internal.
   */
  const personal = new Router<ServiceState>({ prefix: '/internal/calendar', strict: true, sensitive: true });
  const now = options.now ?? Date.now;
  personal.get('/feed', async (ctx) => {
    const query = parseQuery(personalFeedQuery, ctx.query);
    const ids = { teams: query.teams ?? [], leagues: query.leagues ?? [] };
    const body = await personalCalendar(db, ids, now(), query.name ?? 'My follows · Matchday', { scores: query.scores, publicUrl: origin });
    sendCalendar(ctx, body, 'matchday-follows.ics');
  });

  return [team, league, personal];
}
