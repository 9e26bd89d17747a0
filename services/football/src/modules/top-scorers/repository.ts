import type { Knex } from '@matchday/server';
import type { TopScorer } from '@matchday/contracts';
import { epoch, num, toPosition } from '../../lib/values';

/** Length of the list, as API-Football's top scorers. */
export const TOP_SCORERS = 20;

interface TotalsRow {
  player_id: number;
  team_id: number;
  goals: unknown;
  assists: unknown;
  appearances: unknown;
  minutes: unknown;
  yellow_cards: unknown;
  red_cards: unknown;
  position: string | null;
  last_played: unknown;
}

interface Totals {
  playerId: number;
  teamId: number;
  lastPlayed: number;
  goals: number;
  assists: number;
  appearances: number;
  minutes: number;
  yellow: number;
  red: number;
  position: string | null;
}

/** Ids of the league season's fixtures lie in [first, last]: a bound that turns a per-player read into one short range. */
async function fixtureIdRange(db: Knex, leagueId: number, season: number): Promise<{ first: number; last: number } | null> {
  const [row] = await db('fixtures').where({ league_id: leagueId, season }).select(db.raw('min(id) as first'), db.raw('max(id) as last'));
  return row?.first === null || row?.first === undefined ? null : { first: Number(row.first), last: Number(row.last) };
}

/**
 * The players who can rank among the first `count` scorers: goals per player from the rows with a goal only
 * (through the (fixture_id, goals, player_id) index), cut at the goals of the count-th; everyone level with
 * him stays, as assists and minutes decide between them.
 */
async function scorerCandidates(db: Knex, leagueId: number, season: number, count: number): Promise<number[]> {
  const rows: Array<{ player_id: number; goals: unknown }> = await db('fixture_player_stats as ps')
    .join('fixtures as f', 'f.id', 'ps.fixture_id')
    .where('f.league_id', leagueId)
    .where('f.season', season)
    .where('ps.goals', '>', 0)
    .groupBy('ps.player_id')
    .select('ps.player_id', db.raw('sum(ps.goals) as goals'));
  const goals = rows.map((row) => num(row.goals)).sort((a, b) => b - a);
  const cut = goals.length > count ? goals[count - 1]! : 0;
  return rows.filter((row) => num(row.goals) >= cut).map((row) => Number(row.player_id));
}

/**
 * The league season's scorers (every stage, knockouts included), ordered by goals, assists, fewer
 * minutes, then name; each with the team he last played for in it. One aggregate per player and team
 * (a player who changed clubs within the season has two), merged here. Only the players who can rank
 * (scorerCandidates) are summed, each over his own rows of the season.
 */
export async function findTopScorers(db: Knex, leagueId: number, season: number): Promise<TopScorer[]> {
  const range = await fixtureIdRange(db, leagueId, season);
  if (!range) return [];
  const candidates = await scorerCandidates(db, leagueId, season, TOP_SCORERS * 2);
  if (candidates.length === 0) return [];
  // CROSS JOIN (an inner join with the condition in WHERE): on SQLite it keeps the candidates' rows as the outer
  // loop, one covering range each, instead of probing every fixture of the season for each candidate; MySQL
  // plans it as the same inner join and takes the same range.
  const rows: TotalsRow[] = await db('fixture_player_stats as ps')
    .crossJoin(db.raw('??', ['fixtures as f']))
    .where('f.id', db.ref('ps.fixture_id'))
    .whereIn('ps.player_id', candidates)
    .whereBetween('ps.fixture_id', [range.first, range.last])
    .where('f.league_id', leagueId)
    .where('f.season', season)
    .groupBy('ps.player_id', 'ps.team_id')
    .select(
      'ps.player_id',
      'ps.team_id',
      db.raw('sum(ps.goals) as goals'),
      db.raw('sum(ps.assists) as assists'),
      db.raw('sum(case when ps.minutes > 0 then 1 else 0 end) as appearances'),
      db.raw('sum(ps.minutes) as minutes'),
      db.raw('sum(ps.yellow_cards) as yellow_cards'),
      db.raw('sum(ps.red_cards) as red_cards'),
      db.raw('max(ps.position) as position'),
      // the team a player last appeared for (bench rows of 0 minutes do not count)
      db.raw('max(case when ps.minutes > 0 then f.kickoff_at end) as last_played'),
    );
  const byPlayer = new Map<number, Totals>();
  for (const row of rows) {
    const playerId = Number(row.player_id);
    const lastPlayed = epoch(row.last_played);
    const current = byPlayer.get(playerId);
    const next: Totals = {
      playerId,
      teamId: Number(row.team_id),
      lastPlayed,
      goals: num(row.goals),
      assists: num(row.assists),
      appearances: num(row.appearances),
      minutes: num(row.minutes),
      yellow: num(row.yellow_cards),
      red: num(row.red_cards),
      position: row.position,
    };
    if (current) {
      const latest = lastPlayed > current.lastPlayed ? next : current;
      byPlayer.set(playerId, {
        ...latest,
        goals: current.goals + next.goals,
        assists: current.assists + next.assists,
        appearances: current.appearances + next.appearances,
        minutes: current.minutes + next.minutes,
        yellow: current.yellow + next.yellow,
        red: current.red + next.red,
      });
    } else {
      byPlayer.set(playerId, next);
    }
  }
  const ranked = [...byPlayer.values()]
    .filter((t) => t.goals > 0)
    .sort((a, b) => b.goals - a.goals || b.assists - a.assists || a.minutes - b.minutes || a.playerId - b.playerId)
    .slice(0, TOP_SCORERS * 2);
  if (ranked.length === 0) return [];
  const ids = ranked.map((t) => t.playerId);
  const players: Array<{ id: number; name: string; photo: string | null; nationality: string | null }> = await db('players')
    .whereIn('id', ids)
    .select('id', 'name', 'photo', 'nationality');
  const playerById = new Map(players.map((p) => [Number(p.id), p]));
  const teams: Array<{ id: number; name: string; logo: string | null }> = await db('teams')
    .whereIn('id', [...new Set(ranked.map((t) => t.teamId))])
    .select('id', 'name', 'logo');
  const teamById = new Map(teams.map((t) => [Number(t.id), t]));
  const squads: Array<{ player_id: number; team_id: number; position: string }> = await db('squad_members')
    .whereIn('player_id', ids)
    .where('season', season)
    .select('player_id', 'team_id', 'position');
  const squadPosition = new Map(squads.map((s) => [`${s.player_id}:${s.team_id}`, s.position]));

  const scorers = ranked.map((t): TopScorer => {
    const player = playerById.get(t.playerId);
    return {
      id: t.playerId,
      playerId: t.playerId,
      playerName: player?.name ?? '',
      playerPhoto: player?.photo ?? null,
      teamId: t.teamId,
      teamName: teamById.get(t.teamId)?.name ?? '',
      teamLogo: teamById.get(t.teamId)?.logo ?? null,
      games_Position: toPosition(squadPosition.get(`${t.playerId}:${t.teamId}`)) ?? toPosition(t.position),
      nationality: player?.nationality ?? null,
      nationalityFlag: null,
      goals_Total: t.goals,
      goals_Assists: t.assists,
      games_Appearences: t.appearances,
      games_MinutesPlayed: t.minutes,
      cards_Yellow: t.yellow,
      cards_Red: t.red,
    };
  });
  scorers.sort(
    (a, b) =>
      b.goals_Total - a.goals_Total ||
      b.goals_Assists - a.goals_Assists ||
      a.games_MinutesPlayed - b.games_MinutesPlayed ||
      a.playerName.localeCompare(b.playerName),
  );
  return scorers.slice(0, TOP_SCORERS);
}
