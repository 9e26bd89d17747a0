import type { Knex } from '@matchday/server';
import type { League } from '@matchday/contracts';

interface LeagueRow {
  id: number;
  name: string;
  display_name: string;
  country: string;
  logo: string | null;
  colour: string | null;
  type: string;
  current_season: number;
}

export function toLeague(row: LeagueRow): League {
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

/** Every league with the seasons that have data (season rows or fixtures), newest first, and its current format. */
export async function listLeagues(db: Knex): Promise<League[]> {
  const rows = await db<LeagueRow>('leagues').select('*').orderBy('display_name');
  const seasonRows: Array<{ league_id: number; year: number; format: string | null }> = await db('seasons').select(
    'league_id',
    'year',
    'format',
  );
  const fixtureSeasons: Array<{ league_id: number; season: number }> = await db('fixtures').distinct('league_id', 'season');
  const seasons = new Map<number, Set<number>>();
  const add = (leagueId: number, year: number) => {
    const set = seasons.get(leagueId) ?? new Set<number>();
    set.add(year);
    seasons.set(leagueId, set);
  };
  for (const s of seasonRows) add(Number(s.league_id), Number(s.year));
  for (const f of fixtureSeasons) add(Number(f.league_id), Number(f.season));
  return rows.map((row) => {
    const league = toLeague(row);
    const format = seasonRows.find((s) => Number(s.league_id) === league.id && Number(s.year) === league.currentSeason)?.format;
    return {
      ...league,
      seasons: [...(seasons.get(league.id) ?? [])].sort((a, b) => b - a),
      ...(format && FORMATS.has(format) ? { format: format as League['format'] } : {}),
    };
  });
}
