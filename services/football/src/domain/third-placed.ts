import { headToHead, type ScoredMatch } from './tiebreak';
import type { TableRow } from './table';

/**
 * The third-placed teams of a group stage ranked against each other (World Cup 2026: the best 8 of 12 go through to
 * the Round of 32; Euro 2024: the best 4 of 6 to the Round of 16): points, goal difference, goals scored (UEFA then
 * wins), then what no result tells (fair play, a ranking): teams level on all of these are marked `unresolved`
 * and kept in name order. Pure: the standings module hands it the ranked group tables.
 */

export interface ThirdPlacedRanking {
  rank: number;
  row: TableRow;
  qualified: boolean;
  /** Level with a neighbour on every criterion the results give. */
  unresolved: boolean;
}

export function rankThirdPlaced(table: readonly TableRow[], qualifying: number, onWins = false): ThirdPlacedRanking[] {
  const keys: Array<(r: TableRow) => number> = [(r) => r.points, (r) => r.goalDifference, (r) => r.goalsFor];
  if (onWins) keys.push((r) => r.wins);
  const level = (a: TableRow, b: TableRow) => keys.every((key) => key(a) === key(b));
  const thirds = table
    .filter((row) => row.rank === 3)
    .sort((a, b) => {
      for (const key of keys) {
        const difference = key(b) - key(a);
        if (difference !== 0) return difference;
      }
      return a.name.localeCompare(b.name) || a.teamId - b.teamId;
    });
  return thirds.map((row, index) => ({
    rank: index + 1,
    row,
    qualified: index < qualifying,
    unresolved: [thirds[index - 1], thirds[index + 1]].some((other) => other !== undefined && level(row, other)),
  }));
}

/**
 * Teams of one ranked group that only what no result tells (fair play, a ranking, lots) can part: next to each
 * other, level on points, goal difference and goals, and level in the matches between the two.
 */
export function unresolvedTies(group: readonly TableRow[], matches: readonly ScoredMatch[]): Set<number> {
  const out = new Set<number>();
  for (let i = 1; i < group.length; i += 1) {
    const [a, b] = [group[i - 1]!, group[i]!];
    if (a.points !== b.points || a.goalDifference !== b.goalDifference || a.goalsFor !== b.goalsFor) continue;
    const mini = headToHead(new Set([a.teamId, b.teamId]), matches);
    const [x, y] = [mini.get(a.teamId)!, mini.get(b.teamId)!];
    if (x.points === y.points && x.goalDifference === y.goalDifference && x.goalsFor === y.goalsFor) out.add(a.teamId).add(b.teamId);
  }
  return out;
}
