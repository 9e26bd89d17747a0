import { LEAGUE_IDS } from '@matchday/contracts';
import { isTieBreakRule, type TieBreakRule } from './tiebreak';
import { parseZones, type ZoneSpec } from './table';

export interface SeasonRow {
  format: string | null;
  tiebreak: string | null;
  zones: string | null;
}

/** The Champions League's league phase replaced its group stage in 2024-25. */
const UCL_LEAGUE_PHASE_FROM = 2024;

const KNOWN_ZONES: Readonly<Record<number, ZoneSpec[]>> = {
  [LEAGUE_IDS.premierLeague]: [
    { from: 1, to: 4, description: 'Champions League' },
    { from: 5, to: 5, description: 'Europa League' },
    { from: 18, to: 20, description: 'Relegation' },
  ],
  [LEAGUE_IDS.indianSuperLeague]: [
    { from: 1, to: 2, description: 'Semi-finals' },
    { from: 3, to: 6, description: 'Play-offs' },
  ],
};

/**
 * How a season's table is ordered and labelled: the season row's own rule and zones when it has them,
 * otherwise the rules of the well-known leagues (a source that did not fill the season row still gets
 * the Indian Super League's head-to-head rule and the Premier League's zones; any group stage breaks
 * ties head-to-head), otherwise points, goal difference, goals and no zones.
 */
export function seasonRules(
  leagueId: number,
  season: number,
  row: SeasonRow | undefined,
  grouped: boolean,
): { rule: TieBreakRule; zones: ZoneSpec[] } {
  const zones = parseZones(row?.zones);
  // 'points-gd-gf' is also the column's default, so it does not override what is known of a league.
  const known: TieBreakRule | undefined =
    leagueId === LEAGUE_IDS.indianSuperLeague || grouped
      ? 'h2h-first'
      : leagueId === LEAGUE_IDS.championsLeague
        ? season >= UCL_LEAGUE_PHASE_FROM
          ? 'ucl-league-phase'
          : 'h2h-first'
        : undefined;
  const stored = isTieBreakRule(row?.tiebreak) ? row.tiebreak : undefined;
  const rule: TieBreakRule = stored && stored !== 'points-gd-gf' ? stored : (known ?? 'points-gd-gf');
  if (zones.length > 0) return { rule, zones };
  if (leagueId === LEAGUE_IDS.championsLeague) {
    return {
      rule,
      zones: grouped
        ? [
            { from: 1, to: 2, description: 'Round of 16' },
            { from: 3, to: 3, description: 'Europa League' },
          ]
        : [
            { from: 1, to: 8, description: 'Round of 16' },
            { from: 9, to: 24, description: 'Knockout play-offs' },
          ],
    };
  }
  return { rule, zones: KNOWN_ZONES[leagueId] ?? [] };
}
