import type { Knex } from '@matchday/server';
import { flagEmoji, nationIn, seasonRules, type StandingRow, type ThirdPlacedStandings } from '@matchday/contracts';
import { ninetyMinuteResult, playedOrLiveScore, playedScore } from '../../lib/played';
import { epoch, num } from '../../lib/values';
import { findLeague, findSeason, findTableFixtures, findTeams, sumAdjustments } from './repository';
import { tableRules } from './rules';
import { computeTable, movement, withoutLatestRound, zoneOf, type TableMatch, type TableRow, type TableTeam } from '../../domain/table';
import { rankThirdPlaced, unresolvedTies } from '../../domain/third-placed';

/**
 * The table(s) of a league season from its finished regular-season, group-stage and league-phase
 * matches (play-offs and knockouts never count), with the league's tie-break rule, points adjustments,
 * movement against the table before the latest round, the last five results and qualification zones.
 * Unknown league or season: an empty list. `asItStands`: live matches count too, with their current score, and
 * their teams are marked (playingNow); movement is then against the table of finished matches. One table
 * function either way (computeTable), never a second one.
 */
export async function standings(
  db: Knex,
  leagueId: number,
  season: number,
  options: { asItStands?: boolean } = {},
): Promise<StandingRow[]> {
  return (await tables(db, leagueId, season, options))?.rows ?? [];
}

/**
 * GET /api/standings/third-placed: the groups' third-placed teams ranked against each other where the best of them go
 * through (the catalogue's bestThirds), from the same tables as the standings (as they stand with `asItStands`).
 */
export async function thirdPlaced(
  db: Knex,
  leagueId: number,
  season: number,
  options: { asItStands?: boolean } = {},
): Promise<ThirdPlacedStandings> {
  const { bestThirds = 0, thirdsOnWins = false, beyondResults } = seasonRules(leagueId, season, true);
  const computed = bestThirds > 0 ? await tables(db, leagueId, season, options) : undefined;
  if (!computed || computed.table.every((row) => row.group === null)) return { qualifying: 0, thirdPlaced: [] };
  const byTeam = new Map(computed.rows.map((row) => [row.teamId, row]));
  return {
    qualifying: bestThirds,
    thirdPlaced: rankThirdPlaced(computed.table, bestThirds, thirdsOnWins).map(({ rank, row, qualified, unresolved }) => {
      const standing = byTeam.get(row.teamId)!;
      return {
        rank,
        group: row.group!,
        teamId: row.teamId,
        teamName: standing.teamName,
        teamShortName: standing.teamShortName,
        ...(standing.teamFlag ? { teamFlag: standing.teamFlag } : {}),
        played: row.played,
        points: row.points,
        goalDifference: row.goalDifference,
        goalsFor: row.goalsFor,
        qualified,
        ...(unresolved && beyondResults ? { decidedBy: beyondResults } : {}),
        ...(standing.playingNow !== undefined ? { playingNow: standing.playingNow } : {}),
      };
    }),
  };
}

async function tables(
  db: Knex,
  leagueId: number,
  season: number,
  options: { asItStands?: boolean },
): Promise<{ rows: StandingRow[]; table: TableRow[] } | undefined> {
  const league = await findLeague(db, leagueId);
  if (!league) return undefined;
  const fixtures = await findTableFixtures(db, leagueId, season);
  if (fixtures.length === 0) return undefined;

  const groupOf = new Map<number, string | null>();
  for (const f of fixtures) {
    for (const team of [Number(f.home_team_id), Number(f.away_team_id)]) {
      if (!groupOf.get(team)) groupOf.set(team, f.group_name ?? null);
    }
  }
  const teamIds = [...groupOf.keys()];
  const teamById = new Map((await findTeams(db, teamIds)).map((t) => [Number(t.id), t]));
  const adjustments = new Map((await sumAdjustments(db, leagueId, season)).map((a) => [Number(a.team_id), num(a.points)]));
  const grouped = [...groupOf.values()].some((g) => g !== null);
  const { rule, zones } = tableRules(leagueId, season, await findSeason(db, leagueId, season), grouped);

  const tableTeams: TableTeam[] = teamIds.map((teamId) => ({
    teamId,
    name: teamById.get(teamId)?.name ?? '',
    group: groupOf.get(teamId) ?? null,
  }));
  const playingNow = new Set<number>();
  const liveMatches = new Set<TableMatch>();
  const scoreOf = options.asItStands ? playedOrLiveScore : playedScore;
  const played: TableMatch[] = fixtures.flatMap((f) => {
    const score = scoreOf(ninetyMinuteResult(f));
    if (!score) return [];
    const match: TableMatch = {
      homeTeamId: Number(f.home_team_id),
      awayTeamId: Number(f.away_team_id),
      homeGoals: score.home,
      awayGoals: score.away,
      kickoff: epoch(f.kickoff_at),
      round: f.round,
    };
    if (f.status === 'live') {
      liveMatches.add(match);
      playingNow.add(match.homeTeamId).add(match.awayTeamId);
    }
    return [match];
  });
  const table = computeTable(tableTeams, played, rule, adjustments);
  // Teams only what no result tells can part (fair play, a ranking): the screen says so.
  const { beyondResults } = seasonRules(leagueId, season, grouped);
  const undecided = new Set<number>();
  if (beyondResults) {
    for (const group of new Set(table.map((row) => row.group))) {
      for (const id of unresolvedTies(
        table.filter((row) => row.group === group),
        played,
      ))
        undecided.add(id);
    }
  }
  // movement: against the table before the latest round, or as it stands against the table without the live matches
  const before = liveMatches.size > 0 ? played.filter((m) => !liveMatches.has(m)) : played.length > 0 ? withoutLatestRound(played) : [];
  const previousRank = new Map(
    before.length > 0 ? computeTable(tableTeams, before, rule, adjustments).map((row) => [row.teamId, row.rank] as const) : [],
  );

  const rows = table.map((row): StandingRow => {
    const team = teamById.get(row.teamId);
    // a national team: FIFA's code (KOR, CRC, KSA), from the national-teams catalogue
    const nation = team ? nationIn(leagueId, team.name) : undefined;
    const zone = zoneOf(row.rank, zones);
    return {
      id: row.teamId,
      leagueId,
      leagueName: league.display_name || league.name,
      season,
      country: league.country,
      group: row.group,
      teamId: row.teamId,
      teamName: team?.name ?? '',
      // the source's short name (FPL MCI, demo NBU), else its code (API-Football team.code); null: the screen's fallback
      teamShortName: nation?.fifaCode ?? (team?.short_name?.trim() || team?.code?.trim() || null),
      teamLogo: team?.logo ?? null,
      ...(nation ? { teamFlag: flagEmoji(nation.isoCode) } : {}),
      teamRank: row.rank,
      teamStatus: movement(row.rank, previousRank.get(row.teamId)),
      played: row.played,
      wins: row.wins,
      draws: row.draws,
      losses: row.losses,
      goalsFor: row.goalsFor,
      goalsAgainst: row.goalsAgainst,
      points: row.points,
      pointsAdjustment: row.pointsAdjustment,
      goalDifference: row.goalDifference,
      lastFiveResult: row.form.slice(-5).join(''),
      ...(zone ? { leagueDescription: zone.description, zoneKind: zone.kind } : {}),
      ...(options.asItStands ? { playingNow: playingNow.has(row.teamId) } : {}),
      ...(undecided.has(row.teamId) && beyondResults ? { decidedBy: beyondResults } : {}),
    };
  });
  return { rows, table };
}
