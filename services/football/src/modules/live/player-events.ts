import type { MatchEvent } from '@matchday/contracts';

/**
 * A match's goals and cards from its players' lines, for a source that has them per player but without minutes
 * (FPL's goals_scored, assists, own_goals, yellow_cards, red_cards). Nothing is invented:
 * - every event has `minute: null` and no running score, and comes after the stored (timed) events;
 * - a side's goals are given only when its players' goals plus the other side's own goals make its stored score
 *   (a side whose lines do not add up gets none), and never where the timeline has goals of its own (a source with
 *   minutes);
 * - a goal's kind is 'own-goal' where the line says so, else null (FPL does not tell a penalty);
 * - a goal has an `assist` only when it is its side's one goal and the side has one assist;
 * - a player's yellow and red cards (a second yellow is both, as FPL counts it).
 */

export interface PlayerEventLine {
  teamId: number;
  name: string;
  goals: number | null;
  ownGoals: number | null;
  assists: number | null;
  yellowCards: number | null;
  redCards: number | null;
}

export interface PlayerEventMatch {
  homeTeamId: number;
  awayTeamId: number;
  status: string;
  goalsHome: number | null;
  goalsAway: number | null;
  /** ISO kick-off: the `at` of an event without a minute. */
  kickoff: string;
}

/** The short name a scorer list uses: FPL's web name without its initial ("M.Salah" -> "Salah"), else the name. */
export function scorerName(knownAs: string | null, name: string): string {
  const known = knownAs?.trim();
  if (!known) return name;
  return /^\p{Lu}\.\s*(\p{L}.*)$/u.exec(known)?.[1] ?? known;
}

const count = (value: number | null) => (value !== null && Number.isInteger(value) && value > 0 ? value : 0);

type Draft = Omit<MatchEvent, 'seq'>;

function draft(kind: MatchEvent['kind'], teamId: number, at: string, fields: Partial<Draft> = {}): Draft {
  return {
    kind,
    minute: null,
    stoppage: null,
    teamId,
    scorer: null,
    goalKind: null,
    homeScore: null,
    awayScore: null,
    cancelled: false,
    at,
    ...fields,
  };
}

/** One side's goals from the lines, or null when they do not make `score`. */
function sideGoals(lines: readonly PlayerEventLine[], teamId: number, score: number | null, at: string): Draft[] | null {
  if (score === null) return null;
  const own = lines.filter((l) => l.teamId === teamId);
  const other = lines.filter((l) => l.teamId !== teamId);
  if (own.some((l) => l.goals === null) || other.some((l) => l.ownGoals === null)) return score === 0 ? [] : null;
  const scored = own.flatMap((l) => Array.from({ length: count(l.goals) }, () => draft('goal', teamId, at, { scorer: l.name })));
  const owned = other.flatMap((l) =>
    Array.from({ length: count(l.ownGoals) }, () => draft('goal', teamId, at, { scorer: l.name, goalKind: 'own-goal' })),
  );
  if (scored.length + owned.length !== score) return null;
  const assisters = own.filter((l) => count(l.assists) > 0);
  if (scored.length === 1 && assisters.length === 1 && count(assisters[0]!.assists) === 1) scored[0]!.assist = assisters[0]!.name;
  return [...scored, ...owned];
}

/**
 * The events the lines give, numbered after `stored` (the fixture's timeline from match_events). Empty for a match
 * not finished or without lines.
 */
export function playerLineEvents(match: PlayerEventMatch, lines: readonly PlayerEventLine[], stored: readonly MatchEvent[]): MatchEvent[] {
  if (match.status !== 'finished' || lines.length === 0) return [];
  const at = match.kickoff;
  const drafts: Draft[] = [];
  if (!stored.some((e) => e.kind === 'goal')) {
    drafts.push(...(sideGoals(lines, match.homeTeamId, match.goalsHome, at) ?? []));
    drafts.push(...(sideGoals(lines, match.awayTeamId, match.goalsAway, at) ?? []));
  }
  if (!stored.some((e) => (e.kind === 'yellow-card' || e.kind === 'red-card') && !e.cancelled)) {
    for (const kind of ['yellow-card', 'red-card'] as const) {
      for (const line of lines) {
        const cards = count(kind === 'yellow-card' ? line.yellowCards : line.redCards);
        for (let i = 0; i < cards; i++) drafts.push(draft(kind, line.teamId, at, { player: line.name }));
      }
    }
  }
  const first = stored.reduce((max, e) => Math.max(max, e.seq), 0) + 1;
  return drafts.map((event, index) => ({ seq: first + index, ...event }));
}
