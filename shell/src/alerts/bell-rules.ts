import {
  alertKindOfEvent,
  alertWords,
  flaggedName,
  nationFlag,
  type AlertKind,
  type AlertToggles,
  type Fixture,
  type Follow,
  type LiveChange,
} from '@matchday/contracts';
import { mayBeLive } from '@matchday/ui/live';

/** One line of the bell: an alert of a followed team or league as the live stream brought it. */
export interface BellAlert {
  /** The same name as the push alert's (kind, fixture, event): a change heard twice is listed once. */
  key: string;
  kind: AlertKind;
  title: string;
  detail: string;
  fixtureId: number;
  /** ISO instant the event happened. */
  at: string;
}

/** The bell keeps the latest this many. */
export const BELL_SIZE = 20;

/** Whether the user follows a team or the league of this change's match. */
export function followsMatch(follows: readonly Follow[], change: LiveChange): boolean {
  const { match } = change;
  return follows.some(
    (f) =>
      (f.kind === 'team' && (f.id === match.homeTeamId || f.id === match.awayTeamId)) || (f.kind === 'league' && f.id === match.leagueId),
  );
}

/**
 * Whether the bell needs the live stream now: a followed team's or league's match is being played, or is near
 * kick-off or past it without a result (mayBeLive). Otherwise nothing it could show can happen, and no stream is held.
 */
export function followedMatchMayBeLive(follows: readonly Follow[], fixtures: readonly Fixture[], now: number): boolean {
  return fixtures.some(
    (fixture) =>
      mayBeLive(fixture, now) &&
      follows.some(
        (f) =>
          (f.kind === 'team' && (f.id === fixture.homeTeamId || f.id === fixture.awayTeamId)) ||
          (f.kind === 'league' && f.id === fixture.leagueId),
      ),
  );
}

/**
 * The bell's line for a change, as push would alert it (a national team with its flag before its name): a followed team or league, an alert type the user has on,
 * and not a match whose score spoiler-free mode hides (`hidden`). Quiet hours are for the phone, not the open app.
 */
export function bellAlertOf(
  change: LiveChange,
  follows: readonly Follow[],
  alerts: AlertToggles | undefined,
  hidden: boolean,
): BellAlert | null {
  const kind = alertKindOfEvent(change.event.kind);
  if (!kind || kind === 'kick-off' || kind === 'line-ups' || hidden || !followsMatch(follows, change)) return null;
  if (alerts && !alerts[kind]) return null;
  const { event, match } = change;
  // a national team named with its flag, as push names it
  const named = (name: string) => flaggedName(name, nationFlag(match.leagueId, name));
  const words = alertWords(
    kind,
    {
      ...match,
      homeTeam: named(match.homeTeam),
      awayTeam: named(match.awayTeam),
      goalsHome: event.homeScore ?? match.goalsHome,
      goalsAway: event.awayScore ?? match.goalsAway,
    },
    event,
  );
  return { key: `${kind}:${change.fixtureId}:${event.seq}`, kind, ...words, fixtureId: change.fixtureId, at: event.at };
}

/** The list with `alert` added at the top (once), at most BELL_SIZE long. */
export function addToBell(list: readonly BellAlert[], alert: BellAlert): BellAlert[] {
  if (list.some((a) => a.key === alert.key)) return [...list];
  return [alert, ...list].slice(0, BELL_SIZE);
}
