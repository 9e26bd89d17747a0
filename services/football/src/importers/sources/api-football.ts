import path from 'node:path';
import type { FixtureStatus, PlayerPosition } from '@matchday/contracts';
import { dataDir } from '@matchday/server';
import type {
  FixtureStage,
  ImportedLeague,
  ImportedMatch,
  ImportedPlayer,
  ImportedPlayerMatch,
  ImportedSquadMember,
  ImportedTeam,
  ImportedTeamStats,
  ImportedVenue,
  RowProblem,
  Score,
} from '../model';
import { integerOption, parseCommandLine, registerSource, UsageError } from '../source';
import { ApiFootballClient, DEFAULT_API_FOOTBALL_URL } from './api-football-client';
import type {
  ApiLeagueItem,
  ApiTeamRef,
  ApiTeamItem,
  ApiScore,
  ApiFixtureItem,
  ApiStatisticsItem,
  ApiFixturePlayersItem,
  ApiSquadItem,
  ApiLineupItem,
} from './api-football-types';

/**
 * `api-football --league 39 --season 2023` (API_FOOTBALL_KEY, optional API_FOOTBALL_URL): a season of
 * one league from API-Football v3 — the league, its teams and squads, its fixtures, and for every
 * finished fixture the team statistics and the player statistics. Raw responses are cached under
 * `<DATA_DIR>/api-football-cache/`; a second run reads them and sends no request.
 *
 * The response shapes are in api-football-types.ts (those of the v3 documentation, only the fields used).
 */

/** FT/AET/PEN finished; NS/TBD scheduled; in-play codes live; PST/CANC/ABD postponed. */
export function statusOf(short: string): FixtureStatus | null {
  switch (short) {
    case 'FT':
    case 'AET':
    case 'PEN':
    case 'AWD':
    case 'WO':
      return 'finished';
    case 'NS':
    case 'TBD':
      return 'scheduled';
    case '1H':
    case 'HT':
    case '2H':
    case 'ET':
    case 'BT':
    case 'P':
    case 'LIVE':
    case 'INT':
    case 'SUSP':
      return 'live';
    case 'PST':
    case 'CANC':
    case 'ABD':
      return 'postponed';
    default:
      return null;
  }
}

/** "Regular Season - 12" -> 'regular'; "Group A - 3" -> 'group'; "League Stage - 1" -> 'league-phase' ... */
export function stageOfRound(round: string | null, leagueType: 'league' | 'cup'): { stage: FixtureStage; group: string | null } {
  const text = (round ?? '').toLowerCase();
  const group = /^group\s+([a-z])\b/i.exec(round ?? '');
  if (group) return { stage: 'group', group: group[1]!.toUpperCase() };
  if (text.startsWith('group stage')) return { stage: 'group', group: null };
  if (text.startsWith('league stage') || text.startsWith('league phase')) return { stage: 'league-phase', group: null };
  if (text.startsWith('regular season')) return { stage: 'regular', group: null };
  if (/qualifying|preliminary/.test(text)) return { stage: 'qualifying', group: null };
  if (/play-?offs?|relegation|promotion|knockout round play-offs/.test(text)) return { stage: 'playoff', group: null };
  if (/final|round of|last \d+|8th finals|quarter|semi|knockout/.test(text)) return { stage: 'knockout', group: null };
  return { stage: leagueType === 'cup' ? 'knockout' : 'regular', group: null };
}

function score(value: ApiScore | null | undefined): Score | null {
  return value && value.home !== null && value.away !== null ? { home: value.home, away: value.away } : null;
}

const POSITIONS: Record<string, PlayerPosition> = {
  G: 'Goalkeeper',
  D: 'Defender',
  M: 'Midfielder',
  F: 'Attacker',
  Goalkeeper: 'Goalkeeper',
  Defender: 'Defender',
  Midfielder: 'Midfielder',
  Attacker: 'Attacker',
};

/** "55%" -> 55, "7.3" -> 7.3, 12 -> 12, null/"" -> null. */
export function numberValue(value: number | string | null | undefined): number | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  const text = value.trim().replace(/%$/, '');
  if (text === '') return null;
  const number = Number(text);
  return Number.isFinite(number) ? number : null;
}

function integerValue(value: number | string | null | undefined): number | null {
  const number = numberValue(value);
  return number === null ? null : Math.round(number);
}

const STAT_NAMES: Record<string, keyof ImportedTeamStats> = {
  'shots on goal': 'ShotsOnGoal',
  'total shots': 'TotalShots',
  'blocked shots': 'BlockedShots',
  'shots insidebox': 'ShotsInsideBox',
  'shots outsidebox': 'ShotsOutsideBox',
  fouls: 'Fouls',
  'corner kicks': 'CornerKicks',
  offsides: 'OffSides',
  'ball possession': 'BallPossession',
  'yellow cards': 'YelloCards',
  'red cards': 'RedCards',
  'goalkeeper saves': 'GoalKeeperSaves',
  'total passes': 'TotalPasses',
  'passes accurate': 'PassesAccurate',
  'passes %': 'PassesPercent',
};

/** One team's `statistics` list -> ImportedTeamStats ("Ball Possession" "55%" -> 55). */
export function mapTeamStatistics(statistics: ApiStatisticsItem['statistics']): ImportedTeamStats {
  const stats: ImportedTeamStats = {};
  for (const { type, value } of statistics) {
    const field = STAT_NAMES[type.trim().toLowerCase()];
    if (field) stats[field] = integerValue(value);
  }
  return stats;
}

export interface SeasonContext {
  leagueId: number;
  season: number;
  leagueType: 'league' | 'cup';
  league?: ImportedLeague;
  /** Teams of the season by API id (code, country, venue, logo). */
  teams: Map<number, ImportedTeam>;
}

function teamOf(ref: ApiTeamRef, context: SeasonContext): ImportedTeam {
  return context.teams.get(ref.id) ?? { name: ref.name, logo: ref.logo ?? null, externalId: String(ref.id) };
}

export function mapTeam(item: ApiTeamItem): ImportedTeam {
  const venue: ImportedVenue | null = item.venue?.name
    ? { name: item.venue.name, city: item.venue.city, country: item.team.country ?? null, capacity: item.venue.capacity }
    : null;
  return {
    name: item.team.name,
    country: item.team.country ?? null,
    // API-Football's code (ARS, MUN) is also the club's short name beside its badge in narrow columns
    shortName: item.team.code ?? null,
    code: item.team.code ?? null,
    logo: item.team.logo ?? null,
    venue,
    externalId: String(item.team.id),
  };
}

/** A fixture -> ImportedMatch (statistics added later); a problem when it cannot be read. */
export function mapFixture(item: ApiFixtureItem, context: SeasonContext): ImportedMatch | string {
  const status = statusOf(item.fixture.status.short);
  if (!status) return `fixture ${item.fixture.id}: unknown status "${item.fixture.status.short}"`;
  const kickoffAt = item.fixture.timestamp ? new Date(item.fixture.timestamp * 1000) : new Date(item.fixture.date);
  if (Number.isNaN(kickoffAt.getTime())) return `fixture ${item.fixture.id}: bad date "${item.fixture.date}"`;
  const { stage, group } = stageOfRound(item.league.round, context.leagueType);
  const played = status === 'finished' || status === 'live';
  // score.fulltime is the 90-minute score; `goals` includes extra time (never the shoot-out).
  const goals = played ? (score(item.score.fulltime) ?? score(item.goals)) : null;
  const wentToExtraTime = ['AET', 'PEN'].includes(item.fixture.status.short) || score(item.score.extratime) !== null;
  const venue = item.fixture.venue?.name ? { name: item.fixture.venue.name, city: item.fixture.venue.city } : null;
  return {
    source: 'api-football',
    externalId: String(item.fixture.id),
    leagueId: context.leagueId,
    season: context.season,
    kickoffAt,
    status,
    stage,
    round: item.league.round,
    group,
    home: teamOf(item.teams.home, context),
    away: teamOf(item.teams.away, context),
    goals,
    halfTime: played ? score(item.score.halftime) : null,
    extraTime: played && wentToExtraTime ? score(item.goals) : null,
    penalties: played ? score(item.score.penalty) : null,
    venue,
    referee: item.fixture.referee ? item.fixture.referee.replace(/,\s*[A-Z][a-z]+$/, '') : null,
    ...(context.league ? { league: context.league } : {}),
  };
}

/** The /fixtures/statistics response of one fixture -> {home, away}; null when it does not name both teams. */
export function mapFixtureStatistics(items: ApiStatisticsItem[], fixture: ApiFixtureItem): ImportedMatch['stats'] {
  const home = items.find((i) => i.team.id === fixture.teams.home.id);
  const away = items.find((i) => i.team.id === fixture.teams.away.id);
  if (!home || !away) return null;
  return { home: mapTeamStatistics(home.statistics), away: mapTeamStatistics(away.statistics) };
}

function player(id: number, name: string, photo?: string | null): ImportedPlayer {
  return { source: 'api-football', externalId: String(id), name, photo: photo ?? null };
}

/** The /fixtures/players response of one fixture -> one line per player who was in the match squad. */
export function mapFixturePlayers(items: ApiFixturePlayersItem[], fixture: ApiFixtureItem, context: SeasonContext): ImportedPlayerMatch[] {
  const lines: ImportedPlayerMatch[] = [];
  for (const side of items) {
    const team = teamOf(side.team, context);
    for (const entry of side.players) {
      const stats = entry.statistics[0];
      if (!stats) continue;
      const minutes = stats.games.minutes ?? 0;
      lines.push({
        player: player(entry.player.id, entry.player.name, entry.player.photo),
        team,
        match: { source: 'api-football', externalId: String(fixture.fixture.id) },
        position: stats.games.position ? (POSITIONS[stats.games.position] ?? null) : null,
        started: !stats.games.substitute,
        subbedIn: stats.games.substitute && minutes > 0,
        minutes,
        rating: numberValue(stats.games.rating),
        goals: stats.goals.total ?? 0,
        assists: stats.goals.assists ?? 0,
        goalsConceded: stats.goals.conceded,
        saves: stats.goals.saves,
        passesTotal: stats.passes.total,
        passesKey: stats.passes.key,
        passesAccuracy: integerValue(stats.passes.accuracy),
        tacklesTotal: stats.tackles.total,
        tacklesBlocks: stats.tackles.blocks,
        tacklesInterceptions: stats.tackles.interceptions,
        duelsTotal: stats.duels.total,
        duelsWon: stats.duels.won,
        foulsDrawn: stats.fouls.drawn,
        foulsCommitted: stats.fouls.committed,
        yellowCards: stats.cards.yellow ?? 0,
        redCards: stats.cards.red ?? 0,
      });
    }
  }
  return lines;
}

/**
 * The /fixtures/lineups response of one fixture -> one line per player named: `started` for the
 * starting XI, not for the substitutes; no minutes or statistics (the store's saveLineups reads neither).
 * Empty until both sides have named their XI.
 */
export function mapLineups(items: readonly ApiLineupItem[], fixtureExternalId: string): ImportedPlayerMatch[] {
  if (items.length < 2 || items.some((side) => (side.startXI ?? []).length === 0)) return [];
  return items.flatMap((side) => {
    const team: ImportedTeam = { name: side.team.name, logo: side.team.logo ?? null, externalId: String(side.team.id) };
    const line = (entry: { player: { id: number; name: string; pos?: string | null } }, started: boolean): ImportedPlayerMatch => ({
      player: player(entry.player.id, entry.player.name),
      team,
      match: { source: 'api-football', externalId: fixtureExternalId },
      position: entry.player.pos ? (POSITIONS[entry.player.pos] ?? null) : null,
      started,
      minutes: 0,
    });
    return [...(side.startXI ?? []).map((e) => line(e, true)), ...(side.substitutes ?? []).map((e) => line(e, false))];
  });
}

/** The /players/squads response of one team -> squad members of the season. */
export function mapSquad(items: ApiSquadItem[], context: SeasonContext): { members: ImportedSquadMember[]; problems: string[] } {
  const members: ImportedSquadMember[] = [];
  const problems: string[] = [];
  for (const item of items) {
    const team = teamOf(item.team, context);
    for (const p of item.players) {
      const position = POSITIONS[p.position];
      if (!position) {
        problems.push(`${item.team.name}: ${p.name} has an unknown position "${p.position}"`);
        continue;
      }
      members.push({
        player: player(p.id, p.name, p.photo),
        team,
        leagueId: context.leagueId,
        season: context.season,
        position,
        shirtNumber: p.number,
      });
    }
  }
  return { members, problems };
}

export interface ApiFootballImportOptions {
  leagueId: number;
  season: number;
  /** Team and player statistics of finished fixtures (two requests per fixture). */
  details: boolean;
  squads: boolean;
  /** Only the first N finished fixtures get details (to stay within a small daily quota). */
  maxDetails?: number;
}

export interface ApiFootballSeason {
  matches: ImportedMatch[];
  playerMatches: ImportedPlayerMatch[];
  squad: ImportedSquadMember[];
  problems: RowProblem[];
}

/** Fetches (or reads from the cache) a league's season and maps it to records. */
export async function fetchApiFootballSeason(
  client: ApiFootballClient,
  options: ApiFootballImportOptions,
  log: (message: string) => void = () => {},
): Promise<ApiFootballSeason> {
  const { leagueId, season } = options;
  const problems: RowProblem[] = [];
  const problem = (what: string, message: string) => problems.push({ file: `api-football ${what}`, line: 0, message });

  const [leagueItem] = await client.getAll<ApiLeagueItem>('/leagues', { id: leagueId, season });
  const leagueType = leagueItem?.league.type.toLowerCase() === 'cup' ? 'cup' : 'league';
  const league: ImportedLeague | undefined = leagueItem
    ? { name: leagueItem.league.name, country: leagueItem.country.name, logo: leagueItem.league.logo, type: leagueType }
    : undefined;

  const teamItems = await client.getAll<ApiTeamItem>('/teams', { league: leagueId, season });
  const context: SeasonContext = { leagueId, season, leagueType, league, teams: new Map(teamItems.map((t) => [t.team.id, mapTeam(t)])) };
  log(`${teamItems.length} teams`);

  const fixtures = await client.getAll<ApiFixtureItem>('/fixtures', { league: leagueId, season });
  const matches: ImportedMatch[] = [];
  const playerMatches: ImportedPlayerMatch[] = [];
  let detailed = 0;
  for (const item of fixtures) {
    const match = mapFixture(item, context);
    if (typeof match === 'string') {
      problem(`/fixtures?league=${leagueId}&season=${season}`, match);
      continue;
    }
    matches.push(match);
    if (!options.details || match.status !== 'finished') continue;
    if (options.maxDetails !== undefined && detailed >= options.maxDetails) continue;
    detailed += 1;
    const stats = await client.getAll<ApiStatisticsItem>('/fixtures/statistics', { fixture: item.fixture.id });
    match.stats = mapFixtureStatistics(stats, item);
    const players = await client.getAll<ApiFixturePlayersItem>('/fixtures/players', { fixture: item.fixture.id });
    playerMatches.push(...mapFixturePlayers(players, item, context));
  }
  log(`${matches.length} fixtures, ${detailed} with statistics`);

  const squad: ImportedSquadMember[] = [];
  if (options.squads) {
    for (const item of teamItems) {
      const squads = await client.getAll<ApiSquadItem>('/players/squads', { team: item.team.id });
      const mapped = mapSquad(squads, context);
      squad.push(...mapped.members);
      for (const message of mapped.problems) problem(`/players/squads?team=${item.team.id}`, message);
    }
  }
  return { matches, playerMatches, squad, problems };
}

export interface ApiFootballArgs extends ApiFootballImportOptions {
  key: string;
  baseUrl: string;
  cacheDir: string;
}

export function parseApiFootballArgs(args: string[], env: NodeJS.ProcessEnv = process.env): ApiFootballArgs {
  const name = 'api-football';
  const { values, positionals } = parseCommandLine(name, args, {
    league: { type: 'string' },
    season: { type: 'string' },
    'no-details': { type: 'boolean' },
    'no-squads': { type: 'boolean' },
    'max-details': { type: 'string' },
  });
  if (positionals.length > 0) throw new UsageError(`${name}: unexpected argument "${positionals[0]}"`);
  const key = env.API_FOOTBALL_KEY;
  if (!key) throw new UsageError(`${name}: set API_FOOTBALL_KEY to your API-Football key`);
  return {
    leagueId: integerOption(name, 'league', values.league, true),
    season: integerOption(name, 'season', values.season, true),
    details: values['no-details'] !== true,
    squads: values['no-squads'] !== true,
    maxDetails: integerOption(name, 'max-details', values['max-details']),
    key,
    baseUrl: env.API_FOOTBALL_URL || DEFAULT_API_FOOTBALL_URL,
    cacheDir: path.join(dataDir(env), 'api-football-cache'),
  };
}

export const apiFootballSource = registerSource({
  name: 'api-football',
  usage: 'api-football --league <id> --season <year> [--no-details] [--no-squads] [--max-details N]   (API_FOOTBALL_KEY, API_FOOTBALL_URL)',
  parseArgs: (args) => parseApiFootballArgs(args),
  async run(options, context) {
    const client = new ApiFootballClient({ key: options.key, baseUrl: options.baseUrl, cacheDir: options.cacheDir, log: context.log });
    const season = await fetchApiFootballSeason(client, options, context.log);
    context.log(`API-Football: ${client.networkRequests} request(s), ${client.cacheHits} from the cache`);
    context.reportProblems(season.problems);
    await context.saveMatches(season.matches);
    await context.saveSquad(season.squad);
    await context.savePlayerMatches(season.playerMatches);
  },
});
