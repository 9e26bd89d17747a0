import { numOrNull, round1 } from '../../lib/values';
import type { PlayerLineSummaryRow } from './repository';

/**
 * What a match's player lines add to its statistics: each side's goalkeeper saves and xG (sums of its players' saves
 * and expected goals; null where no line has one) and the player of the match (the highest rating; level ratings go
 * to the higher bps, then more minutes).
 */
export interface SideSums {
  saves: number | null;
  expectedGoals: number | null;
}

function sum(values: Array<number | null>, decimals: number): number | null {
  const known = values.filter((v): v is number => v !== null);
  if (known.length === 0) return null;
  const factor = 10 ** decimals;
  return Math.round(known.reduce((a, b) => a + b, 0) * factor) / factor;
}

export function sideSums(lines: readonly PlayerLineSummaryRow[], teamId: number): SideSums {
  const own = lines.filter((l) => Number(l.team_id) === teamId && Number(l.minutes) > 0);
  return {
    saves: sum(
      own.map((l) => numOrNull(l.saves)),
      0,
    ),
    expectedGoals: sum(
      own.map((l) => numOrNull(l.expected_goals)),
      2,
    ),
  };
}

export function playerOfTheMatch(
  lines: readonly PlayerLineSummaryRow[],
): { playerId: number; playerName: string; teamId: number; rating: number } | null {
  let best: PlayerLineSummaryRow | null = null;
  const key = (l: PlayerLineSummaryRow) => [numOrNull(l.rating) ?? -1, numOrNull(l.bps) ?? -Infinity, Number(l.minutes)];
  for (const line of lines) {
    if (numOrNull(line.rating) === null || Number(line.minutes) <= 0) continue;
    if (!best) {
      best = line;
      continue;
    }
    const [a, b] = [key(line), key(best)];
    const better = a[0]! > b[0]! || (a[0] === b[0] && (a[1]! > b[1]! || (a[1] === b[1] && a[2]! > b[2]!)));
    if (better) best = line;
  }
  if (!best) return null;
  return {
    playerId: Number(best.player_id),
    playerName: best.name,
    teamId: Number(best.team_id),
    rating: round1(Number(best.rating)),
  };
}
