import { createHash } from 'node:crypto';
import { PERIOD_ORDER, placeOnClock, type GoalKind, type MatchEventKind, type PeriodKind } from '@matchday/contracts';
import type { ImportedMatchEvent, Score } from '../model';
import type { ApiFixtureEvent, ApiFixtureItem } from './api-football-types';

/**
 * API-Football's live state of one fixture -> the match events it adds to what is stored. Pure:
 * the poller (importers/live-poller.ts) fetches, reads what is stored and writes through the store.
 *
 * - Periods come from `fixture.status.short` with the keys a replay uses (importers/live-clock.ts), so both
 *   sources name them alike: 1H 'kick-off', HT 'half-time', 2H 'second-half', ET 'end-of-90' + 'extra-time'
 *   (past the 105th minute also 'extra-time-half-time' + 'extra-time-second-half'), BT the break before extra
 *   time ('end-of-90') or in it ('extra-time-half-time'), P 'end-of-extra-time' + 'shoot-out' (after extra
 *   time; 'end-of-90' + 'shoot-out' without), FT/AET/PEN 'full-time'. A status implies the periods before it:
 *   a poller that first sees a match in its second half writes kick-off and half time too (keys: once each).
 * - Goals and VAR's "Goal cancelled" come from /fixtures/events. API-Football's events have no id: an event is
 *   keyed by its type, detail, minute, stoppage, team and player, and a counter for identical ones, so the same
 *   list read again adds nothing. Cards ('Yellow Card'; 'Red Card' and 'Second Yellow card' are a 'red-card') come
 *   at their minute with the player booked. Substitutions are skipped: API-Football names the player coming on
 *   under `player` in some matches and under `assist` in others (its public roadmap, issues 170, 283 and 371), so
 *   who came on is not known; so are a missed penalty and the kicks of a shoot-out (comments 'Penalty Shootout').
 * - An own goal's side: the v3 documentation does not say which team an own goal's event names. Its
 *   responses name the team the goal counts for, with the other team's player (Barcelona 3-1 Getafe,
 *   22 April 2021: Lenglet's own goal under Getafe, Chakla's under Barcelona, 3-1 either way). So every goal,
 *   own goals included, counts for the side its `team` is — the side `ImportedMatchEvent.side` means.
 * - A cancelled goal: 'goal-cancelled' taking back the latest goal not yet taken back of the VAR event's team
 *   at or before its minute (none yet: nothing, tried again with the next list).
 * - Each new event carries the score after it: the goals stored and not cancelled, counted on in the order
 *   the new events are written (that is the timeline's order: what is stored comes first).
 */

const MINUTE = 60_000;

/** What the poller reads back of a fixture's stored events. */
export interface StoredMatchEvent {
  key: string;
  kind: MatchEventKind;
  side: 'home' | 'away' | null;
  minute: number | null;
  stoppage: number | null;
  cancelled: boolean;
}

/** The statuses of a match being played or just played in full (periods and events mean something). */
export const PLAYING_STATUSES: ReadonlySet<string> = new Set(['1H', 'HT', '2H', 'ET', 'BT', 'P', 'FT', 'AET', 'PEN', 'LIVE']);

/**
 * The periods a status says have begun, in order. `extraTime`: extra time is known to be played (an
 * 'extra-time' event stored, a minute past 90, or an extra-time score).
 */
export function periodsOf(short: string, elapsed: number | null, extraTime: boolean, extraTimeBreak: boolean): PeriodKind[] {
  const regular: PeriodKind[] = ['kick-off', 'half-time', 'second-half'];
  const extra: PeriodKind[] = [...regular, 'end-of-90', 'extra-time'];
  const fullExtra: PeriodKind[] = [...extra, 'extra-time-half-time', 'extra-time-second-half'];
  const shootOut: PeriodKind[] = extraTime ? [...fullExtra, 'end-of-extra-time', 'shoot-out'] : [...regular, 'end-of-90', 'shoot-out'];
  switch (short) {
    case '1H':
    case 'LIVE':
      return ['kick-off'];
    case 'HT':
      return ['kick-off', 'half-time'];
    case '2H':
      return regular;
    case 'ET':
      return (elapsed ?? 0) > 105 || extraTimeBreak ? fullExtra : extra;
    case 'BT':
      return extraTime ? [...extra, 'extra-time-half-time'] : [...regular, 'end-of-90'];
    case 'P':
      return shootOut;
    case 'FT':
      return [...regular, 'full-time'];
    case 'AET':
      return [...fullExtra, 'full-time'];
    case 'PEN':
      return [...shootOut, 'full-time'];
    default:
      return [];
  }
}

/** When a period began: the half's own start where API-Football gives it, else counted back from the minute. */
function periodEstimate(kind: PeriodKind, item: ApiFixtureItem, nowMs: number): number {
  const { short, elapsed } = item.fixture.status;
  const since = (from: number) => nowMs - Math.max(0, (elapsed ?? from) - from) * MINUTE;
  const periods = item.fixture.periods;
  switch (kind) {
    case 'kick-off':
      if (periods?.first) return periods.first * 1000;
      return short === '1H' ? since(1) : item.fixture.timestamp * 1000;
    case 'second-half':
      if (periods?.second) return periods.second * 1000;
      return short === '2H' ? since(46) : nowMs;
    case 'extra-time':
      return short === 'ET' && (elapsed ?? 0) <= 105 ? since(91) : nowMs;
    case 'extra-time-second-half':
      return short === 'ET' && (elapsed ?? 0) > 105 ? since(106) : nowMs;
    default:
      return nowMs;
  }
}

/** A goal, a cancelled goal or a card read from the list, with its key. */
interface ListedEvent {
  kind: 'goal' | 'goal-cancelled' | 'yellow-card' | 'red-card';
  key: string;
  side: 'home' | 'away';
  minute: number;
  stoppage: number | null;
  goalKind: GoalKind | null;
  /** The scorer of a goal, the player booked or sent off. */
  scorer: string | null;
  order: number;
}

const GOAL_KINDS: Record<string, GoalKind> = { 'normal goal': 'goal', 'own goal': 'own-goal', penalty: 'penalty' };
const CARD_KINDS: Record<string, 'yellow-card' | 'red-card'> = {
  'yellow card': 'yellow-card',
  'red card': 'red-card',
  'second yellow card': 'red-card',
};

/** 'goal:23:1f0c9a2b7d:1': kind, minute (+stoppage), a digest of what names the event, its number among identical ones. */
export function eventKey(prefix: string, event: ApiFixtureEvent, n: number): string {
  const identity = [
    event.type,
    event.detail,
    event.time?.elapsed,
    event.time?.extra,
    event.team?.id,
    event.player?.id ?? event.player?.name,
  ]
    .map((v) => String(v ?? ''))
    .join('|');
  const digest = createHash('sha256').update(identity).digest('hex').slice(0, 10);
  const extra = event.time?.extra ? `+${event.time.extra}` : '';
  return `${prefix}:${event.time?.elapsed ?? ''}${extra}:${digest}:${n}`;
}

/** The goals, cancelled goals and cards of an events list, keyed, in match order (the list's order among equals). */
export function listedEvents(item: ApiFixtureItem, events: readonly ApiFixtureEvent[]): ListedEvent[] {
  const seen = new Map<string, number>();
  const listed: ListedEvent[] = [];
  for (const event of events) {
    const type = (event.type ?? '').trim().toLowerCase();
    const detail = (event.detail ?? '').trim().toLowerCase();
    const goalKind = type === 'goal' ? GOAL_KINDS[detail] : undefined;
    const cancel = type === 'var' && detail === 'goal cancelled';
    const card = type === 'card' ? CARD_KINDS[detail] : undefined;
    if (!goalKind && !cancel && !card) continue;
    if (goalKind && /shoot-?out/i.test(event.comments ?? '')) continue;
    const side = event.team?.id === item.teams.home.id ? 'home' : event.team?.id === item.teams.away.id ? 'away' : null;
    const minute = event.time?.elapsed;
    if (!side || minute === null || minute === undefined) continue;
    const prefix = cancel ? 'var' : card ? 'card' : 'goal';
    const base = eventKey(prefix, event, 0);
    const n = (seen.get(base) ?? 0) + 1;
    seen.set(base, n);
    const stoppage = event.time.extra ? event.time.extra : null;
    listed.push({
      kind: cancel ? 'goal-cancelled' : (card ?? 'goal'),
      key: eventKey(prefix, event, n),
      side,
      minute,
      stoppage,
      goalKind: goalKind ?? null,
      scorer: event.player?.name ?? null,
      order: placeOnClock(minute, stoppage),
    });
  }
  return listed
    .map((event, index) => ({ event, index }))
    .sort((a, b) => a.event.order - b.event.order || a.index - b.index)
    .map(({ event }) => event);
}

export interface LiveInput {
  item: ApiFixtureItem;
  /** The fixture's events list; null when not read this time (periods only). */
  events: readonly ApiFixtureEvent[] | null;
  /** What is stored of the fixture, in seq order. */
  stored: readonly StoredMatchEvent[];
  now: Date;
}

/** The score the stored events stand at: their goals not taken back. */
export function storedScore(stored: readonly StoredMatchEvent[]): Score {
  const score: Score = { home: 0, away: 0 };
  for (const event of stored) if (event.kind === 'goal' && !event.cancelled && event.side) score[event.side] += 1;
  return score;
}

/** The events to write, in the order to write them (none stored yet; writing them twice stores them once). */
export function liveMatchEvents({ item, events, stored, now }: LiveInput): ImportedMatchEvent[] {
  const nowMs = now.getTime();
  const match = { source: 'api-football' as const, externalId: String(item.fixture.id) };
  const storedKeys = new Set(stored.map((e) => e.key));
  const storedKinds = new Set(stored.map((e) => e.kind));
  const score = storedScore(stored);
  const goals = stored
    .filter((e) => e.kind === 'goal' && e.side)
    .map((e) => ({ key: e.key, side: e.side!, order: placeOnClock(e.minute, e.stoppage), cancelled: e.cancelled }));

  const { short, elapsed } = item.fixture.status;
  const extraTime =
    storedKinds.has('extra-time') ||
    (elapsed ?? 0) > 90 ||
    (item.score?.extratime?.home !== null && item.score?.extratime?.home !== undefined);
  const chain = periodsOf(short, elapsed, extraTime, storedKinds.has('extra-time-half-time'));
  // A period's instant: its own estimate, never after the next period's (a poller catching up writes earlier ones too).
  const periodAt = new Map<PeriodKind, number>();
  let next = nowMs;
  for (const kind of [...chain].reverse()) {
    next = Math.min(periodEstimate(kind, item, nowMs), next);
    periodAt.set(kind, next);
  }

  type Pending = { order: number; period?: PeriodKind; listed?: ListedEvent };
  const pending: Pending[] = [
    ...chain.filter((kind) => !storedKeys.has(kind)).map((period) => ({ order: PERIOD_ORDER[period], period })),
    ...(events ? listedEvents(item, events) : []).filter((e) => !storedKeys.has(e.key)).map((listed) => ({ order: listed.order, listed })),
  ];
  // stable: periods before goals at the same place (none share one), goals and cancels in the list's order
  pending.sort((a, b) => a.order - b.order);

  const out: ImportedMatchEvent[] = [];
  for (const { period, listed } of pending) {
    if (period) {
      out.push({ match, key: period, kind: period, at: new Date(periodAt.get(period)!), score: { ...score } });
      continue;
    }
    const event = listed!;
    if (event.kind === 'yellow-card' || event.kind === 'red-card') {
      const { kind, key, side, minute, stoppage, scorer } = event;
      out.push({ match, key, kind, at: now, side, minute, stoppage, player: scorer, score: null });
      continue;
    }
    if (event.kind === 'goal') {
      score[event.side] += 1;
      goals.push({ key: event.key, side: event.side, order: event.order, cancelled: false });
      out.push({
        match,
        key: event.key,
        kind: 'goal',
        at: now,
        side: event.side,
        minute: event.minute,
        stoppage: event.stoppage,
        goalKind: event.goalKind,
        scorer: event.scorer,
        score: { ...score },
      });
      continue;
    }
    let target: (typeof goals)[number] | undefined;
    for (const goal of goals) {
      if (goal.side === event.side && !goal.cancelled && goal.order <= event.order && (!target || goal.order >= target.order))
        target = goal;
    }
    if (!target) continue;
    target.cancelled = true;
    score[target.side] -= 1;
    out.push({
      match,
      key: event.key,
      kind: 'goal-cancelled',
      at: now,
      side: event.side,
      minute: event.minute,
      stoppage: event.stoppage,
      scorer: event.scorer,
      cancels: target.key,
      score: { ...score },
    });
  }
  return out;
}
