import type { Knex } from '@matchday/server';
import type { SquadName } from '../../domain/player-names';
import type { Row } from './shared';

/**
 * The players a name-only source's names (football.json's line-ups) are looked for among before a player of its own
 * is created: the team's squad, then the players the league knows that season (players.ts savePlayerMatches).
 */

/** A player a name-only source's name may be, with his squad position ('' where only his match lines know him). */
export type SquadEntry = SquadName & { position: string };

/** A player's row (player_id, name, known_as) as a SquadEntry. */
function squadEntry(row: Row, position: unknown): SquadEntry {
  return {
    playerId: Number(row.player_id),
    name: String(row.name),
    knownAs: (row.known_as as string | null) ?? null,
    position: String(position ?? ''),
  };
}

/** A team's squad of a season, else of the latest season before it with one; read once per team and season. */
export class SquadNames {
  private readonly squads = new Map<string, SquadEntry[]>();
  constructor(private readonly trx: Knex.Transaction) {}

  async of(teamId: number, season: number): Promise<SquadEntry[]> {
    const key = `${teamId}|${season}`;
    let squad = this.squads.get(key);
    if (!squad) {
      const rows = (await this.trx('squad_members as s')
        .join('players as p', 'p.id', 's.player_id')
        .where('s.team_id', teamId)
        .where('s.season', '<=', season)
        .select('s.season', 's.player_id', 's.position', 'p.name', 'p.known_as')) as Row[];
      const latest = Math.max(...rows.map((row) => Number(row.season)));
      squad = rows.filter((row) => Number(row.season) === latest).map((row) => squadEntry(row, row.position));
      this.squads.set(key, squad);
    }
    return squad;
  }
}

/**
 * The players a league knows in a season, each once: the squads of its clubs (of the latest season up to this one
 * that has squads for them, as SquadNames) and the players with lines in its matches of the season, with those a save
 * creates added as it goes. A name the team's squad does not hold is looked for here: a player who changed clubs keeps
 * one record (Milos Kerkez, Bournemouth's in FPL 2024-25, is Liverpool's in football.json 2025-26).
 */
export class LeaguePlayers {
  private readonly lists = new Map<string, SquadEntry[]>();
  constructor(private readonly trx: Knex.Transaction) {}

  async of(leagueId: number, season: number): Promise<SquadEntry[]> {
    const key = `${leagueId}|${season}`;
    let list = this.lists.get(key);
    if (!list) {
      list = [];
      this.lists.set(key, list);
      const seen = new Set<number>();
      const take = (row: Row, position: unknown) => {
        if (seen.has(Number(row.player_id))) return;
        seen.add(Number(row.player_id));
        list!.push(squadEntry(row, position));
      };
      const clubs = new Set<string>();
      for (const side of ['home_team_id', 'away_team_id']) {
        const rows = (await this.trx('fixtures')
          .where('league_id', leagueId)
          .where('season', '<=', season)
          .distinct('season', `${side} as team_id`)) as Row[];
        for (const row of rows) clubs.add(`${Number(row.team_id)}|${Number(row.season)}`);
      }
      const teamIds = [...new Set([...clubs].map((club) => Number(club.split('|')[0])))];
      const squads = teamIds.length
        ? ((await this.trx('squad_members as s')
            .join('players as p', 'p.id', 's.player_id')
            .whereIn('s.team_id', teamIds)
            .where('s.season', '<=', season)
            .select('s.season', 's.team_id', 's.player_id', 's.position', 'p.name', 'p.known_as')) as Row[])
        : [];
      const ofLeague = squads.filter((row) => clubs.has(`${Number(row.team_id)}|${Number(row.season)}`));
      const latest = Math.max(...ofLeague.map((row) => Number(row.season)));
      for (const row of ofLeague) if (Number(row.season) === latest) take(row, row.position);
      const lined = (await this.trx('fixture_player_stats as ps')
        .join('fixtures as f', 'f.id', 'ps.fixture_id')
        .join('players as p', 'p.id', 'ps.player_id')
        .where({ 'f.league_id': leagueId, 'f.season': season })
        .distinct('ps.player_id', 'p.name', 'p.known_as')) as Row[];
      for (const row of lined) take(row, '');
    }
    return list;
  }

  /** A player created in this save (a name no list held): a later line of another club of the league finds him. */
  async add(leagueId: number, season: number, player: SquadEntry): Promise<void> {
    const list = await this.of(leagueId, season);
    if (!list.some((known) => known.playerId === player.playerId)) list.push(player);
  }
}
