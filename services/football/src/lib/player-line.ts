import type { FixturePlayer } from '@matchday/contracts';
import type { FixturePlayerStatsRow } from '../db/rows';
import { num, numOrNull, round1 } from './values';

/**
 * A player's line in one match as the screens show it (the match's players, a player's recent matches): the
 * columns of fixture_player_stats both read, and the contracts' figures made of them.
 */
const PLAYER_LINE_COLUMNS = [
  'team_id',
  'minutes',
  'rating',
  'goals',
  'assists',
  'passes_total',
  'tackles_total',
  'yellow_cards',
  'red_cards',
] as const;

export type PlayerLineRow = Pick<FixturePlayerStatsRow, (typeof PLAYER_LINE_COLUMNS)[number]>;

/** PLAYER_LINE_COLUMNS of fixture_player_stats `table` (its alias in the query). */
export function playerLineColumns(table = 'ps'): string[] {
  return PLAYER_LINE_COLUMNS.map((column) => `${table}.${column}`);
}

export type PlayerLineFigures = Pick<
  FixturePlayer,
  'rating' | 'minutesPlayed' | 'goals_Total' | 'goals_Assist' | 'passes_Total' | 'tackles_Total' | 'cards_Yellow' | 'cards_Red'
>;

/** The figures of a line, missing numbers as 0 and the rating to one decimal (null when the source has none). */
export function playerLineFigures(row: PlayerLineRow): PlayerLineFigures {
  const rating = numOrNull(row.rating);
  return {
    rating: rating === null ? null : round1(rating),
    minutesPlayed: num(row.minutes),
    goals_Total: num(row.goals),
    goals_Assist: num(row.assists),
    passes_Total: num(row.passes_total),
    tackles_Total: num(row.tackles_total),
    cards_Yellow: num(row.yellow_cards),
    cards_Red: num(row.red_cards),
  };
}
