import { toSqlDateTime, type Knex } from '@matchday/server';
import type { SquadPlayer } from '@matchday/contracts';
import { ageOn, positionOrder, toPosition } from '../../lib/values';

/** Teams whose squads to read for one league and season. */
export interface SquadRequest {
  leagueId: number;
  season: number;
  teamIds: number[];
}

interface SquadRow {
  player_id: number;
  name: string;
  first_name: string | null;
  last_name: string | null;
  nationality: string | null;
  birth_date: unknown;
  birth_country: string | null;
  photo: string | null;
  position: string;
  team_id: number;
  team_name: string;
  team_logo: string | null;
}

/** Latest finished fixture of each team in a league and season: team id -> fixture id. */
async function lastFixtures(db: Knex, leagueId: number, season: number, teamIds: readonly number[]): Promise<Map<number, number>> {
  const wanted = new Set(teamIds);
  const rows: Array<{ id: number; home_team_id: number; away_team_id: number }> = await db('fixtures')
    .where({ league_id: leagueId, season, status: 'finished' })
    .orderBy([
      { column: 'kickoff_at', order: 'desc' },
      { column: 'id', order: 'desc' },
    ])
    .select('id', 'home_team_id', 'away_team_id');
  const last = new Map<number, number>();
  for (const row of rows) {
    for (const team of [Number(row.home_team_id), Number(row.away_team_id)]) {
      if (wanted.has(team) && !last.has(team)) last.set(team, Number(row.id));
    }
    if (last.size === wanted.size) break;
  }
  return last;
}

/**
 * Squads of the teams for a league and season, with `is_Played_Last_Match` (appeared in his team's
 * latest finished match of that league and season) and `is_Played_In_This_League` (appeared for that
 * team in a match of it). Ordered by team (as requested), position, those who played in this league
 * first, name.
 */
export async function findSquads(db: Knex, request: SquadRequest, now: Date): Promise<SquadPlayer[]> {
  const { leagueId, season, teamIds } = request;
  if (teamIds.length === 0) return [];
  const rows: SquadRow[] = await db('squad_members as s')
    .join('players as p', 'p.id', 's.player_id')
    .join('teams as t', 't.id', 's.team_id')
    .whereIn('s.team_id', teamIds)
    .where('s.season', season)
    .select(
      's.player_id',
      'p.name',
      'p.first_name',
      'p.last_name',
      'p.nationality',
      'p.birth_date',
      'p.birth_country',
      'p.photo',
      's.position',
      's.team_id',
      't.name as team_name',
      't.logo as team_logo',
    );
  if (rows.length === 0) return [];
  // Who appeared for these teams in this league and season: (team, fixture) pairs through the
  // (team_id, fixture_id) index, the fixtures of the season through (league_id, season, ...).
  const appeared: Array<{ team_id: number; player_id: number }> = await db('fixture_player_stats as ps')
    .whereIn('ps.team_id', teamIds)
    .whereIn('ps.fixture_id', db('fixtures').where({ league_id: leagueId, season, status: 'finished' }).select('id'))
    .where('ps.minutes', '>', 0)
    .distinct('ps.team_id', 'ps.player_id');
  const played = new Set(appeared.map((row) => `${row.team_id}:${row.player_id}`));
  const last = await lastFixtures(db, leagueId, season, teamIds);
  const inLastMatch = new Set<string>();
  if (last.size > 0) {
    const lineups: Array<{ team_id: number; player_id: number; fixture_id: number }> = await db('fixture_player_stats')
      .whereIn('fixture_id', [...new Set(last.values())])
      .where('minutes', '>', 0)
      .select('team_id', 'player_id', 'fixture_id');
    for (const row of lineups) {
      if (last.get(Number(row.team_id)) === Number(row.fixture_id)) inLastMatch.add(`${row.team_id}:${row.player_id}`);
    }
  }
  const teamOrder = new Map(teamIds.map((id, index) => [id, index]));
  const players = rows.map((row): SquadPlayer => ({
    playerId: Number(row.player_id),
    playerName: row.name,
    firstName: row.first_name,
    lastName: row.last_name,
    teamId: Number(row.team_id),
    teamName: row.team_name,
    teamLogo: row.team_logo,
    leagueId,
    season,
    position: toPosition(row.position) ?? 'Midfielder',
    playerPhoto: row.photo,
    nationality: row.nationality,
    countryNationalityFlag: null,
    age: ageOn(row.birth_date, now),
    birthCountry: row.birth_country,
    is_Played_Last_Match: inLastMatch.has(`${row.team_id}:${row.player_id}`) ? 1 : 0,
    is_Played_In_This_League: played.has(`${row.team_id}:${row.player_id}`) ? 1 : 0,
  }));
  return players.sort(
    (a, b) =>
      (teamOrder.get(a.teamId) ?? 0) - (teamOrder.get(b.teamId) ?? 0) ||
      positionOrder(a.position) - positionOrder(b.position) ||
      b.is_Played_In_This_League - a.is_Played_In_This_League ||
      a.playerName.localeCompare(b.playerName) ||
      a.playerId - b.playerId,
  );
}

/** How many fixtures the plain players list covers. */
export const LIST_FIXTURES = 8;

/**
 * The plain players list (fantasy captain names): the squads of the clubs playing the next fixtures
 * from `from` on (at most LIST_FIXTURES fixtures, each club once with the league of its first one);
 * when nothing is scheduled, those of the latest finished fixtures.
 */
export async function listPlayers(db: Knex, from: Date, now: Date): Promise<SquadPlayer[]> {
  const columns = ['league_id', 'season', 'home_team_id', 'away_team_id'];
  let fixtures: Array<{ league_id: number; season: number; home_team_id: number; away_team_id: number }> = await db('fixtures')
    .where('kickoff_at', '>=', toSqlDateTime(from))
    .orderBy([{ column: 'kickoff_at' }, { column: 'id' }])
    .limit(LIST_FIXTURES)
    .select(columns);
  if (fixtures.length === 0) {
    fixtures = await db('fixtures')
      .where('kickoff_at', '<', toSqlDateTime(from))
      .orderBy([
        { column: 'kickoff_at', order: 'desc' },
        { column: 'id', order: 'desc' },
      ])
      .limit(LIST_FIXTURES)
      .select(columns);
  }
  const groups = new Map<string, SquadRequest>();
  const seen = new Set<number>();
  for (const f of fixtures) {
    const key = `${f.league_id}:${f.season}`;
    const group = groups.get(key) ?? { leagueId: Number(f.league_id), season: Number(f.season), teamIds: [] };
    groups.set(key, group);
    for (const team of [Number(f.home_team_id), Number(f.away_team_id)]) {
      if (seen.has(team)) continue;
      seen.add(team);
      group.teamIds.push(team);
    }
  }
  // In parallel: several connections on MySQL (SQLite has one, and runs them in turn).
  const lists = await Promise.all([...groups.values()].map((group) => findSquads(db, group, now)));
  return lists.flat();
}
