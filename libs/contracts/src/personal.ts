/**
 * What makes Matchday personal: follows, alert preferences, Web Push subscriptions and the
 * alerts they receive, calendar feeds and the spoiler-free mode. The accounts service owns the user's side
 * (follows, preferences, subscriptions, the personal calendar token); the football service writes the
 * public calendar feeds.
 */

/** What a signed-in fan can follow. */
export type FollowKind = 'team' | 'league' | 'player';
export const FOLLOW_KINDS: readonly FollowKind[] = ['team', 'league', 'player'];

/** Follows one user may have at once; past it POST /api/user/follows answers 409 with FOLLOW_LIMIT_MESSAGE. */
export const FOLLOW_LIMIT = 50;
export const FOLLOW_LIMIT_MESSAGE = `You can follow up to ${FOLLOW_LIMIT} teams, leagues and players. Unfollow one to add another.`;

/** POST /api/user/follows (request): 201 when added, 200 when it was already followed. */
export interface FollowRequest {
  kind: FollowKind;
  id: number;
}

/** GET /api/user/follows: one follow, newest first, with what the screens show for it. */
export interface Follow {
  kind: FollowKind;
  id: number;
  /** Team, league or player name (as the football service has it now). */
  name: string;
  /** Badge, league logo or player photo. */
  image: string | null;
  /** Teams: the short name (FPL short_name, API-Football code) where the source gives one. */
  shortName?: string | null;
  /** ISO instant it was followed. */
  createdAt: string;
}

/** The alerts a fan can switch on or off (Settings), per followed team or league. */
export type AlertKind = 'kick-off' | 'line-ups' | 'goal' | 'half-time' | 'full-time' | 'goal-cancelled' | 'red-card';
export const ALERT_KINDS: readonly AlertKind[] = ['kick-off', 'line-ups', 'goal', 'half-time', 'full-time', 'goal-cancelled', 'red-card'];

export type AlertToggles = Record<AlertKind, boolean>;

/** Quiet hours in the user's time zone ("HH:MM", 24-hour); `start` after `end` spans midnight. */
export interface QuietHours {
  start: string;
  end: string;
}

/** Who the spoiler-free mode hides scores for. */
export type SpoilerScope = 'all' | 'followed';

/** GET /api/user/preferences, and the reply of POST /api/user/preferences. */
export interface UserPreferences {
  theme: 'light' | 'dark';
  /** Spoiler-free mode: scores and results hidden (screens, alerts, the personal calendar). */
  spoilerFree: boolean;
  /** 'followed': hide only matches of followed teams and leagues. */
  spoilerScope: SpoilerScope;
  alerts: AlertToggles;
  /** null: alerts at any hour. */
  quietHours: QuietHours | null;
  /** IANA time zone the quiet hours are in (the browser's, sent by Settings). */
  timeZone: string;
  /** The first-visit prompt to pick teams was dismissed for good. */
  followPromptDismissed: boolean;
}

/** POST /api/user/preferences (request): any of the fields, at least one (`{ theme }` alone stays valid). */
export type UserPreferencesUpdate = Partial<Omit<UserPreferences, 'alerts'>> & { alerts?: Partial<AlertToggles> };

export const DEFAULT_ALERTS: AlertToggles = {
  'kick-off': true,
  'line-ups': true,
  goal: true,
  'half-time': false,
  'full-time': true,
  'goal-cancelled': true,
  'red-card': true,
};

/** GET /api/push/public-key */
export interface PushPublicKey {
  /** The VAPID application server key (uncompressed P-256 point, base64url). */
  publicKey: string;
}

/** POST /api/push/subscriptions: a browser's PushSubscription.toJSON(). DELETE takes `{ endpoint }`. */
export interface PushSubscriptionRequest {
  endpoint: string;
  expirationTime?: number | null;
  keys: { p256dh: string; auth: string };
}

/** Where a device's subscription is saved (POST) and forgotten (DELETE {endpoint}): Settings and the service worker. */
export const PUSH_SUBSCRIPTIONS_URL = '/api/push/subscriptions';

/** What POST /api/push/subscriptions takes, from PushSubscription.toJSON(); refuses a subscription without its keys. */
export function subscriptionRequest(json: {
  endpoint?: string;
  expirationTime?: number | null;
  keys?: Record<string, string>;
}): PushSubscriptionRequest {
  const { endpoint, expirationTime, keys } = json;
  if (!endpoint || !keys?.p256dh || !keys.auth) throw new Error('The browser gave an incomplete push subscription.');
  return { endpoint, expirationTime: expirationTime ?? null, keys: { p256dh: keys.p256dh, auth: keys.auth } };
}

/**
 * What a push message carries, as the service worker shows it (title and options of showNotification).
 * The server has made every decision (types, quiet hours, spoilers): the worker shows it as it is.
 */
export interface PushAlert {
  kind: AlertKind;
  title: string;
  body: string;
  /** Notification tag and push topic: a correction (cancelled goal) carries its goal's, and replaces it. */
  tag: string;
  /** Path the notification opens. */
  url: string;
  fixtureId: number;
  /** ISO instant of the event. */
  at: string;
}

/** GET /api/user/calendar, POST /api/user/calendar/rotate: the personal "my follows" feed. */
export interface PersonalCalendar {
  /** https URL of the feed (`/api/calendar/me/{token}.ics`); the webcal:// form is the same after the scheme. */
  feedUrl: string;
}

/** GET /api/user/export: everything the accounts service holds about the signed-in user. */
export interface AccountExport {
  exportedAt: string;
  user: { id: number; email: string; firstName: string | null; lastName: string | null; createdAt: string };
  preferences: UserPreferences;
  follows: Array<{ kind: FollowKind; id: number; createdAt: string }>;
  pushSubscriptions: Array<{ endpointOrigin: string; createdAt: string }>;
  referrals: { referralCode: string; freeAccessUntil: string | null; referred: number };
}

/** GET /internal/lookup/entities?team=&league=&player= (football service, for accounts): what exists of those ids. */
export interface LookupEntity {
  id: number;
  name: string;
  image: string | null;
  shortName?: string | null;
}

export interface LookupEntities {
  team: LookupEntity[];
  league: LookupEntity[];
  player: LookupEntity[];
}

/** The alert an event of the live feed makes, if it makes one (push and the in-app bell alike). */
export function alertKindOfEvent(kind: string): AlertKind | null {
  return kind === 'goal' || kind === 'goal-cancelled' || kind === 'half-time' || kind === 'full-time' || kind === 'red-card' ? kind : null;
}

/**
 * The words of an event alert, one rule for the push message and the in-app bell: "Goal! Argentina 1–2 Saudi
 * Arabia" and "Salem Al-Dawsari (pen.) 53′"; "Red card: Milos Kerkez (Liverpool) 67′" and "Liverpool 1–0 Newcastle".
 * `detail` is empty where there is nothing more to say.
 */
export function alertWords(
  kind: Exclude<AlertKind, 'kick-off' | 'line-ups'>,
  match: { homeTeam: string; awayTeam: string; homeTeamId: number; goalsHome: number | null; goalsAway: number | null },
  event: {
    scorer: string | null;
    player?: string | null;
    teamId: number | null;
    goalKind: 'goal' | 'penalty' | 'own-goal' | null;
    minute: number | null;
    stoppage: number | null;
  },
): { title: string; detail: string } {
  const line = `${match.homeTeam} ${match.goalsHome ?? 0}–${match.goalsAway ?? 0} ${match.awayTeam}`;
  const minute = event.minute === null ? '' : ` ${event.minute}${event.stoppage ? `+${event.stoppage}` : ''}′`;
  switch (kind) {
    case 'goal': {
      const how = event.goalKind === 'penalty' ? ' (pen.)' : event.goalKind === 'own-goal' ? ' (o.g.)' : '';
      return { title: `Goal! ${line}`, detail: `${event.scorer ?? 'Goal'}${how}${minute}` };
    }
    case 'goal-cancelled':
      return { title: `Goal cancelled: ${line}`, detail: `${event.scorer ? `${event.scorer}'s goal` : 'The goal'} was ruled out` };
    case 'red-card': {
      const team = event.teamId === null ? '' : ` (${event.teamId === match.homeTeamId ? match.homeTeam : match.awayTeam})`;
      return { title: `Red card: ${event.player ?? 'A player'}${team}${minute}`, detail: line };
    }
    case 'half-time':
      return { title: `Half time: ${line}`, detail: '' };
    default:
      return { title: `Full time: ${line}`, detail: '' };
  }
}
