import { createHash } from 'node:crypto';
import { z } from 'zod';
import { API_PREFIXES, type PersonalCalendar } from '@matchday/contracts';
import { noQuery, notFound, parseInput, parseQuery, serviceRouter, type FootballClient, type Knex } from '@matchday/server';
import { currentUserId } from '../../lib/identity';
import { calendarToken, rotateCalendarToken } from './repository';
import { personalFeed } from './service';

const feedParams = z.object({
  file: z.string().regex(/^[A-Za-z0-9_-]{32}\.ics$/, 'must be {token}.ics'),
});
const feedQuery = z.object({ scores: z.enum(['0', '1'], { error: "must be '0' or '1'" }).optional() });

/**
 * The personal "my follows" calendar:
 * - GET /api/user/calendar: its URL (the token is made on first ask); POST /api/user/calendar/rotate: a new one;
 * - GET /api/calendar/me/{token}.ics: public (calendar apps send no cookies; the token is the credential):
 *   the football service's feed of the followed teams and leagues. Scores in titles only with ?scores=1 and
 *   never in spoiler-free mode. An unknown or rotated token is 404.
 */
export function calendarRouter(db: Knex, football: FootballClient, publicUrl: string) {
  const router = serviceRouter();
  const urlOf = (token: string): PersonalCalendar => ({ feedUrl: `${publicUrl}${API_PREFIXES.accounts.calendarMe}/${token}.ics` });

  router.get(`${API_PREFIXES.accounts.user}/calendar`, async (ctx) => {
    const userId = currentUserId(ctx);
    parseQuery(noQuery, ctx.query);
    const token = await calendarToken(db, userId);
    if (!token) throw notFound('User not found');
    ctx.set('cache-control', 'no-store');
    ctx.body = urlOf(token);
  });

  router.post(`${API_PREFIXES.accounts.user}/calendar/rotate`, async (ctx) => {
    const userId = currentUserId(ctx);
    parseQuery(noQuery, ctx.query);
    const token = await rotateCalendarToken(db, userId);
    if (!token) throw notFound('User not found');
    // the new secret URL: no cache anywhere keeps it
    ctx.set('cache-control', 'no-store');
    ctx.body = urlOf(token);
  });

  router.get(`${API_PREFIXES.accounts.calendarMe}/:file`, async (ctx) => {
    const { file } = parseInput(feedParams, ctx.params);
    const { scores } = parseQuery(feedQuery, ctx.query);
    const feed = await personalFeed(db, football, file.slice(0, -'.ics'.length), scores === '1');
    const etag = `"${createHash('sha256').update(feed).digest('base64url').slice(0, 27)}"`;
    ctx.set('etag', etag);
    // private: the URL is a secret, no shared cache keeps it
    ctx.set('cache-control', 'private, max-age=900');
    ctx.type = 'text/calendar; charset=utf-8';
    ctx.set('content-disposition', 'inline; filename="matchday-my-follows.ics"');
    if (ctx.get('if-none-match') === etag) {
      ctx.status = 304;
      return;
    }
    ctx.body = feed;
  });
  return router;
}
