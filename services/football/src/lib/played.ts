/** What a fixture row says about its result (the final score, as finalGoals selects it). */
export interface ScoredRow {
  status: string;
  home_goals: number | null;
  away_goals: number | null;
}

/**
 * The one rule for "played": a finished fixture with both goals stored. Its score, or null for a fixture
 * not played (scheduled, live, postponed, or finished without a score from any source).
 */
export function playedScore(row: ScoredRow): { home: number; away: number } | null {
  if (row.status !== 'finished' || row.home_goals === null || row.away_goals === null) return null;
  return { home: Number(row.home_goals), away: Number(row.away_goals) };
}
