import type { LeagueType } from './football';
import { LEAGUE_NAMING, type LeagueNaming } from './league-names';

export { catalogueColour, LEAGUE_NAMING, leagueIdByName, type LeagueNaming } from './league-names';

/**
 * The league catalogue: everything Matchday knows of a league without asking a source. The importers
 * (metadata, season rows, source codes, local time zones), the demo seed, the standings (tie-break and
 * zones of a season without its own) and the screens (league and zone colours) all read it from here.
 * Ids are API-Football's numbering.
 */

/**
 * Tie-breaking rule of a league table. Every rule sorts by points first; they differ on what decides
 * between teams level on points:
 *  - 'points-gd-gf' (Premier League): goal difference, then goals scored.
 *  - 'h2h-first' (La Liga, Indian Super League, UEFA group stages, the Euro, the World Cup from 2026):
 *    head-to-head among the tied teams.
 *  - 'ucl-league-phase' (Champions League 2024-25 on): goal difference, goals, away goals, wins, away wins.
 *  - 'points-gd-gf-h2h' (World Cup groups up to 2022): goal difference, goals scored, and only then
 *    head-to-head among the teams still level on all three.
 */
export type TieBreakRule = 'points-gd-gf' | 'h2h-first' | 'ucl-league-phase' | 'points-gd-gf-h2h';
export const TIE_BREAK_RULES: readonly TieBreakRule[] = ['points-gd-gf', 'h2h-first', 'ucl-league-phase', 'points-gd-gf-h2h'];

export function isTieBreakRule(value: unknown): value is TieBreakRule {
  return typeof value === 'string' && (TIE_BREAK_RULES as readonly string[]).includes(value);
}

/** Single table, cup group stage, or the Champions League's league phase (2024-25 on). */
export type SeasonFormat = 'league' | 'groups' | 'league-phase';

/** What a place in the table leads to; decides the zone's colour on screen. */
export type ZoneKind = 'champions-league' | 'europa-league' | 'conference-league' | 'knockouts' | 'relegation' | 'other';
export const ZONE_KINDS: readonly ZoneKind[] = [
  'champions-league',
  'europa-league',
  'conference-league',
  'knockouts',
  'relegation',
  'other',
];

export const ZONE_COLOURS: Readonly<Record<ZoneKind, string>> = {
  'champions-league': '#2563eb',
  'europa-league': '#ea580c',
  'conference-league': '#0d9488',
  knockouts: '#16a34a',
  relegation: '#dc2626',
  other: '#7c3aed',
};

export function isZoneKind(value: unknown): value is ZoneKind {
  return typeof value === 'string' && (ZONE_KINDS as readonly string[]).includes(value);
}

/** Places `from`..`to` (inclusive) of a table and what they lead to. */
export interface Zone {
  from: number;
  to: number;
  description: string;
  kind: ZoneKind;
}

export interface SeasonRules {
  format: SeasonFormat;
  tiebreak: TieBreakRule;
  zones: Zone[];
  /** How many of the groups' third-placed teams go through (World Cup 2026: the best 8 of 12; Euro 2024: 4 of 6). */
  bestThirds?: number;
  /** The third-placed teams level on points, goal difference and goals are next compared on wins (UEFA; FIFA goes to fair play). */
  thirdsOnWins?: true;
  /**
   * What the competition's regulations decide by when teams are level on everything results give (fair play, a
   * ranking): no source has it, so the screen says a tie needs it rather than guessing.
   */
  beyondResults?: string;
}

/** The sources that import leagues, as the importers name them. */
export type LeagueSource = 'api-football' | 'football-data-co-uk' | 'fpl' | 'openfootball' | 'results-csv' | 'football-json';

export interface CatalogueLeague {
  id: number;
  name: string;
  displayName: string;
  country: string;
  colour: string;
  type: LeagueType;
  /** Where kick-off times written without a zone are local to. */
  timeZone: string;
  /** Other names sources and users write for it ("EPL", "ISL", "Primera Division"), lower case. */
  aliases: readonly string[];
  /** The league's code in each source that has it (football-data.co.uk division, openfootball file prefix ...). */
  sourceIds: Readonly<Partial<Record<LeagueSource, string>>>;
  /** Format, tie-break and zones of a season; `grouped` tells a cup season with a group stage. */
  rules: (year: number, grouped: boolean) => SeasonRules;
  /** A season is played within one calendar year (a tournament: "2022", not "2022-23"). */
  oneYearSeasons?: true;
  /** Played by national teams (FIFA codes and flags from the national-teams catalogue, national-teams.ts). */
  nationalTeams?: true;
}

const zone = (from: number, to: number, description: string, kind: ZoneKind): Zone => ({ from, to, description, kind });

/** The Champions League's league phase replaced its group stage in 2024-25. */
export const UCL_LEAGUE_PHASE_FROM = 2024;

const pointsGdGf = (): SeasonRules => ({ format: 'league', tiebreak: 'points-gd-gf', zones: [] });

/** The first World Cup of 48 teams: twelve groups, the best eight third-placed teams join the Round of 32. */
export const WORLD_CUP_48_TEAMS_FROM = 2026;

/**
 * World Cup group stages. Up to 2022 (FIFA's regulations for Qatar): points, goal difference,
 * goals scored, then points, goal difference and goals in the matches among the teams still level (then
 * fair play and lots, which no source has). From 2026 (FIFA's regulations for the 48-team World Cup) head-to-head
 * comes first, as at the Euro: points; points, goal difference and goals in the matches among the teams still level,
 * applied again to any subset still level; goal difference and goals in all group matches; then fair play and the
 * FIFA ranking. The twelve third-placed teams are ranked on points, goal difference and goals (then fair play and
 * the ranking) and the best eight go through.
 */
function worldCupRules(year: number): SeasonRules {
  if (year >= WORLD_CUP_48_TEAMS_FROM) {
    return {
      format: 'groups',
      tiebreak: 'h2h-first',
      zones: [zone(1, 2, 'Round of 32', 'knockouts'), zone(3, 3, 'Round of 32 (eight best third-placed teams)', 'other')],
      bestThirds: 8,
      beyondResults: 'fair play, then the FIFA ranking',
    };
  }
  return {
    format: 'groups',
    tiebreak: 'points-gd-gf-h2h',
    zones: [zone(1, 2, 'Round of 16', 'knockouts')],
    beyondResults: 'fair play, then drawing of lots',
  };
}

/** The first Euro of 24 teams: six groups, the best four third-placed teams join the Round of 16. */
export const EURO_24_TEAMS_FROM = 2016;

/**
 * Euro group stages: head-to-head first (UEFA's regulations for 2024: points, goal difference and
 * goals among the tied teams, re-applied to those still level), then overall goal difference and goals.
 */
function euroRules(year: number): SeasonRules {
  const beyondResults = 'fair play, then the European Qualifiers ranking';
  if (year < EURO_24_TEAMS_FROM)
    return { format: 'groups', tiebreak: 'h2h-first', zones: [zone(1, 2, 'Quarter-finals', 'knockouts')], beyondResults };
  const zones = [zone(1, 2, 'Round of 16', 'knockouts'), zone(3, 3, 'Round of 16 (four best third-placed teams)', 'other')];
  // The six third-placed teams: points, goal difference, goals, wins, then fair play and the ranking; the best four go through.
  return { format: 'groups', tiebreak: 'h2h-first', zones, bestThirds: 4, thirdsOnWins: true, beyondResults };
}

/** A league's names, aliases and colour (league-names.ts). */
function named(id: number): LeagueNaming {
  const naming = LEAGUE_NAMING.find((league) => league.id === id);
  if (!naming) throw new Error(`League ${id} has no entry in LEAGUE_NAMING`);
  return naming;
}

export const LEAGUE_CATALOGUE: readonly CatalogueLeague[] = [
  {
    ...named(1),
    country: 'World',
    type: 'cup',
    // Each tournament has its own host: the openfootball tournament files carry their own zone (sources/
    // openfootball-tournament.ts), so the catalogue's is a neutral one.
    timeZone: 'UTC',
    sourceIds: { 'api-football': '1', openfootball: 'cup' },
    rules: worldCupRules,
    oneYearSeasons: true,
    nationalTeams: true,
  },
  {
    ...named(4),
    country: 'World',
    type: 'cup',
    // As for the World Cup: a new host (and zone) every tournament, named by the files themselves.
    timeZone: 'UTC',
    sourceIds: { 'api-football': '4', openfootball: 'euro' },
    rules: euroRules,
    oneYearSeasons: true,
    nationalTeams: true,
  },
  {
    ...named(2),
    country: 'World',
    type: 'cup',
    timeZone: 'Europe/Berlin',
    sourceIds: { 'api-football': '2', openfootball: 'cl' },
    rules: (_year, grouped) =>
      grouped
        ? {
            format: 'groups',
            tiebreak: 'h2h-first',
            zones: [zone(1, 2, 'Round of 16', 'knockouts'), zone(3, 3, 'Europa League', 'europa-league')],
          }
        : {
            format: 'league-phase',
            tiebreak: 'ucl-league-phase',
            zones: [zone(1, 8, 'Round of 16', 'knockouts'), zone(9, 24, 'Knockout play-offs', 'knockouts')],
          },
  },
  {
    ...named(39),
    country: 'England',
    type: 'league',
    timeZone: 'Europe/London',
    sourceIds: { 'api-football': '39', 'football-data-co-uk': 'E0', fpl: 'premier-league', 'football-json': 'en.1' },
    rules: () => ({
      format: 'league',
      tiebreak: 'points-gd-gf',
      zones: [
        zone(1, 4, 'Champions League', 'champions-league'),
        zone(5, 5, 'Europa League', 'europa-league'),
        zone(18, 20, 'Relegation', 'relegation'),
      ],
    }),
  },
  {
    ...named(40),
    country: 'England',
    type: 'league',
    timeZone: 'Europe/London',
    sourceIds: { 'api-football': '40', 'football-data-co-uk': 'E1', 'football-json': 'en.2' },
    rules: pointsGdGf,
  },
  {
    ...named(61),
    country: 'France',
    type: 'league',
    timeZone: 'Europe/Paris',
    sourceIds: { 'api-football': '61', 'football-data-co-uk': 'F1', 'football-json': 'fr.1' },
    rules: pointsGdGf,
  },
  {
    ...named(78),
    country: 'Germany',
    type: 'league',
    timeZone: 'Europe/Berlin',
    sourceIds: { 'api-football': '78', 'football-data-co-uk': 'D1', 'football-json': 'de.1' },
    rules: pointsGdGf,
  },
  {
    ...named(135),
    country: 'Italy',
    type: 'league',
    timeZone: 'Europe/Rome',
    sourceIds: { 'api-football': '135', 'football-data-co-uk': 'I1', 'football-json': 'it.1' },
    rules: pointsGdGf,
  },
  {
    ...named(140),
    country: 'Spain',
    type: 'league',
    timeZone: 'Europe/Madrid',
    sourceIds: { 'api-football': '140', 'football-data-co-uk': 'SP1', 'football-json': 'es.1' },
    rules: () => ({
      format: 'league',
      tiebreak: 'h2h-first',
      zones: [
        zone(1, 4, 'Champions League', 'champions-league'),
        zone(5, 5, 'Europa League', 'europa-league'),
        zone(6, 6, 'Conference League qualification', 'conference-league'),
        zone(18, 20, 'Relegation', 'relegation'),
      ],
    }),
  },
  {
    ...named(323),
    country: 'India',
    type: 'league',
    timeZone: 'Asia/Kolkata',
    sourceIds: { 'api-football': '323' },
    rules: () => ({
      format: 'league',
      tiebreak: 'h2h-first',
      zones: [zone(1, 2, 'Semi-finals', 'knockouts'), zone(3, 6, 'Play-offs', 'knockouts')],
    }),
  },
];

export const LEAGUE_IDS = {
  championsLeague: 2,
  premierLeague: 39,
  indianSuperLeague: 323,
} as const;

/** The competitions the product is about, in the order every list shows them first. */
export const FEATURED_LEAGUE_IDS: readonly number[] = [LEAGUE_IDS.indianSuperLeague, LEAGUE_IDS.premierLeague, LEAGUE_IDS.championsLeague];

/**
 * The order every list of leagues takes (the Leagues page, the tips record): the Indian Super League, the Premier
 * League, the Champions League, then the rest by country, then by name. Returns a new list.
 */
export function orderLeagues<T extends { id: number; country: string; displayName: string }>(leagues: readonly T[]): T[] {
  const featured = (league: T) => {
    const index = FEATURED_LEAGUE_IDS.indexOf(league.id);
    return index === -1 ? FEATURED_LEAGUE_IDS.length : index;
  };
  return [...leagues].sort(
    (a, b) => featured(a) - featured(b) || a.country.localeCompare(b.country) || a.displayName.localeCompare(b.displayName),
  );
}

const BY_ID = new Map(LEAGUE_CATALOGUE.map((league) => [league.id, league]));

export function catalogueLeague(id: number): CatalogueLeague | undefined {
  return BY_ID.get(id);
}

/** The league a source's own code stands for (football-data.co.uk "E0" -> 39, FPL -> 39). */
export function leagueIdBySource(source: LeagueSource, code: string): number | undefined {
  return LEAGUE_CATALOGUE.find((league) => league.sourceIds[source] === code)?.id;
}

/** Every code of one source, with its league id. */
export function sourceLeagueIds(source: LeagueSource): Readonly<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const league of LEAGUE_CATALOGUE) {
    const code = league.sourceIds[source];
    if (code !== undefined) out[code] = league.id;
  }
  return out;
}

/**
 * Format, tie-breaking rule and qualification zones of a league's season. `grouped` (default: the
 * Champions League before its league phase) tells a season played in groups, which breaks ties head-to-head
 * unless the league's own rules are those of a group stage (the World Cup's up to 2022 are not head-to-head first).
 * A league the catalogue does not know: a single table on points, goal difference and goals, no zones.
 */
export function seasonRules(leagueId: number, year: number, grouped = leagueId === 2 && year < UCL_LEAGUE_PHASE_FROM): SeasonRules {
  const rules = catalogueLeague(leagueId)?.rules(year, grouped) ?? pointsGdGf();
  if (rules.format === 'groups') return rules;
  return grouped && rules.tiebreak !== 'h2h-first' ? { ...rules, format: 'groups', tiebreak: 'h2h-first' } : rules;
}

/**
 * How a season is written everywhere (screens, calendar feeds, the seasons table): 2023 -> "2023-24", and a
 * tournament's (World Cup, Euro) 2022 -> "2022". Without a league, or for one the catalogue does not know, the
 * season spans two years.
 */
export function seasonName(year: number, leagueId?: number): string {
  if (leagueId !== undefined && catalogueLeague(leagueId)?.oneYearSeasons) return String(year);
  return `${year}-${String((year + 1) % 100).padStart(2, '0')}`;
}
