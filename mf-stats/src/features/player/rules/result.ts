export type PlayerResult = 'Won' | 'Lost' | 'Draw';

/**
 * Result from a player's view (spec §4): Won if the player's team's score is larger, Lost if smaller, else
 * Draw. `result` reads home goals first (spec §3), so for an away match the two scores swap.
 */
export function playerResult(result: string, isHome = true): PlayerResult {
  const [first, second] = result.split('-').map((part) => Number.parseInt(part.trim(), 10));
  const home = Number.isFinite(first) ? first! : 0;
  const away = Number.isFinite(second) ? second! : 0;
  const [a, b] = isHome ? [home, away] : [away, home];
  if (a > b) return 'Won';
  if (a < b) return 'Lost';
  return 'Draw';
}

export const RESULT_LETTER: Record<PlayerResult, 'W' | 'L' | 'D'> = { Won: 'W', Lost: 'L', Draw: 'D' };
