import { nationIn, replayedMatchDay, seasonName, type ReplayInfo } from '@matchday/contracts';
import { finalResult, playedScore } from '../../lib/played';
import { epoch } from '../../lib/values';
import { uuidV5, writeCalendar, type IcsEvent } from './ics';
import type { CalendarFixtureRow } from './repository';

/**
 * Fixtures -> calendar events: what a fan's calendar shows of a match. The same rows give the same bytes.
 *
 * - UID: UUIDv5 of the fixture id in our own namespace, `@matchday`: the same event for as long as the fixture
 *   exists, whatever changes about it.
 * - SEQUENCE / DTSTAMP: the fixture's schedule revision (`schedule_seq`, raised by the store when the kick-off
 *   moves or the match is postponed or brought back) and when it was stored; a fixture never rescheduled is
 *   stamped FEED_EPOCH_MS (fixed, never the time of the request, so that an unchanged feed is byte-identical).
 * - DTSTART is the kick-off (UTC); DTEND is kick-off + 2 h: two halves, half time and stoppage time, not extra
 *   time (the store has no end time for a match not yet played, and a fixed length keeps the event stable).
 */

/** Our namespace for the events' UUIDv5 (a random UUID, fixed once: changing it would duplicate every subscribed event). */
export const CALENDAR_UID_NAMESPACE = '1723b7dd-f592-4b96-b8f5-8db9d9744a63';

/** DTSTAMP of a fixture whose schedule never changed since it was stored: 2026-11-25T00:00:00Z, when the feeds began. */
export const FEED_EPOCH_MS = Date.UTC(2026, 10, 25);

/** How long a match lasts in the calendar: DTEND = kick-off + 2 h. */
export const MATCH_LENGTH_MS = 2 * 3_600_000;

/** REFRESH-INTERVAL and X-PUBLISHED-TTL: a hint (Google refreshes every 8-24 h whatever it says, Outlook ~3 h). */
export const REFRESH = 'PT6H';

export interface FeedOptions {
  /** Scores of finished matches in their titles ("Home 2–1 Away"); off by default (spoilers). */
  scores: boolean;
  /** The site's origin (PUBLIC_URL): the match page links are built from it. */
  publicUrl: string;
  /** The replay being served, if any: each event then says so and names the match's real date. */
  replay?: Pick<ReplayInfo, 'label' | 'shiftMs'> | null;
}

export function fixtureUid(fixtureId: number): string {
  return `${uuidV5(String(fixtureId), CALENDAR_UID_NAMESPACE)}@matchday`;
}

/**
 * The teams as a title names them: a national team by its FIFA code ("MEX v RSA"), which reads the same in every
 * calendar app (a flag emoji shows as two letters on Windows); a club by its name.
 */
function titleNames(row: CalendarFixtureRow): { home: string; away: string } {
  const leagueId = Number(row.league_id);
  return {
    home: nationIn(leagueId, row.home_name)?.fifaCode ?? row.home_name,
    away: nationIn(leagueId, row.away_name)?.fifaCode ?? row.away_name,
  };
}

/** "Home 2–1 Away", with "(a.e.t.)" or "(4–2 pens)" as the app shows them; null when there is no score to show. */
function scoreTitle(row: CalendarFixtureRow, names: { home: string; away: string }): string | null {
  const score = playedScore(finalResult(row));
  if (!score) return null;
  const extra =
    row.home_penalties !== null && row.away_penalties !== null
      ? ` (${Number(row.home_penalties)}–${Number(row.away_penalties)} pens)`
      : Number(row.extra_time) === 1
        ? ' (a.e.t.)'
        : '';
  return `${names.home} ${score.home}–${score.away} ${names.away}${extra}`;
}

export function fixtureEvent(row: CalendarFixtureRow, options: FeedOptions): IcsEvent {
  const start = epoch(row.kickoff_at);
  const changedAt = row.schedule_changed_at === null || row.schedule_changed_at === undefined ? null : Number(row.schedule_changed_at);
  // A postponed match (FixtureStatus 'postponed': postponed, cancelled or abandoned at the source) is CANCELLED
  // rather than a "TBC" title at its old time: it has no new time yet, and CANCELLED is what every calendar app
  // understands as "not happening then" (Apple and Outlook strike it through, Google drops it). Its UID stays, so
  // when the match is given a new date the same event comes back CONFIRMED at the new time with the next SEQUENCE.
  const postponed = row.status === 'postponed';
  const names = titleNames(row);
  const plain = `${names.home} v ${names.away}`;
  const summary = postponed ? `${plain} (postponed)` : ((options.scores ? scoreTitle(row, names) : null) ?? plain);
  // the title's codes, written out once in the description
  const fullNames = names.home !== row.home_name || names.away !== row.away_name ? [`${row.home_name} v ${row.away_name}`] : [];
  const place = [row.venue, row.venue_city].filter((part): part is string => Boolean(part)).join(', ');
  const competition = `${row.league_name} ${seasonName(Number(row.season), Number(row.league_id))}`;
  const page = `${options.publicUrl}/fixture-stats/${Number(row.id)}`;
  return {
    uid: fixtureUid(Number(row.id)),
    sequence: Number(row.schedule_seq ?? 0),
    stamp: changedAt ?? FEED_EPOCH_MS,
    start,
    end: start + MATCH_LENGTH_MS,
    summary,
    location: place || null,
    // Google shows no URL property: the match page is in the description too
    description: [
      ...(options.replay
        ? [`Replay of ${options.replay.label}: this match was played on ${replayedMatchDay(start, options.replay.shiftMs)}.`]
        : []),
      ...fullNames,
      row.round ? `${competition}, ${row.round}` : competition,
      page,
    ].join('\n'),
    url: page,
    status: postponed ? 'CANCELLED' : 'CONFIRMED',
    // a match on the calendar does not make its fan busy
    transparent: true,
  };
}

/** The feed: an iCalendar object of these fixtures, in the order given. */
export function fixtureCalendar(name: string, rows: readonly CalendarFixtureRow[], options: FeedOptions): string {
  return writeCalendar({ name, refresh: REFRESH, events: rows.map((row) => fixtureEvent(row, options)) });
}
