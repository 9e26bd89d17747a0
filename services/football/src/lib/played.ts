import type { FixturesRow } from '../db/rows';

/** What a fixture row says about its result (the final score, as finalGoals selects it). */
export type ScoredRow = Pick<FixturesRow, 'status' | 'home_goals' | 'away_goals'>;

/** A score to show: home and away goals. */
export interface Score {
  home: number;
  away: number;
}

/** Which score a reply shows for a fixture: playedScore or playedOrLiveScore. */
export type ScoreRule = (row: ScoredRow) => Score | null;

/**
 * The one rule for "played": a finished fixture with both goals stored. Its score, or null for a fixture
 * not played (scheduled, live, postponed, or finished without a score from any source).
 */
export function playedScore(row: ScoredRow): Score | null {
  if (row.status !== 'finished' || row.home_goals === null || row.away_goals === null) return null;
  return { home: Number(row.home_goals), away: Number(row.away_goals) };
}

/**
 * What a match screen shows (the fixture lists and the fixture's statistics): the played score, or a live
 * match's running score; null for anything else. Tables, records and head-to-head count playedScore only.
 */
export function playedOrLiveScore(row: ScoredRow): Score | null {
  if (row.status === 'live' && row.home_goals !== null && row.away_goals !== null) {
    return { home: Number(row.home_goals), away: Number(row.away_goals) };
  }
  return playedScore(row);
}
