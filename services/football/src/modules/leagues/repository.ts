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

export async function listLeagues(db: Knex): Promise<League[]> {
  const rows = await db<LeagueRow>('leagues').select('*').orderBy('display_name');
  return rows.map(toLeague);
}
