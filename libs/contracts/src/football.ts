import type { ZoneKind } from './leagues';

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
  /** Seasons (starting years) with data, newest first. */
  seasons?: number[];
  /** Format of the current season: one table, a table per group, or a league phase. */
  format?: 'league' | 'groups' | 'league-phase';
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
  /** A national team's flag as an emoji (national-teams catalogue), shown instead of its badge; absent for a club. */
  homeTeamFlag?: string;
  awayTeamFlag?: string;
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
  /** A finished cup tie that went to extra time: the goals are the a.e.t. score (sent only then). */
  afterExtraTime?: true;
  /** The shoot-out score of a tie decided on penalties (sent only then). */
  penaltiesHome?: number;
  penaltiesAway?: number;
}

export type FixtureDayFilter = 'today' | 'tomorrow' | 'week';

/**
 * GET /api/fixtures/filter?type={today|tomorrow|week}&limit={n}[&cursor={nextCursor}]: one page of a day list,
 * in kick-off order (the plain list without limit or cursor stays a Fixture[]).
 */
export interface FixturePage {
  fixtures: Fixture[];
  /** Fixtures in the whole day list (every page), so a screen can say how many are left. */
  total: number;
  /** Pass as `cursor` for the next page; null on the last one. */
  nextCursor: string | null;
}

/** Well-known league ids (API-Football numbering). */
export type PlayerPosition = 'Goalkeeper' | 'Defender' | 'Midfielder' | 'Attacker';
export const PLAYER_POSITIONS: readonly PlayerPosition[] = ['Goalkeeper', 'Defender', 'Midfielder', 'Attacker'];

/** A 0/1 flag, as the spec's wire format has it. */
export type Flag = 0 | 1;

/** GET /api/players (team squad, match squad, plain list) */
export interface SquadPlayer {
  playerId: number;
  playerName: string;
  firstName: string | null;
  lastName: string | null;
  teamId: number;
  teamName: string;
  teamLogo: string | null;
  leagueId: number;
  season: number;
  position: PlayerPosition;
  playerPhoto: string | null;
  nationality: string | null;
  countryNationalityFlag: string | null;
  age: number | null;
  birthCountry: string | null;
  /** 1 when the player appeared in his team's most recent finished match (of this league and season). */
  is_Played_Last_Match: Flag;
  /** 1 when the player has appeared for this team in this league this season. */
  is_Played_In_This_League: Flag;
}

/** GET /api/player-stats/league: season totals of one player for one team in one league and season. */
export interface PlayerLeagueStats extends Omit<SquadPlayer, 'is_Played_Last_Match' | 'is_Played_In_This_League'> {
  /** 1 for the player's current team, 0 for another team he played for in the same league and season. */
  is_Current_Team: Flag;
  /** Average match rating, one decimal; null when no rated match. */
  games_Rating: number | null;
  games_Appearance: number;
  games_Minute_Played: number;
  games_Lineups: number;
  goals_Total: number;
  goals_Assists: number;
  goals_Conceded: number;
  goals_Saves: number;
  passes_Total: number;
  passes_Key: number;
  /** Percent 0-100 (rounded), averaged over matches with a value. */
  passes_Accuracy: number | null;
  tackles_Total: number;
  tackles_Blocks: number;
  tackles_Interceptions: number;
  duels_Total: number;
  duels_Won: number;
  fouls_Drawn: number;
  fouls_Committed: number;
  cards_Yellow: number;
  cards_Red: number;
  substitutes_In: number;
  substitutes_Out: number;
}

/** GET /api/player-stats/fixtures: most recent first. */
export interface PlayerRecentFixture {
  fixtureId: number;
  leagueId: number;
  season: number;
  againstTeamId: number;
  againstTeamName: string;
  againstTeamLogo: string | null;
  eventDate: string;
  venue: string | null;
  /** '2-1', home goals first. */
  result: string;
  /** True when the player's team was the home side (so `result` reads from the player's side as is). */
  isHome: boolean;
  rating: number | null;
  minutesPlayed: number;
  goals_Total: number;
  goals_Assist: number;
  passes_Total: number;
  tackles_Total: number;
  cards_Yellow: number;
  cards_Red: number;
}

export type SideStatName =
  | 'TotalShots'
  | 'BlockedShots'
  | 'ShotsInsideBox'
  | 'ShotsOutsideBox'
  | 'BallPossession'
  | 'TotalPasses'
  | 'PassesAccurate'
  | 'PassesPercent'
  | 'GoalKeeperSaves'
  | 'Fouls'
  | 'OffSides'
  | 'YelloCards'
  | 'RedCards'
  | 'CornerKicks';
/** A statistic of a fixture-stats reply's `available`: the side statistics, shots on target and team xG. */
export type FixtureStatName = SideStatName | 'ShotsOnGoal' | 'ExpectedGoals';

export const SIDE_STAT_NAMES: readonly SideStatName[] = [
  'TotalShots',
  'BlockedShots',
  'ShotsInsideBox',
  'ShotsOutsideBox',
  'BallPossession',
  'TotalPasses',
  'PassesAccurate',
  'PassesPercent',
  'GoalKeeperSaves',
  'Fouls',
  'OffSides',
  'YelloCards',
  'RedCards',
  'CornerKicks',
];

/**
 * GET /api/fixture-stats/{fixtureId}. Side statistics are null when no source provided them (the
 * screens show 0); BallPossession and PassesPercent are strings with a percent sign ('55%'), as the
 * original feed sends them, which the screens strip.
 */
export type FixtureStats = {
  fixtureId: number;
  leagueId: number;
  season: number;
  logo: string | null;
  leagueName: string;
  leagueType: LeagueType;
  eventDate: string;
  status: FixtureStatus;
  venue: string | null;
  venueCity: string | null;
  homeTeamId: number;
  awayTeamId: number;
  homeTeamName: string;
  awayTeamName: string;
  homeTeamLogo: string | null;
  awayTeamLogo: string | null;
  homeTeamGoalScored: number | null;
  awayTeamGoalScored: number | null;
  /** As Fixture: extra time and the shoot-out of a finished cup tie, sent only when there were any. */
  afterExtraTime?: true;
  penaltiesHome?: number;
  penaltiesAway?: number;
  /** Shots on target (not among the spec's side fields; sent when known). */
  homeTeamShotsOnGoal?: number | null;
  awayTeamShotsOnGoal?: number | null;
  /** Team xG: the sum of the players' expected goals (FPL), null where the source has none. */
  homeTeamExpectedGoals: number | null;
  awayTeamExpectedGoals: number | null;
  /**
   * The statistics this match's sources carry, in display order: the screens compare only these (a value a source
   * carries but left empty shows as 0; one no source carries is not shown).
   */
  available: FixtureStatName[];
  /**
   * The sources by name: of the result, of the team statistics, of the players' lines ("football-data.co.uk", "FPL";
   * "openfootball (football.json)" where its line-ups are stored).
   */
  sources: { results: string[]; statistics: string[]; players: string[] };
  /** The referee where the source names one (football-data.co.uk's Premier League files, football.json's -full files). */
  referee: string | null;
  /** The crowd where the source gives it (football.json's -full files); null where none does. */
  attendance: number | null;
  /** The highest rated player of the match (FPL bonus points rating); null where no player is rated. */
  playerOfTheMatch: { playerId: number; playerName: string; teamId: number; rating: number } | null;
} & { [K in `homeTeam${SideStatName}` | `awayTeam${SideStatName}`]: number | string | null };

/** GET /api/fixture/{fixtureId}/players */
export interface FixturePlayer {
  id: number;
  playerId: number;
  teamId: number;
  teamName: string;
  teamLogo: string | null;
  playerName: string;
  playerPhoto: string | null;
  position: PlayerPosition | null;
  nationality: string | null;
  nationalityFlag: string | null;
  rating: number | null;
  goals_Total: number;
  goals_Assist: number;
  passes_Total: number;
  tackles_Total: number;
  cards_Yellow: number;
  cards_Red: number;
  minutesPlayed: number;
}

export type FormLetter = 'W' | 'D' | 'L';
export type TeamMovement = 'up' | 'down' | 'same';

/** GET /api/standings?leagueId&season */
export interface StandingRow {
  id: number;
  leagueId: number;
  leagueName: string;
  season: number;
  country: string;
  /** Group name for cup group stages ('Group A'); null for single-table formats. */
  group: string | null;
  teamId: number;
  teamName: string;
  /** The source's short name or code (FPL `short_name` MCI, API-Football `team.code`, demo NBU); null when no source has one. */
  teamShortName: string | null;
  teamLogo: string | null;
  /** A national team's flag as an emoji (national-teams catalogue), shown instead of its initials; absent for a club. */
  teamFlag?: string;
  teamRank: number;
  teamStatus: TeamMovement;
  played: number;
  wins: number;
  draws: number;
  losses: number;
  goalsFor: number;
  goalsAgainst: number;
  points: number;
  /** Points added or deducted by the league (negative for a deduction), already included in points. */
  pointsAdjustment: number;
  goalDifference: number;
  /** Up to five letters, oldest first. */
  lastFiveResult: string;
  leagueDescription?: string;
  /** What the place leads to (with leagueDescription); the screen colours the zone by it (ZONE_COLOURS). */
  zoneKind?: ZoneKind;
  /**
   * With `live=1` ("as it stands"): true for a team playing now, whose live match is counted with its current
   * score; its movement (teamStatus) is then against the table of finished matches only.
   */
  playingNow?: boolean;
  /**
   * Level with the team next to it on every criterion results give: what the competition's regulations decide
   * by then ("fair play, then the FIFA ranking"). The order shown between them is by name, not a verdict.
   */
  decidedBy?: string;
}

/** One of a group stage's third-placed teams ranked against the others (GET /api/standings/third-placed). */
export interface ThirdPlacedRow {
  rank: number;
  /** The group's letter ('A'). */
  group: string;
  teamId: number;
  teamName: string;
  teamShortName: string | null;
  /** A national team's flag (emoji). */
  teamFlag?: string;
  played: number;
  points: number;
  goalDifference: number;
  goalsFor: number;
  /** Among the best thirds that go through (World Cup 2026: 8 of 12; Euro 2024: 4 of 6). */
  qualified: boolean;
  /** Level with a neighbour on points, goal difference and goals (UEFA: and wins): what decides then. */
  decidedBy?: string;
  /** With `live=1`: playing now, counted with the current score. */
  playingNow?: boolean;
}

/**
 * GET /api/standings/third-placed?leagueId&season[&live=1]: the ranking of the third-placed teams of a group stage
 * where the best of them go through; `qualifying` is how many (0, and no rows, for any other competition).
 */
export interface ThirdPlacedStandings {
  qualifying: number;
  thirdPlaced: ThirdPlacedRow[];
}

/** GET /api/top-scorers/{leagueId}/{season} */
export interface TopScorer {
  id: number;
  playerId: number;
  playerName: string;
  playerPhoto: string | null;
  teamId: number;
  teamName: string;
  teamLogo: string | null;
  games_Position: PlayerPosition | null;
  nationality: string | null;
  nationalityFlag: string | null;
  goals_Total: number;
  goals_Assists: number;
  games_Appearences: number;
  games_MinutesPlayed: number;
  cards_Yellow: number;
  cards_Red: number;
}

/** GET /api/h2h?homeTeamId&awayTeamId: every meeting of the two clubs, most recent first. */
export interface HeadToHeadMatch {
  id: number;
  fixtureId: number;
  leagueId: number;
  leagueName: string;
  eventDate: string;
  season: number;
  homeTeamId: number;
  awayTeamId: number;
  homeTeam: string;
  awayTeam: string;
  homeTeamLogo: string | null;
  awayTeamLogo: string | null;
  goalsHome: number | null;
  goalsAway: number | null;
}

/** GET /api/team-stats?teamId&leagueId&season: two records, is_Home_Stats 1 (home matches) and 0 (away). */
export interface TeamStatsRecord {
  teamId: number;
  leagueId: number;
  season: number;
  teamName: string;
  teamLogo: string | null;
  flag: string | null;
  country: string | null;
  is_Home_Stats: Flag;
  /** Letters W/D/L, oldest first, of these (home or away) matches. */
  recentForm: string;
  matchPlayed: number;
  wins: number;
  draws: number;
  loses: number;
  goalsFor: number;
  goalsAgainst: number;
  goalsAvgFor: number;
  goalsAvgAgainst: number;
  /** '4-0' (team's goals first), or null when no win. */
  biggestWin: string | null;
  biggestLose: string | null;
  cleanSheet: number;
  failedToScore: number;
}

/** What a TeamStatsRecord counts of the side's matches (the football service computes them, Team stats combines two). */
export type TeamStatsFigures = Pick<
  TeamStatsRecord,
  | 'matchPlayed'
  | 'wins'
  | 'draws'
  | 'loses'
  | 'goalsFor'
  | 'goalsAgainst'
  | 'goalsAvgFor'
  | 'goalsAvgAgainst'
  | 'biggestWin'
  | 'biggestLose'
  | 'cleanSheet'
  | 'failedToScore'
>;
