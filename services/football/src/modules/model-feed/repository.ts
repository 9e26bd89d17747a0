import type { Knex } from '@matchday/server';
import type {
  FeedLeague,
  FeedMatch,
  FeedMatches,
  FeedOdds,
  FeedPlayedLines,
  FeedPlayerLine,
  FeedSquads,
  FeedSquadPlayer,
} from '@matchday/contracts';
import { isDemoData } from '../../domain/dataset';
import type { FixtureOddsRow, FixturesRow, LeaguesRow, TeamsRow } from '../../db/rows';
import { ninetyMinuteResult, playedScore } from '../../lib/played';
import { iso, num, numOrNull } from '../../lib/values';

/** Which bookmaker's prices the feed passes on, first present wins (Demo: the demo generator's book). */
export const BOOKMAKER_PREFERENCE = ['B365', 'PS', 'Avg', 'Max', 'Demo'] as const;

/** A fixture with its 90-minute score (what the markets settle on), its clubs and their shots on target. */
type MatchRow = Pick<
  FixturesRow,
  'id' | 'league_id' | 'season' | 'kickoff_at' | 'status' | 'home_team_id' | 'away_team_id' | 'home_goals' | 'away_goals'
> & {
  home_name: TeamsRow['name'];
  away_name: TeamsRow['name'];
  home_logo: TeamsRow['logo'];
  away_logo: TeamsRow['logo'];
  home_sot: number | null;
  away_sot: number | null;
};

type OddsRow = FixtureOddsRow;

function matchQuery(db: Knex) {
  return db('fixtures as f')
    .join('teams as h', 'h.id', 'f.home_team_id')
    .join('teams as a', 'a.id', 'f.away_team_id')
    .leftJoin('fixture_team_stats as hs', (j) => j.on('hs.fixture_id', 'f.id').andOn('hs.team_id', 'f.home_team_id'))
    .leftJoin('fixture_team_stats as as', (j) => j.on('as.fixture_id', 'f.id').andOn('as.team_id', 'f.away_team_id'))
    .select(
      'f.id',
      'f.league_id',
      'f.season',
      'f.kickoff_at',
      'f.status',
      'f.home_team_id',
      'f.away_team_id',
      'f.home_goals',
      'f.away_goals',
      'h.name as home_name',
      'a.name as away_name',
      'h.logo as home_logo',
      'a.logo as away_logo',
      'hs.shots_on_target as home_sot',
      'as.shots_on_target as away_sot',
    )
    .orderBy([
      { column: 'f.kickoff_at', order: 'asc' },
      { column: 'f.id', order: 'asc' },
    ]);
}

function toOdds(row: OddsRow): FeedOdds {
  return {
    bookmaker: row.bookmaker,
    home: numOrNull(row.home),
    draw: numOrNull(row.draw),
    away: numOrNull(row.away),
    over25: numOrNull(row.over_2_5),
    under25: numOrNull(row.under_2_5),
    ahLine: numOrNull(row.asian_handicap_line),
    ahHome: numOrNull(row.asian_handicap_home),
    ahAway: numOrNull(row.asian_handicap_away),
  };
}

function rank(bookmaker: string): number {
  const index = (BOOKMAKER_PREFERENCE as readonly string[]).indexOf(bookmaker);
  return index === -1 ? BOOKMAKER_PREFERENCE.length : index;
}

function assemble(rows: MatchRow[], odds: OddsRow[]): FeedMatch[] {
  const best = new Map<string, OddsRow>();
  for (const row of odds) {
    if (row.home === null && row.over_2_5 === null) continue;
    const key = `${row.fixture_id}:${row.timing}`;
    const held = best.get(key);
    if (!held || rank(row.bookmaker) < rank(held.bookmaker)) best.set(key, row);
  }
  return rows.map((row) => {
    const opening = best.get(`${row.id}:opening`);
    const closing = best.get(`${row.id}:closing`);
    const score = playedScore(ninetyMinuteResult(row));
    return {
      id: row.id,
      leagueId: row.league_id,
      season: row.season,
      kickoffAt: iso(row.kickoff_at),
      status: row.status,
      homeTeamId: row.home_team_id,
      awayTeamId: row.away_team_id,
      homeTeam: row.home_name,
      awayTeam: row.away_name,
      homeTeamLogo: row.home_logo,
      awayTeamLogo: row.away_logo,
      homeGoals: score?.home ?? null,
      awayGoals: score?.away ?? null,
      homeShotsOnTarget: score ? numOrNull(row.home_sot) : null,
      awayShotsOnTarget: score ? numOrNull(row.away_sot) : null,
      opening: opening ? toOdds(opening) : null,
      closing: closing ? toOdds(closing) : null,
    };
  });
}

export async function feedLeagues(db: Knex): Promise<FeedLeague[]> {
  const rows: Array<Pick<LeaguesRow, 'id' | 'name' | 'display_name' | 'country' | 'logo' | 'current_season'>> = await db('leagues')
    .orderBy('id')
    .select('id', 'name', 'display_name', 'country', 'logo', 'current_season');
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    displayName: row.display_name,
    country: row.country,
    logo: row.logo,
    currentSeason: num(row.current_season),
  }));
}

const dayStart = (day: string) => `${day} 00:00:00`;

/** Every fixture of a league (optionally kick-offs in [from, to) UTC days), oldest first. */
export async function feedMatches(db: Knex, leagueId: number, from?: string, to?: string): Promise<FeedMatches | null> {
  const league = (await feedLeagues(db)).find((l) => l.id === leagueId);
  if (!league) return null;
  const bounded = <Q extends Knex.QueryBuilder>(query: Q): Q => {
    if (from) void query.where('f.kickoff_at', '>=', dayStart(from));
    if (to) void query.where('f.kickoff_at', '<', dayStart(to));
    return query;
  };
  const rows: MatchRow[] = await bounded(matchQuery(db).where('f.league_id', leagueId));
  const odds: OddsRow[] = await bounded(
    db('fixture_odds as o').join('fixtures as f', 'f.id', 'o.fixture_id').where('f.league_id', leagueId).select('o.*'),
  );
  const seasons: Array<{ season: number }> = await db('fixtures').where('league_id', leagueId).distinct('season').orderBy('season');
  return {
    league,
    matches: assemble(rows, odds),
    seasons: seasons.map((s) => num(s.season)),
    demo: await isDemoData(db),
  };
}

export async function feedFixtures(db: Knex, ids: number[]): Promise<FeedMatch[]> {
  const rows: MatchRow[] = await matchQuery(db).whereIn('f.id', ids);
  const odds: OddsRow[] = await db('fixture_odds').whereIn('fixture_id', ids).select('*');
  return assemble(rows, odds);
}

/** The per-match lines of these fixtures' players of these sides, by player, most recent first. */
async function playerLines(db: Knex, fixtureIds: readonly number[], teamIds: readonly number[]): Promise<Map<number, FeedPlayerLine[]>> {
  const lines: Array<Record<string, unknown> & { player_id: number; fixture_id: number; kickoff_at: unknown }> = fixtureIds.length
    ? await db('fixture_player_stats as s')
        .join('fixtures as f', 'f.id', 's.fixture_id')
        .whereIn('s.fixture_id', fixtureIds)
        .whereIn('s.team_id', teamIds)
        .orderBy('f.kickoff_at', 'desc')
        .select(
          's.player_id',
          's.fixture_id',
          'f.kickoff_at',
          's.minutes',
          's.started',
          's.goals',
          's.assists',
          's.goals_conceded',
          's.saves',
          's.yellow_cards',
          's.red_cards',
          's.expected_goals',
          's.expected_assists',
        )
    : [];
  const byPlayer = new Map<number, FeedPlayerLine[]>();
  for (const line of lines) {
    const list = byPlayer.get(line.player_id) ?? [];
    list.push({
      fixtureId: line.fixture_id,
      kickoffAt: iso(line.kickoff_at),
      minutes: num(line.minutes),
      started: num(line.started) === 1,
      goals: num(line.goals),
      assists: num(line.assists),
      goalsConceded: num(line.goals_conceded),
      saves: num(line.saves),
      yellowCards: num(line.yellow_cards),
      redCards: num(line.red_cards),
      expectedGoals: numOrNull(line.expected_goals),
      expectedAssists: numOrNull(line.expected_assists),
    });
    byPlayer.set(line.player_id, list);
  }
  return byPlayer;
}

/**
 * A played fixture's own player lines (what its players did in it), for scoring picks made before it: never part of
 * the squads read that makes them (feedSquads reads only lines before the fixture). Null for an unknown fixture.
 */
export async function feedPlayed(db: Knex, fixtureId: number): Promise<FeedPlayedLines | null> {
  const [fixture] = await feedFixtures(db, [fixtureId]);
  if (!fixture) return null;
  const byPlayer = await playerLines(db, [fixtureId], [fixture.homeTeamId, fixture.awayTeamId]);
  return { fixtureId, lines: [...byPlayer].map(([playerId, [line]]) => ({ playerId, line: line! })) };
}

/** Both squads of a fixture's season with their per-match lines before the fixture (most recent first). */
export async function feedSquads(db: Knex, fixtureId: number, recent: number): Promise<FeedSquads | null> {
  const [fixture] = await feedFixtures(db, [fixtureId]);
  if (!fixture) return null;
  const before = fixture.kickoffAt.slice(0, 19).replace('T', ' ');
  const teamIds = [fixture.homeTeamId, fixture.awayTeamId];
  const teamRecent: FeedSquads['teamRecent'] = {};
  for (const teamId of teamIds) {
    const rows: Array<Pick<FixturesRow, 'id' | 'kickoff_at'>> = await db('fixtures')
      .where('status', 'finished')
      .where('kickoff_at', '<', before)
      .where((q) => q.where('home_team_id', teamId).orWhere('away_team_id', teamId))
      .orderBy('kickoff_at', 'desc')
      .limit(recent)
      .select('id', 'kickoff_at');
    teamRecent[teamId] = rows.map((row) => ({ fixtureId: row.id, kickoffAt: iso(row.kickoff_at) }));
  }
  const squad: Array<{
    player_id: number;
    team_id: number;
    position: string;
    price: number | null;
    ownership: number | null;
    name: string;
  }> = await db('squad_members as s')
    .join('players as p', 'p.id', 's.player_id')
    .whereIn('s.team_id', teamIds)
    .where('s.season', fixture.season)
    .orderBy('s.player_id')
    .select('s.player_id', 's.team_id', 's.position', 's.price', 's.ownership', 'p.name');
  const recentFixtureIds = [...new Set(Object.values(teamRecent).flatMap((list) => list.map((r) => r.fixtureId)))];
  const byPlayer = await playerLines(db, recentFixtureIds, teamIds);
  const players: FeedSquadPlayer[] = squad.map((row) => ({
    playerId: row.player_id,
    name: row.name,
    teamId: row.team_id,
    position: row.position,
    price: numOrNull(row.price),
    ownership: numOrNull(row.ownership),
    recent: byPlayer.get(row.player_id) ?? [],
  }));
  // the announced starting XI (fixture_lineups: released by a replay at kick-off - 60 min), null until then
  const named: Array<{ player_id: number; starting: unknown }> = await db('fixture_lineups')
    .where('fixture_id', fixtureId)
    .orderBy('player_id')
    .select('player_id', 'starting');
  const lineup = named.length ? named.filter((row) => num(row.starting) === 1 || row.starting === true).map((row) => row.player_id) : null;
  return { fixture, teamRecent, players, lineup };
}
