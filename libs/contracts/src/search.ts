/** Bounds of the search text (GET /api/search?q=): shorter is refused with 400, longer too. */
export const SEARCH_MIN_LENGTH = 2;
export const SEARCH_MAX_LENGTH = 100;
/** At most this many results of each kind. */
export const SEARCH_PER_KIND = 5;

export interface SearchTeam {
  id: number;
  name: string;
  logo: string | null;
  /** A national team's flag (emoji), shown instead of its logo; absent for a club. */
  flag?: string;
  country: string | null;
  /** The league and season of the team's latest fixture (for the team page link); null when it has none. */
  leagueId: number | null;
  season: number | null;
}

export interface SearchPlayer {
  id: number;
  name: string;
  /** The name fans know him by when his name does not already say it ("Casemiro" for Carlos Henrique Casimiro); else null. */
  knownAs: string | null;
  photo: string | null;
  teamName: string | null;
  /** The flag (emoji) of his team when it is a national team, shown beside its name; absent for a club. */
  teamFlag?: string;
  /** The league and season of the player's latest squad (for the player page link); null when none. */
  leagueId: number | null;
  season: number | null;
}

export interface SearchLeague {
  id: number;
  name: string;
  country: string;
  logo: string | null;
  currentSeason: number;
}

/** GET /api/search?q=: teams, players and competitions whose name has a word starting with q (accents and case ignored). */
export interface SearchResults {
  query: string;
  teams: SearchTeam[];
  players: SearchPlayer[];
  leagues: SearchLeague[];
}
