export type LeagueType = 'league' | 'cup';

export interface League {
  id: number;
  name: string;
  displayName: string;
  country: string;
  logo: string | null;
  colour: string | null;
  type: LeagueType;
  currentSeason: number;
}

export type FixtureStatus = 'scheduled' | 'live' | 'finished' | 'postponed';

export interface Fixture {
  id: number;
  homeTeam: string;
  awayTeam: string;
  homeTeamId: number;
  awayTeamId: number;
  homeTeamLogo: string | null;
  awayTeamLogo: string | null;
  leagueId: number;
  leagueName: string;
  leagueColor: string | null;
  season: number;
  /** ISO 8601 UTC kick-off */
  eventDate: string;
  venue: string | null;
  venueCity: string | null;
  round: string | null;
  status: FixtureStatus;
  goalsHome: number | null;
  goalsAway: number | null;
}

export type FixtureDayFilter = 'today' | 'tomorrow' | 'week';

/** Well-known league ids (API-Football numbering). */
export const LEAGUE_IDS = {
  championsLeague: 2,
  premierLeague: 39,
  indianSuperLeague: 323,
} as const;
