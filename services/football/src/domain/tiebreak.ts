import type { TieBreakRule } from '@matchday/contracts';

/**
 * How each tie-breaking rule of the league catalogue orders teams level on points. For 'h2h-first' (La
 * Liga, Indian Super League, UEFA group stages): among the tied teams only, head-to-head points; teams
 * those points separate from the others but not from each other are compared again on their matches
 * among themselves only (so in the ISL 2024-25, Bengaluru, NorthEast United and Jamshedpur on 38:
 * Jamshedpur drops out on head-to-head points, then Bengaluru's results against NorthEast United put
 * them third, although NorthEast had the better goal difference among the three). When head-to-head
 * points separate nobody: head-to-head goal difference and goals (again re-applied to a smaller group
 * still level), then overall goal difference and goals scored.
 * For 'points-gd-gf-h2h' (World Cup groups up to 2022) it is the other way round: overall goal difference and
 * goals scored first; head-to-head points, goal difference and goals only among the teams level on all three,
 * applied once to that whole group (FIFA's regulations have no re-applying to a smaller group; after them come
 * fair play and lots, which no source has). So in Qatar's Group H, South Korea went through above Uruguay on
 * goals scored (4 to 2, both on 4 points and goal difference 0), their 0-0 never coming into it.
 * The last resort of every rule is the team name, so that the order is always total and stable.
 */

/** What a tie-break needs of a team's record (adjusted points included). */
export interface TeamRecord {
  teamId: number;
  name: string;
  points: number;
  goalsFor: number;
  goalsAgainst: number;
  wins: number;
  awayGoalsFor: number;
  awayWins: number;
}

/** A finished match between two teams (90-minute score). */
export interface ScoredMatch {
  homeTeamId: number;
  awayTeamId: number;
  homeGoals: number;
  awayGoals: number;
}

type Key = (r: TeamRecord) => number;

const gd: Key = (r) => r.goalsFor - r.goalsAgainst;
const KEYS: { [K in TieBreakRule]: Key[] } = {
  'points-gd-gf': [gd, (r) => r.goalsFor],
  'h2h-first': [gd, (r) => r.goalsFor],
  'ucl-league-phase': [gd, (r) => r.goalsFor, (r) => r.awayGoalsFor, (r) => r.wins, (r) => r.awayWins],
  'points-gd-gf-h2h': [gd, (r) => r.goalsFor],
};

function compareBy(keys: Key[]): (a: TeamRecord, b: TeamRecord) => number {
  return (a, b) => {
    for (const key of keys) {
      const difference = key(b) - key(a);
      if (difference !== 0) return difference;
    }
    return a.name.localeCompare(b.name) || a.teamId - b.teamId;
  };
}

/** Splits an already sorted list into runs of records equal under `same`. */
function runs<T>(sorted: T[], same: (a: T, b: T) => boolean): T[][] {
  const out: T[][] = [];
  for (const item of sorted) {
    const last = out[out.length - 1];
    if (last && same(last[0]!, item)) last.push(item);
    else out.push([item]);
  }
  return out;
}

interface MiniRecord {
  points: number;
  goalDifference: number;
  goalsFor: number;
}

/** Points, goal difference and goals of each team in the matches among `teamIds` only. */
export function headToHead(teamIds: ReadonlySet<number>, matches: readonly ScoredMatch[]): Map<number, MiniRecord> {
  const mini = new Map<number, MiniRecord>([...teamIds].map((id) => [id, { points: 0, goalDifference: 0, goalsFor: 0 }]));
  for (const m of matches) {
    if (!teamIds.has(m.homeTeamId) || !teamIds.has(m.awayTeamId)) continue;
    const home = mini.get(m.homeTeamId)!;
    const away = mini.get(m.awayTeamId)!;
    home.goalsFor += m.homeGoals;
    away.goalsFor += m.awayGoals;
    home.goalDifference += m.homeGoals - m.awayGoals;
    away.goalDifference += m.awayGoals - m.homeGoals;
    if (m.homeGoals > m.awayGoals) home.points += 3;
    else if (m.homeGoals < m.awayGoals) away.points += 3;
    else {
      home.points += 1;
      away.points += 1;
    }
  }
  return mini;
}

function resolveHeadToHead(tied: TeamRecord[], matches: readonly ScoredMatch[]): TeamRecord[] {
  const mini = headToHead(new Set(tied.map((r) => r.teamId)), matches);
  const stages: Array<Array<(r: TeamRecord) => number>> = [
    [(r) => mini.get(r.teamId)!.points],
    [(r) => mini.get(r.teamId)!.goalDifference, (r) => mini.get(r.teamId)!.goalsFor],
  ];
  const split = (group: TeamRecord[], stage: number): TeamRecord[] => {
    const keys = stages[stage];
    if (!keys) return [...group].sort(compareBy(KEYS['h2h-first']));
    const sorted = [...group].sort((a, b) => {
      for (const key of keys) {
        const difference = key(b) - key(a);
        if (difference !== 0) return difference;
      }
      return 0;
    });
    return runs(sorted, (a, b) => keys.every((key) => key(a) === key(b))).flatMap((run) => {
      if (run.length === 1) return run;
      // Separated from some of the others: compare again on their matches among themselves only.
      if (run.length < tied.length) return resolveHeadToHead(run, matches);
      return split(run, stage + 1);
    });
  };
  return split(tied, 0);
}

/** 'points-gd-gf-h2h': overall goal difference and goals, then head-to-head among each run still level on both. */
function resolveOverallThenHeadToHead(tied: TeamRecord[], matches: readonly ScoredMatch[]): TeamRecord[] {
  const overall = KEYS['points-gd-gf-h2h'];
  const sorted = [...tied].sort(compareBy(overall));
  return runs(sorted, (a, b) => overall.every((key) => key(a) === key(b))).flatMap((run) => {
    if (run.length === 1) return run;
    const mini = headToHead(new Set(run.map((r) => r.teamId)), matches);
    const of = (r: TeamRecord) => mini.get(r.teamId)!;
    return [...run].sort(compareBy([(r) => of(r).points, (r) => of(r).goalDifference, (r) => of(r).goalsFor]));
  });
}

/** Orders one table (one group) by the rule; `matches` are the finished matches the records come from. */
export function orderTable<R extends TeamRecord>(records: readonly R[], rule: TieBreakRule, matches: readonly ScoredMatch[]): R[] {
  const byPoints = [...records].sort((a, b) => b.points - a.points || a.name.localeCompare(b.name) || a.teamId - b.teamId);
  return runs(byPoints, (a, b) => a.points === b.points).flatMap((run) => {
    if (run.length === 1) return run;
    if (rule === 'h2h-first') return resolveHeadToHead(run, matches) as R[];
    if (rule === 'points-gd-gf-h2h') return resolveOverallThenHeadToHead(run, matches) as R[];
    return [...run].sort(compareBy(KEYS[rule]));
  });
}
