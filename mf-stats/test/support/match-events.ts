import type { MatchEvent } from '@matchday/contracts';

/** Builders of a match's timeline events as GET /api/fixture-events returns them, shared by the timeline's tests. */

/** Liverpool (home) v Bournemouth, by API-Football's team ids. */
export const LIV = 40;
export const BOU = 35;
export const LIV_BOU = { homeTeamId: LIV, homeName: 'Liverpool', awayName: 'Bournemouth' };

let seq = 0;

/** An event of `kind`, numbered in the order built, with nothing but what `extra` gives. */
export function ev(kind: MatchEvent['kind'], extra: Partial<MatchEvent> = {}): MatchEvent {
  seq += 1;
  return {
    seq,
    kind,
    minute: null,
    stoppage: null,
    teamId: null,
    scorer: null,
    goalKind: null,
    homeScore: null,
    awayScore: null,
    cancelled: false,
    at: '2025-08-15T19:00:00.000Z',
    ...extra,
  };
}

/** A goal at `minute` with the score after it. */
export const goal = (minute: number, teamId: number, scorer: string, home: number, away: number, extra: Partial<MatchEvent> = {}) =>
  ev('goal', { minute, teamId, scorer, goalKind: 'goal', homeScore: home, awayScore: away, ...extra });
