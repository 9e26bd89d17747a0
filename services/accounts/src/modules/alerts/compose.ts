import {
  alertKindOfEvent,
  alertWords,
  flaggedName,
  type AlertKind,
  type AlertToggles,
  type Fixture,
  type LiveChange,
  type PushAlert,
  type QuietHours,
  type ReplayInfo,
  type SpoilerScope,
  replayedMatchDay,
} from '@matchday/contracts';

/**
 * What one follower's device is sent for one event: every decision is made here, on the server
 * (the alert types the user chose, quiet hours in their time zone, spoiler-free mode), because the service
 * worker shows whatever it receives (Safari revokes permission after a push that shows nothing).
 */

const MINUTE = 60_000;

/** How long a push service keeps an alert for an offline phone: a goal an hour late is noise, a result is not. */
export const ALERT_TTL_MS: Record<AlertKind, number> = {
  goal: 10 * MINUTE,
  'goal-cancelled': 10 * MINUTE,
  'red-card': 10 * MINUTE,
  'half-time': 10 * MINUTE,
  'line-ups': 30 * MINUTE,
  'kick-off': 30 * MINUTE,
  'full-time': 120 * MINUTE,
};

/** A reminder is sent this long before kick-off. */
export const KICK_OFF_REMINDER_MS = 30 * MINUTE;

/** The alert an event of the live feed makes, if it makes one. */
export const alertKindOf = (change: LiveChange): AlertKind | null => alertKindOfEvent(change.event.kind);

export interface RecipientPreferences {
  alerts: AlertToggles;
  quietHours: QuietHours | null;
  timeZone: string;
  spoilerFree: boolean;
  spoilerScope: SpoilerScope;
}

/** Minutes since midnight at `atMs` in `timeZone`. */
function minuteOfDay(atMs: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).formatToParts(atMs);
  const value = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return value('hour') * 60 + value('minute');
}

const minutesOf = (clock: string) => Number(clock.slice(0, 2)) * 60 + Number(clock.slice(3, 5));

/** Whether `atMs` falls in the quiet hours (start inclusive, end exclusive; a start after the end spans midnight). */
export function inQuietHours(quiet: QuietHours | null, timeZone: string, atMs: number): boolean {
  if (!quiet) return false;
  const now = minuteOfDay(atMs, timeZone);
  const start = minutesOf(quiet.start);
  const end = minutesOf(quiet.end);
  return start < end ? now >= start && now < end : now >= start || now < end;
}

/** An alert with how it is sent. `key` names it once per device (the exactly-once key). */
export interface OutgoingAlert {
  key: string;
  alert: PushAlert;
  ttlSeconds: number;
  urgency: 'high' | 'normal';
  /** The Web Push Topic: a later message with the same topic replaces an undelivered one. */
  topic: string;
  /** When the event was stored (epoch ms): freshness and latency count from here. */
  eventMs: number;
}

const matchPath = (fixtureId: number) => `/fixture-stats/${fixtureId}`;

/** The fixture with its teams named as every alert writes them (flaggedName: "🇲🇽 Mexico v 🇿🇦 South Africa"). */
function withFlags(fixture: Fixture): Fixture {
  return {
    ...fixture,
    homeTeam: flaggedName(fixture.homeTeam, fixture.homeTeamFlag),
    awayTeam: flaggedName(fixture.awayTeam, fixture.awayTeamFlag),
  };
}

/** The alert of a live-feed change for a fixture, as the user's choices allow it; null when none is sent. */
export function composeEventAlert(change: LiveChange, fixture: Fixture, prefs: RecipientPreferences, nowMs: number): OutgoingAlert | null {
  const kind = alertKindOf(change);
  if (!kind || !prefs.alerts[kind]) return null;
  // Spoiler-free: a goal, a red card, a half-time or a full-time alert is a result; the recipient follows this match's
  // team or league, so either scope hides it.
  if (prefs.spoilerFree) return null;
  if (inQuietHours(prefs.quietHours, prefs.timeZone, nowMs)) return null;
  const eventMs = Date.parse(change.storedAt);
  const ttlMs = ALERT_TTL_MS[kind] - Math.max(0, nowMs - eventMs);
  if (ttlMs <= 0) return null;
  const { event } = change;
  const words = alertWords(
    kind as Exclude<AlertKind, 'kick-off' | 'line-ups'>,
    { ...withFlags(fixture), goalsHome: event.homeScore ?? change.match.goalsHome, goalsAway: event.awayScore ?? change.match.goalsAway },
    event,
  );
  const goalTag = (seq: number) => `g${fixture.id}s${seq}`;
  // the same tag and topic for a goal and its cancellation, so that the correction replaces the goal on the phone;
  // each red card its own, as each goal
  const tag =
    kind === 'goal'
      ? goalTag(event.seq)
      : kind === 'goal-cancelled'
        ? goalTag(event.cancelsSeq ?? event.seq)
        : kind === 'red-card'
          ? `r${fixture.id}s${event.seq}`
          : `${kind === 'half-time' ? 'ht' : 'ft'}${fixture.id}`;
  const penalties =
    kind === 'full-time' && change.match.penaltiesHome !== null && change.match.penaltiesAway !== null
      ? `${change.match.penaltiesHome}–${change.match.penaltiesAway} on penalties`
      : '';
  const title = words.title;
  const body = [words.detail, penalties, fixture.leagueName].filter(Boolean).join(' · ');
  return {
    key: `${kind}:${fixture.id}:${event.seq}`,
    alert: { kind, title, body, tag, url: matchPath(fixture.id), fixtureId: fixture.id, at: event.at },
    ttlSeconds: Math.max(1, Math.floor(ttlMs / 1000)),
    urgency: kind === 'goal' || kind === 'goal-cancelled' || kind === 'red-card' ? 'high' : 'normal',
    topic: tag,
    eventMs,
  };
}

/** The kick-off reminder of a fixture (30 minutes before; the TTL ends at kick-off). */
export function composeKickOffAlert(fixture: Fixture, prefs: RecipientPreferences, nowMs: number): OutgoingAlert | null {
  if (!prefs.alerts['kick-off']) return null;
  if (inQuietHours(prefs.quietHours, prefs.timeZone, nowMs)) return null;
  const kickOffMs = Date.parse(fixture.eventDate);
  const ttlMs = Math.min(ALERT_TTL_MS['kick-off'], kickOffMs - nowMs);
  if (ttlMs <= 0) return null;
  const time = new Intl.DateTimeFormat('en-GB', { timeZone: prefs.timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(
    kickOffMs,
  );
  const where = fixture.venue ? ` · ${fixture.venue}` : '';
  const { homeTeam, awayTeam } = withFlags(fixture);
  return {
    key: `kick-off:${fixture.id}`,
    alert: {
      kind: 'kick-off',
      title: `${homeTeam} v ${awayTeam} kicks off at ${time}`,
      body: `${fixture.leagueName}${where}`,
      tag: `ko${fixture.id}`,
      url: matchPath(fixture.id),
      fixtureId: fixture.id,
      at: fixture.eventDate,
    },
    ttlSeconds: Math.max(1, Math.floor(ttlMs / 1000)),
    urgency: 'normal',
    topic: `ko${fixture.id}`,
    eventMs: nowMs,
  };
}

/** Line-ups are announced about an hour before kick-off; the alert is looked for this long before. */
export const LINE_UPS_WINDOW_MS = 75 * MINUTE;

/** "Line-ups are out" for a fixture whose starting XIs are announced (the TTL ends at kick-off). */
export function composeLineupsAlert(fixture: Fixture, prefs: RecipientPreferences, nowMs: number): OutgoingAlert | null {
  if (!prefs.alerts['line-ups']) return null;
  if (inQuietHours(prefs.quietHours, prefs.timeZone, nowMs)) return null;
  const ttlMs = Math.min(ALERT_TTL_MS['line-ups'], Date.parse(fixture.eventDate) - nowMs);
  if (ttlMs <= 0) return null;
  const { homeTeam, awayTeam } = withFlags(fixture);
  return {
    key: `line-ups:${fixture.id}`,
    alert: {
      kind: 'line-ups',
      title: `Line-ups are out: ${homeTeam} v ${awayTeam}`,
      body: `${fixture.leagueName} · the starting XIs and the Dream11 picks made from them`,
      tag: `lu${fixture.id}`,
      url: `/fixture-stats/${fixture.id}`,
      fixtureId: fixture.id,
      at: fixture.eventDate,
    },
    ttlSeconds: Math.max(1, Math.floor(ttlMs / 1000)),
    urgency: 'normal',
    topic: `lu${fixture.id}`,
    eventMs: nowMs,
  };
}

/**
 * While a replay of a real season is served, an alert says so and names the match's real day: "… · Replay: played
 * Sun 1 Dec 2024" (the kick-off the alert was made from is the replay's, moved by `shiftMs`).
 */
export function markReplay(
  outgoing: OutgoingAlert,
  fixture: Pick<Fixture, 'eventDate'>,
  replay: Pick<ReplayInfo, 'shiftMs'> | null,
): OutgoingAlert {
  if (!replay) return outgoing;
  const note = `Replay: played ${replayedMatchDay(fixture.eventDate, replay.shiftMs)}`;
  return { ...outgoing, alert: { ...outgoing.alert, body: outgoing.alert.body ? `${outgoing.alert.body} · ${note}` : note } };
}
