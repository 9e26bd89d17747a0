import type { Knex } from '@matchday/server';
import { SIDE_STAT_NAMES, type FixtureStatName, type FixtureStats, type SideStatName } from '@matchday/contracts';
import { playedOrLiveScore } from '../../lib/played';
import { TEAM_STAT_COLUMNS } from '../../lib/team-stat-columns';
import { numOrNull } from '../../lib/values';
import { toFixture } from '../fixtures/mapper';
import { availability, hasFullLineups } from './available';
import { playerOfTheMatch, sideSums, type SideSums } from './player-sums';
import { findFixtureHeader, findFixtureSources, findPlayerLineSummaries, findTeamMatchStats, type TeamMatchStatsRow } from './repository';

/** BallPossession and PassesPercent are sent as '55%'. */
const PERCENT: ReadonlySet<SideStatName> = new Set(['BallPossession', 'PassesPercent']);

function side(prefix: 'homeTeam' | 'awayTeam', row: TeamMatchStatsRow | undefined, sums: SideSums): Record<string, number | string | null> {
  const out: Record<string, number | string | null> = {};
  for (const name of SIDE_STAT_NAMES) {
    const value = numOrNull(row?.[TEAM_STAT_COLUMNS[name]]);
    out[`${prefix}${name}`] = value === null ? null : PERCENT.has(name) ? `${value}%` : value;
  }
  out[`${prefix}ShotsOnGoal`] = numOrNull(row?.[TEAM_STAT_COLUMNS.ShotsOnGoal]);
  // the players' saves where the team's row has none (FPL beside football-data.co.uk)
  if (out[`${prefix}GoalKeeperSaves`] === null) out[`${prefix}GoalKeeperSaves`] = sums.saves;
  out[`${prefix}ExpectedGoals`] = sums.expectedGoals;
  return out;
}

/** The statistics with a value for either side (as `side` built them). */
function storedNames(sides: ReadonlyArray<Record<string, number | string | null>>): Set<FixtureStatName> {
  const names: FixtureStatName[] = [...SIDE_STAT_NAMES, 'ShotsOnGoal', 'ExpectedGoals'];
  return new Set(names.filter((name) => sides.some((s) => s[`homeTeam${name}`] != null || s[`awayTeam${name}`] != null)));
}

/** The match header and both sides' statistics; null for an unknown fixture. */
export async function fixtureStats(db: Knex, fixtureId: number): Promise<FixtureStats | null> {
  const header = await findFixtureHeader(db, fixtureId);
  if (!header) return null;
  const sides = await findTeamMatchStats(db, fixtureId);
  const home = sides.find((s) => Number(s.team_id) === Number(header.home_team_id));
  const away = sides.find((s) => Number(s.team_id) === Number(header.away_team_id));
  const [sources, lines] = await Promise.all([findFixtureSources(db, fixtureId), findPlayerLineSummaries(db, fixtureId)]);
  const played = lines.filter((line) => Number(line.minutes) > 0);
  const homeSide = side('homeTeam', home, sideSums(played, Number(header.home_team_id)));
  const awaySide = side('awayTeam', away, sideSums(played, Number(header.away_team_id)));
  const stored = storedNames([{ ...homeSide, ...awaySide }]);
  const { available, sources: named } = availability(sources, stored, played.length > 0, hasFullLineups(lines));
  // A live match shows its running score here, as in the fixture lists (playedOrLiveScore).
  const fixture = toFixture(header, playedOrLiveScore);
  return {
    fixtureId: fixture.id,
    leagueId: fixture.leagueId,
    season: fixture.season,
    logo: header.league_logo,
    leagueName: fixture.leagueName,
    leagueType: header.league_type === 'cup' ? 'cup' : 'league',
    eventDate: fixture.eventDate,
    status: fixture.status,
    venue: fixture.venue,
    venueCity: fixture.venueCity,
    homeTeamId: fixture.homeTeamId,
    awayTeamId: fixture.awayTeamId,
    homeTeamName: fixture.homeTeam,
    awayTeamName: fixture.awayTeam,
    homeTeamLogo: fixture.homeTeamLogo,
    awayTeamLogo: fixture.awayTeamLogo,
    homeTeamGoalScored: fixture.goalsHome,
    awayTeamGoalScored: fixture.goalsAway,
    ...(fixture.afterExtraTime ? { afterExtraTime: true } : {}),
    ...(fixture.penaltiesHome !== undefined ? { penaltiesHome: fixture.penaltiesHome, penaltiesAway: fixture.penaltiesAway } : {}),
    referee: header.referee ?? null,
    attendance: numOrNull(header.attendance),
    available,
    sources: named,
    playerOfTheMatch: playerOfTheMatch(played),
    ...homeSide,
    ...awaySide,
  } as FixtureStats;
}
