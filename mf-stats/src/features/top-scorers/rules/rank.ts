import type { TopScorer } from '@matchday/contracts';
import { num } from '../../../lib/numbers';

/** Rank badge colours (spec §9): 1 gold, 2 silver, 3 bronze, up to 5 green, up to 10 blue, rest grey. */
export function rankColours(rank: number): { background: string; text: string } {
  if (rank === 1) return { background: '#facc15', text: '#422006' };
  if (rank === 2) return { background: '#cbd5e1', text: '#0f172a' };
  if (rank === 3) return { background: '#cd7f32', text: '#1c1917' };
  if (rank <= 5) return { background: '#15803d', text: '#ffffff' };
  if (rank <= 10) return { background: '#1d4ed8', text: '#ffffff' };
  return { background: '#475569', text: '#ffffff' };
}

export type RankedScorer = TopScorer & { rank: number };

/** Top scorers sorted by goals, descending, ranked from 1 (spec §9). */
export function ranked(scorers: readonly TopScorer[]): RankedScorer[] {
  return [...scorers].sort((a, b) => num(b.goals_Total) - num(a.goals_Total)).map((scorer, index) => ({ ...scorer, rank: index + 1 }));
}
