import type { Fixture, FixtureStatus } from './football';

/** The live match centre's contracts: match events, live matches, the snapshot and the stream's changes. */

/**
 * What happens in a match, in the order of its timeline: the periods as the broadcast clock has them, the
 * goals, the cards and the substitutions. 'end-of-90' is the end of normal time when extra time follows; 'full-time' always ends the match
 * (after 90 minutes, extra time or the shoot-out). 'goal-cancelled' takes back an earlier goal (VAR). A source
 * without minutes (FPL's per-match lines) gives goals and cards with `minute: null`, after the timed events; cards
 * and substitutions have a minute only where the source gives one (football.json's `-full` files, API-Football live).
 * 'withdrawn' takes back an earlier event its source no longer has (a booking corrected or removed upstream): the
 * event it names (`cancelsSeq`) is `cancelled`, and neither is part of the match any more (a timeline drops both).
 */
export type MatchEventKind =
  | 'kick-off'
  | 'goal'
  | 'half-time'
  | 'second-half'
  | 'end-of-90'
  | 'extra-time'
  | 'extra-time-half-time'
  | 'extra-time-second-half'
  | 'end-of-extra-time'
  | 'shoot-out'
  | 'full-time'
  | 'goal-cancelled'
  | 'yellow-card'
  | 'red-card'
  | 'substitution'
  | 'withdrawn';

/** The kinds that mark a period of the match (every other kind happens at a minute). */
export type PeriodKind = Exclude<MatchEventKind, 'goal' | 'goal-cancelled' | 'yellow-card' | 'red-card' | 'substitution' | 'withdrawn'>;

/** Where each period falls among the timed events on the match clock (an event at m + s/100: 45+2 before half time). */
export const PERIOD_ORDER: Record<PeriodKind, number> = {
  'kick-off': 0,
  'half-time': 45.99,
  'second-half': 45.995,
  'end-of-90': 90.99,
  'extra-time': 90.995,
  'extra-time-half-time': 105.99,
  'extra-time-second-half': 105.995,
  'end-of-extra-time': 120.99,
  'shoot-out': 120.995,
  'full-time': Number.MAX_SAFE_INTEGER,
};

/** A timed event's place on the match clock: its minute, its stoppage minutes after it (45+2 is 45.02). */
export function placeOnClock(minute: number | null, stoppage: number | null): number {
  return (minute ?? 0) + Math.min(stoppage ?? 0, 98) / 100;
}

/**
 * An event's place in its match's timeline: a period marker by PERIOD_ORDER, another event by its minute. Events
 * stored in another order (a source read again adding cards to a timeline written before) sort back into match order.
 */
export function timelinePlace(event: Pick<MatchEvent, 'kind' | 'minute' | 'stoppage'>): number {
  const period = (PERIOD_ORDER as Partial<Record<MatchEventKind, number>>)[event.kind];
  return period ?? placeOnClock(event.minute, event.stoppage);
}

/**
 * A timeline without what its source withdrew: the 'withdrawn' events and the events they name (a booking corrected
 * or removed upstream). A goal taken back by VAR stays, marked `cancelled`, as its 'goal-cancelled' does.
 */
export function standingEvents<T extends Pick<MatchEvent, 'seq' | 'kind' | 'cancelsSeq'>>(events: readonly T[]): T[] {
  const withdrawn = new Set(events.filter((e) => e.kind === 'withdrawn').map((e) => e.cancelsSeq));
  return events.filter((e) => e.kind !== 'withdrawn' && !withdrawn.has(e.seq));
}

export type GoalKind = 'goal' | 'penalty' | 'own-goal';

/** GET /api/fixture-events/{fixtureId}: one entry of a match's timeline so far. */
export interface MatchEvent {
  /** 1, 2, 3 ... within the fixture, in the order the events happened. */
  seq: number;
  kind: MatchEventKind;
  /** The broadcast minute without stoppage (45 for 45+2′); null for events without one. */
  minute: number | null;
  stoppage: number | null;
  /** The side a goal counted for (an own goal counts for the other side than the scorer's). */
  teamId: number | null;
  scorer: string | null;
  /** Who set up a goal, where the source tells (FPL: a side's only goal and its only assist); absent otherwise. */
  assist?: string | null;
  /**
   * 'yellow-card' / 'red-card': the player booked or sent off (the card counts against his side, `teamId`);
   * 'substitution': the player coming on.
   */
  player?: string | null;
  /** 'substitution': the player going off (his side is `teamId`); absent on other kinds. */
  playerOff?: string | null;
  /** Null where the source does not say (FPL's goals: penalty or not is unknown; own goals are marked). */
  goalKind: GoalKind | null;
  /** The score after this event (null where the source has no running score). */
  homeScore: number | null;
  awayScore: number | null;
  /** A goal later taken back by a 'goal-cancelled' event; any event withdrawn by a 'withdrawn' one. */
  cancelled: boolean;
  /** 'goal-cancelled': the seq of the goal it takes back (null when the source did not say which); 'withdrawn': the seq it withdraws. */
  cancelsSeq?: number | null;
  /** ISO instant the event happened; for an event without a minute, the kick-off (the source says only that it happened in the match). */
  at: string;
}

/** The phase a live match is in, as its clock label says it. */
export type LivePeriod = '1H' | 'HT' | '2H' | 'BT' | 'ET1' | 'ETHT' | 'ET2' | 'PEN' | 'FT';

/** GET /api/live: one match being played now. */
export interface LiveMatch {
  fixtureId: number;
  leagueId: number;
  /** The clubs (who follows them gets the in-app alert). */
  homeTeamId: number;
  awayTeamId: number;
  homeTeam: string;
  awayTeam: string;
  status: FixtureStatus;
  period: LivePeriod;
  /** The clock as broadcasters show it: "1", "45+2", "HT", "46", "ET", "Pens", "FT". */
  minute: string;
  goalsHome: number | null;
  goalsAway: number | null;
  /** Shoot-out score once known. */
  penaltiesHome: number | null;
  penaltiesAway: number | null;
  /** The last event's sequence number within the fixture (0 before kick-off). */
  lastSeq: number;
  /** ISO instant of the last event. */
  updatedAt: string;
}

/** GET /api/live: every live match and the position of the live feed they are current to. */
export interface LiveSnapshot {
  /** The live feed's position: a stream resumed from here misses nothing. */
  feedSeq: number;
  matches: LiveMatch[];
  /** ISO instant the snapshot was taken. */
  at: string;
}

/** One change of the live feed (the internal feed and the `change` events of GET /api/live/stream). */
export interface LiveChange {
  /** The feed's sequence: the stream's event id. */
  feedSeq: number;
  fixtureId: number;
  event: MatchEvent;
  /** The match as it stands after this event. */
  match: LiveMatch;
  /** ISO wall-clock instant the event was stored (a replay's match time is shifted; this is not). */
  storedAt: string;
}

/**
 * The longest a read of the live feed may wait for news (GET /internal/live/feed?wait=<ms>, ms): with nothing after
 * `after`, the football service answers when an event is stored in its process, or when the wait ends.
 */
export const MAX_FEED_WAIT_MS = 10_000;

/** GET /internal/live/feed?after=&limit= (football service, for the gateway): changes after `after`, in feed order. */
export interface LiveFeedPage {
  /** The position these changes reach (`after` when there are none). */
  feedSeq: number;
  /** The feed's last position now. */
  position: number;
  /**
   * Names the feed's data: renewed whenever the football data is replaced (a replay rebuilt, a dataset replaced).
   * Positions of another epoch mean nothing, whether the new position is below or past them.
   */
  epoch: string;
  changes: LiveChange[];
  /** With `fixtures=1`: the fixtures these changes are about (the alerts sender's texts), read with the page. */
  fixtures?: Fixture[];
}

/** The last minute of each running period: past it the clock shows stoppage time ("45+2"). */
export const PERIOD_LAST_MINUTE: Partial<Record<LivePeriod, number>> = { '1H': 45, '2H': 90, ET1: 105, ET2: 120 };

/**
 * The match clock, one implementation for the server and the browser: the label the clock showed at `labelAt`
 * (ms), run on to `now` a minute at a time, as broadcasters show it ("45+2" past the period's last minute). A
 * label that does not run ("HT", "ET", "Pens", "FT"), or one in a period without a running clock, stays as it is.
 * The football service starts a period's clock from its first minute and the event that began it
 * (`matchClock('2H', '46', secondHalfAt, now)`); a page runs on the label the stream last gave.
 */
export function matchClock(period: LivePeriod, label: string, labelAt: number, now: number): string {
  const last = PERIOD_LAST_MINUTE[period];
  const shown = /^(\d+)(?:\+(\d+))?$/.exec(label);
  if (last === undefined || !shown) return label;
  const minute = Number(shown[1]) + Number(shown[2] ?? 0) + Math.max(0, Math.floor((now - labelAt) / 60_000));
  return minute > last ? `${last}+${minute - last}` : String(minute);
}
