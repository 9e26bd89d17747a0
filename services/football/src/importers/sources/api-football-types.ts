/**
 * The API-Football v3 response shapes the importer reads (only the fields used; from the v3
 * documentation). The mapping to the importer's model is in api-football.ts.
 */

export interface ApiLeagueItem {
  league: { id: number; name: string; type: string; logo: string | null };
  country: { name: string; code: string | null; flag: string | null };
}

export interface ApiTeamRef {
  id: number;
  name: string;
  logo?: string | null;
}

export interface ApiTeamItem {
  team: ApiTeamRef & { code?: string | null; country?: string | null; founded?: number | null; national?: boolean };
  venue?: { id: number | null; name: string | null; address?: string | null; city: string | null; capacity: number | null } | null;
}

export interface ApiScore {
  home: number | null;
  away: number | null;
}

export interface ApiFixtureItem {
  fixture: {
    id: number;
    referee: string | null;
    timezone?: string;
    date: string;
    timestamp: number;
    venue: { id: number | null; name: string | null; city: string | null } | null;
    /** When each half began (unix seconds; null until it has); the live feed dates its periods by them. */
    periods?: { first: number | null; second: number | null } | null;
    status: { long: string; short: string; elapsed: number | null };
  };
  league: { id: number; name: string; country: string; logo?: string | null; season: number; round: string | null };
  teams: { home: ApiTeamRef; away: ApiTeamRef };
  goals: ApiScore;
  score: { halftime: ApiScore; fulltime: ApiScore; extratime: ApiScore; penalty: ApiScore };
}

export interface ApiStatisticsItem {
  team: ApiTeamRef;
  statistics: Array<{ type: string; value: number | string | null }>;
}

export interface ApiPlayerStatistics {
  games: {
    minutes: number | null;
    number?: number | null;
    position: string | null;
    rating: string | null;
    captain?: boolean;
    substitute: boolean;
  };
  goals: { total: number | null; conceded: number | null; assists: number | null; saves: number | null };
  passes: { total: number | null; key: number | null; accuracy: string | number | null };
  tackles: { total: number | null; blocks: number | null; interceptions: number | null };
  duels: { total: number | null; won: number | null };
  fouls: { drawn: number | null; committed: number | null };
  cards: { yellow: number | null; red: number | null };
}

export interface ApiFixturePlayersItem {
  team: ApiTeamRef;
  players: Array<{ player: { id: number; name: string; photo?: string | null }; statistics: ApiPlayerStatistics[] }>;
}

export interface ApiSquadItem {
  team: ApiTeamRef;
  players: Array<{ id: number; name: string; age?: number | null; number: number | null; position: string; photo?: string | null }>;
}

/**
 * One entry of `/fixtures/events?fixture=<id>`: a goal, card, substitution or VAR decision (events have no id).
 * `type` is 'Goal', 'Card', 'subst' or 'Var'; `detail` e.g. 'Normal Goal', 'Own Goal', 'Penalty', 'Missed Penalty',
 * 'Yellow Card', 'Red Card', 'Substitution 1', 'Goal cancelled', 'Penalty confirmed'. A shoot-out kick is a 'Goal'
 * ('Penalty' or 'Missed Penalty') whose `comments` is 'Penalty Shootout'. `time.extra` is the stoppage minute
 * (45 + 2 → elapsed 45, extra 2).
 */
export interface ApiFixtureEvent {
  time: { elapsed: number | null; extra: number | null };
  team: ApiTeamRef;
  player: { id: number | null; name: string | null };
  assist?: { id: number | null; name: string | null };
  type: string;
  detail: string;
  comments?: string | null;
}

/** One side of `GET /fixtures/lineups?fixture=<id>`: the starting XI and the named substitutes (about an hour before kick-off). */
export interface ApiLineupItem {
  team: ApiTeamRef;
  startXI: Array<{ player: { id: number; name: string; pos?: string | null } }>;
  substitutes: Array<{ player: { id: number; name: string; pos?: string | null } }>;
}
