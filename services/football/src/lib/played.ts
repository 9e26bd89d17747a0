import type { FixtureStatus } from '@matchday/contracts';
import type { FixturesRow } from '../db/rows';
import type { FinalScoreColumns } from './score';

/** A fixture's status with one of its scores: what the rules below read. */
export interface Result {
  status: FixtureStatus;
  home: number | null;
  away: number | null;
}

/** The 90-minute result (home_goals, away_goals): what league tables and the betting markets count. */
export function ninetyMinuteResult(row: Pick<FixturesRow, 'status' | 'home_goals' | 'away_goals'>): Result {
  return { status: row.status, home: row.home_goals, away: row.away_goals };
}

/** The final result (after extra time when there was extra time), as lib/score.ts selects it. */
export function finalResult(row: Pick<FixturesRow, 'status'> & Pick<FinalScoreColumns, 'final_home_goals' | 'final_away_goals'>): Result {
  return { status: row.status, home: row.final_home_goals, away: row.final_away_goals };
}

/** A score to show: home and away goals. */
export interface Score {
  home: number;
  away: number;
}

/** Which score a reply shows for a fixture: playedScore or playedOrLiveScore. */
export type ScoreRule = (result: Result) => Score | null;

/**
 * The one rule for "played": a finished fixture with both goals stored. Its score, or null for a fixture
 * not played (scheduled, live, postponed, or finished without a score from any source).
 */
export function playedScore(result: Result): Score | null {
  if (result.status !== 'finished' || result.home === null || result.away === null) return null;
  return { home: Number(result.home), away: Number(result.away) };
}

/**
 * What a match screen shows (the fixture lists and the fixture's statistics): the played score, or a live
 * match's running score; null for anything else. Tables, records and head-to-head count playedScore only.
 */
export function playedOrLiveScore(result: Result): Score | null {
  if (result.status === 'live' && result.home !== null && result.away !== null) {
    return { home: Number(result.home), away: Number(result.away) };
  }
  return playedScore(result);
}
