import type { Knex } from '@matchday/server';
import type { TopScorer } from '@matchday/contracts';
import { num, toPosition } from '../../lib/values';

/** Length of the list, as API-Football's top scorers. */
export const TOP_SCORERS = 20;

interface TotalsRow {
  player_id: number;
  goals: unknown;
  assists: unknown;
  appearances: unknown;
  minutes: unknown;
  yellow_cards: unknown;
  red_cards: unknown;
  position: string | null;
}

/**
 * The league season's scorers (every stage, knockouts included), ordered by goals, assists, fewer
 * minutes, then name; each with the team he last played for in it.
 */
export async function findTopScorers(db: Knex, leagueId: number, season: number): Promise<TopScorer[]> {
  const totals: TotalsRow[] = await db('fixture_player_stats as ps')
    .join('fixtures as f', 'f.id', 'ps.fixture_id')
    .where('f.league_id', leagueId)
    .where('f.season', season)
    .groupBy('ps.player_id')
    .havingRaw('sum(ps.goals) > 0')
    .select(
      'ps.player_id',
      db.raw('sum(ps.goals) as goals'),
      db.raw('sum(ps.assists) as assists'),
      db.raw('sum(case when ps.minutes > 0 then 1 else 0 end) as appearances'),
      db.raw('sum(ps.minutes) as minutes'),
      db.raw('sum(ps.yellow_cards) as yellow_cards'),
      db.raw('sum(ps.red_cards) as red_cards'),
      db.raw('max(ps.position) as position'),
    )
    .orderByRaw('sum(ps.goals) desc, sum(ps.assists) desc, sum(ps.minutes) asc, ps.player_id asc')
    .limit(TOP_SCORERS * 2);
  if (totals.length === 0) return [];
  const ids = totals.map((t) => Number(t.player_id));
  const players: Array<{ id: number; name: string; photo: string | null; nationality: string | null }> = await db('players')
    .whereIn('id', ids)
    .select('id', 'name', 'photo', 'nationality');
  const playerById = new Map(players.map((p) => [Number(p.id), p]));
  // The team of each scorer's latest appearance in this league season.
  const appearances: Array<{ player_id: number; team_id: number }> = await db('fixture_player_stats as ps')
    .join('fixtures as f', 'f.id', 'ps.fixture_id')
    .whereIn('ps.player_id', ids)
    .where('f.league_id', leagueId)
    .where('f.season', season)
    .orderBy([
      { column: 'f.kickoff_at', order: 'desc' },
      { column: 'f.id', order: 'desc' },
    ])
    .select('ps.player_id', 'ps.team_id');
  const teamOf = new Map<number, number>();
  for (const a of appearances) if (!teamOf.has(Number(a.player_id))) teamOf.set(Number(a.player_id), Number(a.team_id));
  const teams: Array<{ id: number; name: string; logo: string | null }> = await db('teams')
    .whereIn('id', [...new Set(teamOf.values())])
    .select('id', 'name', 'logo');
  const teamById = new Map(teams.map((t) => [Number(t.id), t]));
  const squads: Array<{ player_id: number; team_id: number; position: string }> = await db('squad_members')
    .whereIn('player_id', ids)
    .where('season', season)
    .select('player_id', 'team_id', 'position');
  const squadPosition = new Map(squads.map((s) => [`${s.player_id}:${s.team_id}`, s.position]));

  const scorers = totals.map((t): TopScorer => {
    const playerId = Number(t.player_id);
    const teamId = teamOf.get(playerId) ?? 0;
    const player = playerById.get(playerId);
    return {
      id: playerId,
      playerId,
      playerName: player?.name ?? '',
      playerPhoto: player?.photo ?? null,
      teamId,
      teamName: teamById.get(teamId)?.name ?? '',
      teamLogo: teamById.get(teamId)?.logo ?? null,
      games_Position: toPosition(squadPosition.get(`${playerId}:${teamId}`)) ?? toPosition(t.position),
      nationality: player?.nationality ?? null,
      nationalityFlag: null,
      goals_Total: num(t.goals),
      goals_Assists: num(t.assists),
      games_Appearences: num(t.appearances),
      games_MinutesPlayed: num(t.minutes),
      cards_Yellow: num(t.yellow_cards),
      cards_Red: num(t.red_cards),
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
