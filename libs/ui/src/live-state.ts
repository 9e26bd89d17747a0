import { matchClock } from '@matchday/contracts';
import { resultNote, type LiveConnection } from './live-light';
import type { LiveChange, LiveMatch, LivePeriod, LiveSnapshot, MatchEvent, MatchEventKind } from '@matchday/contracts';

/**
 * The live match centre's state in the browser, as pure functions of the stream's messages:
 * `snapshot` and `change` events of GET /api/live/stream and the timelines of GET /api/fixture-events/{id}.
 * The live client (live-client.ts) holds one of these per tab; the screens read it through the hooks.
 */

/** A score with no news for this long is no longer shown as live ("updated N s ago" instead). */
export const LIVE_FRESH_MS = 60_000;

// what a screen needs before the live client is loaded (Home's first cards): in @matchday/ui/unshared too
export { CONNECTION_TEXT, INITIAL_LIVE_STATE, mayBeLive, resultNote, type LiveConnection } from './live-light';

export interface LiveEntry {
  match: LiveMatch;
  /** Server instant (ms) at which `match.minute` was the clock: the snapshot's `at`, or the change's event `at`. */
  minuteAt: number;
  /** The match went beyond 90 minutes (a period or event of extra time was seen): "a.e.t.". */
  extraTime: boolean;
}

export interface Timeline {
  /** In seq order, each seq once. */
  events: readonly MatchEvent[];
  /** The whole timeline was read (GET /api/fixture-events), not only what the stream brought since it opened. */
  loaded: boolean;
  /** The last read failed (offline, server error): it is tried again when the stream comes back. */
  failed: boolean;
}

export interface LiveState {
  connection: LiveConnection;
  /** The feed position the state is current to (the stream's last event id); null before the first snapshot. */
  feedSeq: number | null;
  /** Matches being played, and those seen finishing while the tab watched (their final state). */
  matches: ReadonlyMap<number, LiveEntry>;
  /** Timelines of the fixtures a screen watches (and the events the stream brought for any other). */
  timelines: ReadonlyMap<number, Timeline>;
  /** Client time (ms) of the last message. */
  lastMessageAt: number | null;
  /** Client time (ms) the data was last known current: a message, the stream opening, or the moment it dropped. */
  currentAt: number | null;
  /** Client clock minus server clock (ms), from the last snapshot. */
  skewMs: number;
}

const EXTRA_PERIODS: ReadonlySet<LivePeriod> = new Set<LivePeriod>(['BT', 'ET1', 'ETHT', 'ET2', 'PEN']);
const EXTRA_KINDS: ReadonlySet<MatchEventKind> = new Set<MatchEventKind>([
  'end-of-90',
  'extra-time',
  'extra-time-half-time',
  'extra-time-second-half',
  'end-of-extra-time',
  'shoot-out',
]);

/** Whether a timeline shows extra time. */
export function hadExtraTime(events: readonly MatchEvent[]): boolean {
  return events.some((event) => EXTRA_KINDS.has(event.kind));
}

/**
 * A snapshot replaces the live matches (it lists every match being played) and the feed position, even a lower
 * one (a server whose feed started again). Matches seen finishing keep their final state; a match that was live
 * and is missing finished while the tab was not listening, so it is dropped and the screens show the fixture's own data.
 */
export function applySnapshot(state: LiveState, snapshot: LiveSnapshot, now: number): LiveState {
  const at = Date.parse(snapshot.at);
  const matches = new Map<number, LiveEntry>();
  for (const [id, entry] of state.matches) if (entry.match.status === 'finished') matches.set(id, entry);
  for (const match of snapshot.matches) {
    const before = state.matches.get(match.fixtureId);
    matches.set(match.fixtureId, { match, minuteAt: at, extraTime: Boolean(before?.extraTime) || EXTRA_PERIODS.has(match.period) });
  }
  return { ...state, feedSeq: snapshot.feedSeq, matches, lastMessageAt: now, currentAt: now, skewMs: Number.isNaN(at) ? 0 : now - at };
}

/**
 * One change, at most once: a change at or before the feed position is one already applied (a resumed stream, a
 * snapshot that already holds it) and leaves the state as it is (the same object). The match takes the state the
 * change says unless a later one is already known; the event joins the fixture's timeline.
 */
export function applyChange(state: LiveState, change: LiveChange, now: number): LiveState {
  if (state.feedSeq !== null && change.feedSeq <= state.feedSeq) return state;
  const before = state.matches.get(change.fixtureId);
  const matches = new Map(state.matches);
  if (!before || change.match.lastSeq >= before.match.lastSeq) {
    matches.set(change.fixtureId, {
      match: change.match,
      minuteAt: Date.parse(change.event.at),
      extraTime: Boolean(before?.extraTime) || EXTRA_PERIODS.has(change.match.period) || EXTRA_KINDS.has(change.event.kind),
    });
  }
  const timeline = state.timelines.get(change.fixtureId);
  const timelines = new Map(state.timelines);
  timelines.set(change.fixtureId, {
    events: mergeEvents(timeline?.events ?? [], [change.event]),
    loaded: timeline?.loaded ?? false,
    failed: timeline?.failed ?? false,
  });
  return { ...state, feedSeq: change.feedSeq, matches, timelines, lastMessageAt: now, currentAt: now };
}

/** A heartbeat (`ping`): nothing changed, but the stream is alive, so what is shown is current now. */
export function applyPing(state: LiveState, now: number): LiveState {
  return { ...state, lastMessageAt: now, currentAt: now };
}

/** A timeline read from GET /api/fixture-events joins what the stream brought (each seq once); null marks a failed read. */
export function applyTimeline(state: LiveState, fixtureId: number, events: readonly MatchEvent[] | null): LiveState {
  const timeline = state.timelines.get(fixtureId);
  const timelines = new Map(state.timelines);
  timelines.set(
    fixtureId,
    events === null
      ? { events: timeline?.events ?? [], loaded: timeline?.loaded ?? false, failed: true }
      : { events: mergeEvents(timeline?.events ?? [], events), loaded: true, failed: false },
  );
  const entry = state.matches.get(fixtureId);
  const extra = entry && !entry.extraTime && events && hadExtraTime(events);
  const matches = extra ? new Map(state.matches).set(fixtureId, { ...entry, extraTime: true }) : state.matches;
  return { ...state, timelines, matches };
}

/** The stream's state changes; leaving 'open' notes that the data was current until now. */
export function withConnection(state: LiveState, connection: LiveConnection, now: number): LiveState {
  if (state.connection === connection) return state;
  const opened = connection === 'open';
  return {
    ...state,
    connection,
    currentAt: opened || state.connection === 'open' ? now : state.currentAt,
    lastMessageAt: opened ? now : state.lastMessageAt,
  };
}

/**
 * Whether a read timeline misses events the live match says happened (a reply older than the stream, with the
 * stream's later events after a hole): a fixture's seqs run 1, 2, 3 ..., so every one up to lastSeq must be there.
 */
export function timelineBehind(state: LiveState, fixtureId: number): boolean {
  const entry = state.matches.get(fixtureId);
  const timeline = state.timelines.get(fixtureId);
  if (!entry || !timeline?.loaded) return false;
  return timeline.events.filter((event) => event.seq <= entry.match.lastSeq).length < entry.match.lastSeq;
}

/**
 * Two lists of events as one, in seq order, each seq once ("taken back" if either says so). A 'goal-cancelled'
 * names no goal in the contract: it takes back the latest earlier goal of its side not taken back by another
 * (one the server already marked first), which is how a VAR decision reads. A 'withdrawn' marks the event it names.
 */
export function mergeEvents(a: readonly MatchEvent[], b: readonly MatchEvent[]): MatchEvent[] {
  const bySeq = new Map<number, MatchEvent>();
  for (const event of [...a, ...b]) {
    const known = bySeq.get(event.seq);
    bySeq.set(event.seq, known && known.cancelled && !event.cancelled ? { ...event, cancelled: true } : event);
  }
  const events = [...bySeq.values()].sort((x, y) => x.seq - y.seq);
  // a 'withdrawn' (its source no longer has the event) names the event it takes back
  const withdrawn = new Set(events.filter((e) => e.kind === 'withdrawn').map((e) => e.cancelsSeq));
  events.forEach((event, index) => {
    if (withdrawn.has(event.seq) && !event.cancelled) events[index] = { ...event, cancelled: true };
  });
  // a goal withdrawn is no VAR decision's to take back
  const claimed = new Set<number>(events.filter((e) => withdrawn.has(e.seq)).map((e) => e.seq));
  events.forEach((event, index) => {
    if (event.kind !== 'goal-cancelled') return;
    const candidates = events
      .slice(0, index)
      .filter((goal) => goal.kind === 'goal' && !claimed.has(goal.seq) && (event.teamId === null || goal.teamId === event.teamId));
    const taken = candidates.findLast((goal) => goal.cancelled) ?? candidates[candidates.length - 1];
    if (!taken) return;
    claimed.add(taken.seq);
    if (!taken.cancelled) events[events.indexOf(taken)] = { ...taken, cancelled: true };
  });
  return events;
}

/**
 * Whether the data may be shown as live: it was known current less than LIVE_FRESH_MS ago (a message, the
 * gateway's 15 s ping included, the stream opening, or the moment it dropped). An open stream that went silent
 * (a connection dead without a close) turns stale like a dropped one.
 */
export function isFresh(state: LiveState, now: number): boolean {
  return state.currentAt !== null && now - state.currentAt < LIVE_FRESH_MS;
}

/** How old the data is (ms): 0 while the stream is open and heard from. */
export function dataAge(state: LiveState, now: number): number {
  if (state.currentAt === null || (state.connection === 'open' && isFresh(state, now))) return 0;
  return Math.max(0, now - state.currentAt);
}

/** The match clock now ("45+2", "HT", "ET", "Pens", "FT"), run on (matchClock) from the label the server gave and when. */
export function clockAt(entry: LiveEntry, serverNow: number): string {
  const { match } = entry;
  if (match.status !== 'live') return match.minute;
  return matchClock(match.period, match.minute, entry.minuteAt, serverNow);
}

/** A clock label as shown: "45+2′" for a minute, the label itself for "HT", "ET", "Pens", "FT". */
export function minuteText(label: string): string {
  return /^\d/.test(label) ? `${label}′` : label;
}

/** An event's minute as shown ("45+2′"; empty without one). */
export function eventMinute(event: Pick<MatchEvent, 'minute' | 'stoppage'>): string {
  if (event.minute === null) return '';
  return `${event.minute}${event.stoppage ? `+${event.stoppage}` : ''}′`;
}

/** "2–1", or "–" when the source has no running score (never an invented 0–0). */
export function scoreText(home: number | null, away: number | null): string {
  return home === null || away === null ? '–' : `${home}–${away}`;
}

/** "Updated 12 s ago", "Updated 3 min ago", "Updated 2 h ago". */
export function updatedAgo(ageMs: number): string {
  const seconds = Math.max(0, Math.round(ageMs / 1000));
  if (seconds < 5) return 'Updated just now';
  if (seconds < 60) return `Updated ${seconds} s ago`;
  if (seconds < 3600) return `Updated ${Math.floor(seconds / 60)} min ago`;
  return `Updated ${Math.floor(seconds / 3600)} h ago`;
}

/** How a match is shown now: live (red dot and clock), stale (no news for a minute: age instead), or finished. */
export interface LiveView {
  phase: 'live' | 'stale' | 'finished';
  /** The clock as shown: "45+2′", "HT", "FT". */
  clock: string;
  goalsHome: number | null;
  goalsAway: number | null;
  /** "(4–2 pens)", "a.e.t." or null (finished matches). */
  note: string | null;
  /** How old the data is (ms), 0 while the stream is open. */
  ageMs: number;
}

export function liveView(entry: LiveEntry, state: LiveState, now: number): LiveView {
  const { match } = entry;
  const finished = match.status === 'finished' || match.period === 'FT';
  const ageMs = dataAge(state, now);
  return {
    phase: finished ? 'finished' : isFresh(state, now) ? 'live' : 'stale',
    clock: finished ? 'FT' : minuteText(clockAt(entry, now - state.skewMs)),
    goalsHome: match.goalsHome,
    goalsAway: match.goalsAway,
    note: finished ? resultNote(match, entry.extraTime) : null,
    ageMs,
  };
}

/**
 * What a screen reader hears for a change that moves the score (a goal, a goal taken back), once per change;
 * null for any other change (periods, the clock).
 */
export function scoreAnnouncement(change: LiveChange, homeName: string, awayName: string, homeTeamId?: number): string | null {
  const { event, match } = change;
  if (event.kind !== 'goal' && event.kind !== 'goal-cancelled') return null;
  const side = event.teamId === null || homeTeamId === undefined ? null : event.teamId === homeTeamId ? homeName : awayName;
  const score =
    match.goalsHome === null || match.goalsAway === null ? '' : ` ${homeName} ${match.goalsHome}, ${awayName} ${match.goalsAway}.`;
  if (event.kind === 'goal-cancelled') return `Goal disallowed${side ? ` for ${side}` : ''}.${score}`;
  const kind = event.goalKind === 'penalty' ? ', penalty' : event.goalKind === 'own-goal' ? ', own goal' : '';
  const who = event.scorer
    ? ` ${event.scorer}${event.minute !== null ? `, minute ${eventMinute(event).replace('′', '')}` : ''}${kind}.`
    : '';
  return `Goal${side ? ` for ${side}` : ''}!${who}${score}`;
}
