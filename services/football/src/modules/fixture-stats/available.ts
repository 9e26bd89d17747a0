import { SIDE_STAT_NAMES, type FixtureStatName } from '@matchday/contracts';

/**
 * Which statistics a match has, by the sources it came from: a statistic its sources carry is shown (a value one of
 * them left empty for this match shows as 0), one no source carries is not (football-data.co.uk never has
 * possession, passes or offsides; openfootball has only the goals). FPL's per-match lines give goalkeeper saves and
 * team xG (sums of the players' saves and expected goals).
 */
const CARRIED: Readonly<Record<string, readonly FixtureStatName[]>> = {
  'football-data-co-uk': ['TotalShots', 'ShotsOnGoal', 'Fouls', 'CornerKicks', 'YelloCards', 'RedCards'],
  'api-football': [...SIDE_STAT_NAMES, 'ShotsOnGoal'],
  fpl: ['GoalKeeperSaves', 'ExpectedGoals'],
};

/** Sources whose per-match player lines the fixture's players come from. */
const PLAYER_SOURCES: ReadonlySet<string> = new Set(['fpl', 'api-football']);

/**
 * Whether a match's lines include football.json's line-ups: the `-full` files name each side's captain, and no other
 * source of player lines does (a plain football.json file has no line-ups).
 */
export function hasFullLineups(lines: ReadonlyArray<{ captain?: unknown }>): boolean {
  return lines.some((line) => line.captain !== null && line.captain !== undefined);
}

/** How the screens name a source. */
export const SOURCE_NAMES: Readonly<Record<string, string>> = {
  'football-data-co-uk': 'football-data.co.uk',
  fpl: 'FPL',
  openfootball: 'openfootball',
  'football-json': 'openfootball (football.json)',
  'results-csv': 'results file',
  'api-football': 'API-Football',
  demo: 'demo data',
};

const ORDER: readonly FixtureStatName[] = [...SIDE_STAT_NAMES, 'ShotsOnGoal', 'ExpectedGoals'];

export interface Availability {
  available: FixtureStatName[];
  sources: { results: string[]; statistics: string[]; players: string[] };
}

/**
 * The statistics of a match from `sources` (its external ids' sources, in the order stored), `stored` (the
 * statistics with a value for either side, whatever their source: the demo season has no external ids), whether it
 * has player lines and whether football.json's line-ups are among them (hasFullLineups): football.json is then named
 * with the players.
 */
export function availability(
  sources: readonly string[],
  stored: ReadonlySet<FixtureStatName>,
  hasPlayerLines: boolean,
  fullLineups = false,
): Availability {
  const carried = new Set<FixtureStatName>(stored);
  const statistics: string[] = [];
  const players: string[] = [];
  for (const source of sources) {
    const isPlayers = (PLAYER_SOURCES.has(source) && hasPlayerLines) || (source === 'football-json' && fullLineups);
    if (isPlayers) players.push(SOURCE_NAMES[source] ?? source);
    const list = source === 'fpl' && !hasPlayerLines ? [] : (CARRIED[source] ?? []);
    if (list.length > 0 && source !== 'fpl') statistics.push(SOURCE_NAMES[source] ?? source);
    for (const name of list) carried.add(name);
  }
  return {
    available: ORDER.filter((name) => carried.has(name)),
    sources: { results: sources.map((source) => SOURCE_NAMES[source] ?? source), statistics, players },
  };
}
