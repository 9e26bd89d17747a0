/**
 * What the screens need of the league catalogue (leagues.ts, whose entries take these): each league's names, the
 * other names sources and users write for it, and its colour. Apart from the catalogue's rules and sources, so that
 * the UI kit, which draws a league's colour from its name, does not bundle the whole catalogue.
 */
export interface LeagueNaming {
  id: number;
  name: string;
  displayName: string;
  colour: string;
  /** Other names sources and users write for it ("EPL", "ISL", "Primera Division"), lower case. */
  aliases: readonly string[];
}

export const LEAGUE_NAMING: readonly LeagueNaming[] = [
  { id: 1, name: 'World Cup', displayName: 'World Cup', colour: '#9f1239', aliases: ['fifa world cup', 'world cup'] },
  {
    id: 4,
    name: 'Euro Championship',
    displayName: 'Euro',
    colour: '#0284c7',
    aliases: ['euro', 'euros', 'uefa euro', 'european championship', 'uefa european championship'],
  },
  { id: 2, name: 'UEFA Champions League', displayName: 'Champions League', colour: '#1d4ed8', aliases: ['ucl', 'champions league'] },
  { id: 39, name: 'Premier League', displayName: 'Premier League', colour: '#7c3aed', aliases: ['epl', 'english premier league'] },
  { id: 40, name: 'Championship', displayName: 'Championship', colour: '#0f766e', aliases: [] },
  { id: 61, name: 'Ligue 1', displayName: 'Ligue 1', colour: '#0e7490', aliases: [] },
  { id: 78, name: 'Bundesliga', displayName: 'Bundesliga', colour: '#dc2626', aliases: [] },
  { id: 135, name: 'Serie A', displayName: 'Serie A', colour: '#2563eb', aliases: [] },
  { id: 140, name: 'La Liga', displayName: 'La Liga', colour: '#ee8707', aliases: ['primera division', 'laliga'] },
  { id: 323, name: 'Indian Super League', displayName: 'Indian Super League', colour: '#f97316', aliases: ['isl'] },
];

/** The league id for a name as sources write it ("Premier League", "EPL", "La Liga", "ISL" ...). */
export function leagueIdByName(name: string): number | undefined {
  const key = name.trim().toLowerCase();
  return LEAGUE_NAMING.find(
    (league) => league.aliases.includes(key) || league.name.toLowerCase() === key || league.displayName.toLowerCase() === key,
  )?.id;
}

/** The colour of a league: the catalogue's, by any of its names. */
export function catalogueColour(name: string): string | undefined {
  const id = leagueIdByName(name);
  return id === undefined ? undefined : LEAGUE_NAMING.find((league) => league.id === id)?.colour;
}
