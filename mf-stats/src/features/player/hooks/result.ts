export type PlayerResult = 'Won' | 'Lost' | 'Draw';

/** Result from a player's view (spec §4): Won if the first score is larger, Lost if smaller, else Draw. */
export function playerResult(result: string): PlayerResult {
  const [first, second] = result.split('-').map((part) => Number.parseInt(part.trim(), 10));
  const a = Number.isFinite(first) ? first! : 0;
  const b = Number.isFinite(second) ? second! : 0;
  if (a > b) return 'Won';
  if (a < b) return 'Lost';
  return 'Draw';
}

export const RESULT_LETTER: Record<PlayerResult, 'W' | 'L' | 'D'> = { Won: 'W', Lost: 'L', Draw: 'D' };
