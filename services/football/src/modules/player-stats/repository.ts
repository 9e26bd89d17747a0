import type { Knex } from '@matchday/server';
import type { PlayerLeagueStats, PlayerRecentFixture } from '@matchday/contracts';
import { ageOn, epoch, iso, num, numOrNull, round1, toPosition } from '../../lib/values';
import type { FixturesRow, PlayersRow, TeamsRow, VenuesRow } from '../../db/rows';
import { playerLineColumns, playerLineFigures, type PlayerLineRow } from '../../lib/player-line';
import { finalScoreColumns, type FinalScoreColumns } from '../../lib/score';

interface TotalsRow {
  team_id: number;
  appearances: unknown;
  minutes: unknown;
  lineups: unknown;
  rating: unknown;
  goals: unknown;
  assists: unknown;
  goals_conceded: unknown;
  saves: unknown;
  passes_total: unknown;
  passes_key: unknown;
  passes_accuracy: unknown;
  tackles_total: unknown;
  tackles_blocks: unknown;
  tackles_interceptions: unknown;
  duels_total: unknown;
  duels_won: unknown;
  fouls_drawn: unknown;
  fouls_committed: unknown;
  yellow_cards: unknown;
  red_cards: unknown;
  subbed_in: unknown;
  subbed_out: unknown;
  position: string | null;
  last_played: unknown;
}

const SUMMED = [
  'minutes',
  'goals',
  'assists',
  'goals_conceded',
  'saves',
  'passes_total',
  'passes_key',
  'tackles_total',
  'tackles_blocks',
  'tackles_interceptions',
  'duels_total',
  'duels_won',
  'fouls_drawn',
  'fouls_committed',
  'yellow_cards',
  'red_cards',
  'subbed_in',
  'subbed_out',
] as const;

/** The team a player plays for now: that of his latest appearance, else of his latest squad. */
export async function currentTeamOf(db: Knex, playerId: number): Promise<number | null> {
  const latest = await db('fixture_player_stats as ps')
    .join('fixtures as f', 'f.id', 'ps.fixture_id')
    .where('ps.player_id', playerId)
    .where('ps.minutes', '>', 0)
    .orderBy([
      { column: 'f.kickoff_at', order: 'desc' },
      { column: 'f.id', order: 'desc' },
    ])
    .first('ps.team_id');
  if (latest) return Number(latest.team_id);
  const squad = await db('squad_members').where('player_id', playerId).orderBy('season', 'desc').first('team_id');
  return squad ? Number(squad.team_id) : null;
}

/**
 * A player's season totals in one league, one entry per team he was in the squad of or played for
 * (his current team first, flagged is_Current_Team), summed over his fixture_player_stats rows.
 */
export async function findLeagueStats(db: Knex, playerId: number, leagueId: number, season: number): Promise<PlayerLeagueStats[]> {
  const player: PlayersRow | undefined = await db('players').where('id', playerId).first();
  if (!player) return [];
  const totals: TotalsRow[] = await db('fixture_player_stats as ps')
    .join('fixtures as f', 'f.id', 'ps.fixture_id')
    .where('ps.player_id', playerId)
    .where('f.league_id', leagueId)
    .where('f.season', season)
    .groupBy('ps.team_id')
    .select(
      'ps.team_id',
      db.raw('sum(case when ps.minutes > 0 then 1 else 0 end) as appearances'),
      db.raw('sum(case when ps.started then 1 else 0 end) as lineups'),
      db.raw('avg(ps.rating) as rating'),
      db.raw('avg(ps.passes_accuracy) as passes_accuracy'),
      db.raw('max(ps.position) as position'),
      db.raw('max(f.kickoff_at) as last_played'),
      ...SUMMED.map((column) => db.raw(`sum(ps.${column}) as ${column}`)),
    );
  // Squads of the season whose team plays in this league and season, even without an appearance yet.
  const squads: Array<{ team_id: number; position: string }> = await db('squad_members')
    .where({ player_id: playerId, season })
    .select('team_id', 'position');
  const squadTeams = squads.map((s) => Number(s.team_id));
  const inLeague = new Set<number>();
  if (squadTeams.length > 0) {
    const rows: Array<{ home_team_id: number; away_team_id: number }> = await db('fixtures')
      .where({ league_id: leagueId, season })
      .where((q) => q.whereIn('home_team_id', squadTeams).orWhereIn('away_team_id', squadTeams))
      .distinct('home_team_id', 'away_team_id');
    for (const row of rows) {
      inLeague.add(Number(row.home_team_id));
      inLeague.add(Number(row.away_team_id));
    }
  }
  const byTeam = new Map<number, TotalsRow | null>(totals.map((t) => [Number(t.team_id), t]));
  for (const team of squadTeams) if (inLeague.has(team) && !byTeam.has(team)) byTeam.set(team, null);
  if (byTeam.size === 0) return [];

  const teams: Array<{ id: number; name: string; logo: string | null }> = await db('teams')
    .whereIn('id', [...byTeam.keys()])
    .select('id', 'name', 'logo');
  const teamById = new Map(teams.map((t) => [Number(t.id), t]));
  const squadPosition = new Map(squads.map((s) => [Number(s.team_id), s.position]));
  const current = await currentTeamOf(db, playerId);
  const age = ageOn(player.birth_date);

  const entries = [...byTeam.entries()].map(([teamId, t]): PlayerLeagueStats & { lastPlayed: number } => {
    const rating = numOrNull(t?.rating);
    const accuracy = numOrNull(t?.passes_accuracy);
    return {
      playerId: Number(player.id),
      playerName: player.name,
      firstName: player.first_name,
      lastName: player.last_name,
      teamId,
      teamName: teamById.get(teamId)?.name ?? '',
      teamLogo: teamById.get(teamId)?.logo ?? null,
      leagueId,
      season,
      position: toPosition(squadPosition.get(teamId)) ?? toPosition(t?.position) ?? 'Midfielder',
      playerPhoto: player.photo,
      nationality: player.nationality,
      countryNationalityFlag: null,
      age,
      birthCountry: player.birth_country,
      is_Current_Team: teamId === current ? 1 : 0,
      games_Rating: rating === null ? null : round1(rating),
      games_Appearance: num(t?.appearances),
      games_Minute_Played: num(t?.minutes),
      games_Lineups: num(t?.lineups),
      goals_Total: num(t?.goals),
      goals_Assists: num(t?.assists),
      goals_Conceded: num(t?.goals_conceded),
      goals_Saves: num(t?.saves),
      passes_Total: num(t?.passes_total),
      passes_Key: num(t?.passes_key),
      passes_Accuracy: accuracy === null ? null : Math.round(accuracy),
      tackles_Total: num(t?.tackles_total),
      tackles_Blocks: num(t?.tackles_blocks),
      tackles_Interceptions: num(t?.tackles_interceptions),
      duels_Total: num(t?.duels_total),
      duels_Won: num(t?.duels_won),
      fouls_Drawn: num(t?.fouls_drawn),
      fouls_Committed: num(t?.fouls_committed),
      cards_Yellow: num(t?.yellow_cards),
      cards_Red: num(t?.red_cards),
      substitutes_In: num(t?.subbed_in),
      substitutes_Out: num(t?.subbed_out),
      lastPlayed: t ? epoch(t.last_played) : 0,
    };
  });
  entries.sort((a, b) => b.is_Current_Team - a.is_Current_Team || b.lastPlayed - a.lastPlayed || a.teamId - b.teamId);
  return entries.map(({ lastPlayed: _lastPlayed, ...entry }) => entry);
}

/** A finished fixture (final score) with its venue and clubs, and the player's line in it. */
type RecentRow = Pick<FixturesRow, 'league_id' | 'season' | 'kickoff_at' | 'home_team_id' | 'away_team_id'> &
  FinalScoreColumns & {
    fixture_id: number;
    venue: VenuesRow['name'] | null;
    home_name: TeamsRow['name'];
    home_logo: TeamsRow['logo'];
    away_name: TeamsRow['name'];
    away_logo: TeamsRow['logo'];
  } & PlayerLineRow;

/** A player's finished matches in which he appeared, most recent first. */
export async function findRecentFixtures(
  db: Knex,
  playerId: number,
  options: { leagueId?: number; season?: number; limit: number },
): Promise<PlayerRecentFixture[]> {
  const q = db('fixture_player_stats as ps')
    .join('fixtures as f', 'f.id', 'ps.fixture_id')
    .join('teams as h', 'h.id', 'f.home_team_id')
    .join('teams as a', 'a.id', 'f.away_team_id')
    .leftJoin('venues as v', 'v.id', 'f.venue_id')
    .where('ps.player_id', playerId)
    .where('ps.minutes', '>', 0)
    .where('f.status', 'finished')
    .orderBy([
      { column: 'f.kickoff_at', order: 'desc' },
      { column: 'f.id', order: 'desc' },
    ])
    .limit(options.limit)
    .select<RecentRow[]>(
      'ps.fixture_id',
      'f.league_id',
      'f.season',
      'f.kickoff_at',
      'f.home_team_id',
      'f.away_team_id',
      ...finalScoreColumns(db),
      'v.name as venue',
      'h.name as home_name',
      'h.logo as home_logo',
      'a.name as away_name',
      'a.logo as away_logo',
      ...playerLineColumns(),
    );
  if (options.leagueId !== undefined) q.where('f.league_id', options.leagueId);
  if (options.season !== undefined) q.where('f.season', options.season);
  const rows = await q;
  return rows.map((row): PlayerRecentFixture => {
    const atHome = Number(row.team_id) === Number(row.home_team_id);
    return {
      fixtureId: Number(row.fixture_id),
      leagueId: Number(row.league_id),
      season: Number(row.season),
      againstTeamId: Number(atHome ? row.away_team_id : row.home_team_id),
      againstTeamName: atHome ? row.away_name : row.home_name,
      againstTeamLogo: atHome ? row.away_logo : row.home_logo,
      eventDate: iso(row.kickoff_at),
      venue: row.venue,
      result: `${num(row.final_home_goals)}-${num(row.final_away_goals)}`,
      isHome: atHome,
      ...playerLineFigures(row),
    };
  });
}
