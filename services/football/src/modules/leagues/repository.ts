import type { Knex } from '@matchday/server';
import type { League } from '@matchday/contracts';
import type { LeaguesRow, SeasonsRow } from '../../db/rows';

export function toLeague(row: LeaguesRow): League {
  return {
    id: row.id,
    name: row.name,
    displayName: row.display_name,
    country: row.country,
    logo: row.logo,
    colour: row.colour,
    type: row.type === 'cup' ? 'cup' : 'league',
    currentSeason: row.current_season,
  };
}

const FORMATS = new Set(['league', 'groups', 'league-phase']);

/** Every league with its seasons (newest first) and the format of its current season. */
export async function listLeagues(db: Knex): Promise<League[]> {
  const rows = await db<LeaguesRow>('leagues').select('*').orderBy('display_name');
  const seasonRows: Array<Pick<SeasonsRow, 'league_id' | 'year' | 'format'>> = await db('seasons').select('league_id', 'year', 'format');
  return rows.map((row) => {
    const league = toLeague(row);
    const own = seasonRows.filter((s) => Number(s.league_id) === league.id);
    const years = new Set([...own.map((s) => Number(s.year)), league.currentSeason]);
    const format = own.find((s) => Number(s.year) === league.currentSeason)?.format;
    return {
      ...league,
      seasons: [...years].sort((a, b) => b - a),
      ...(format && FORMATS.has(format) ? { format: format as League['format'] } : {}),
    };
  });
}
