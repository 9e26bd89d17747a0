import path from 'node:path';
import { sourceLeagueIds } from '@matchday/contracts';
import { intCell, decimalCell, readCsv, type CsvRecord } from '../csv';
import { dayMonthYear, zonedToUtc } from '../dates';
import type { ImportedMatch, ImportedOdds, ImportedTeamStats, RowProblem } from '../model';
import { inputPath, integerOption, parseCommandLine, registerSource, UsageError } from '../source';

/**
 * football-data.co.uk CSV files (one league-season per file): results, half-time scores, referee,
 * match statistics and every bookmaker's odds present. Columns are read by name because the set
 * changes from season to season. Kick-off = Date (dd/mm/yyyy) + Time in UK local time.
 */

/** football-data division codes -> API-Football league ids. */
const DIVISIONS = sourceLeagueIds('football-data-co-uk');

const UK = 'Europe/London';
/** Kick-off assumed when an (older) file has no Time column. */
const DEFAULT_TIME = '15:00';

/** Pinnacle writes "PS" for 1X2 but "P" for totals and Asian handicap. */
const BOOKMAKER_NAMES: Readonly<Record<string, string>> = { P: 'PS' };

interface OddsColumns {
  bookmaker: string;
  timing: 'opening' | 'closing';
  home?: string;
  draw?: string;
  away?: string;
  over25?: string;
  under25?: string;
  ahHome?: string;
  ahAway?: string;
}

/** Finds every bookmaker's odds columns in a header: 1X2 (xH/xD/xA), totals (x>2.5, x<2.5), Asian handicap (xAHH/xAHA). */
export function oddsColumns(columns: readonly string[]): OddsColumns[] {
  const set = new Set(columns);
  const found = new Map<string, Partial<OddsColumns>>();
  const add = (prefix: string, fields: Partial<OddsColumns>) => found.set(prefix, { ...found.get(prefix), ...fields });
  for (const column of columns) {
    let m: RegExpExecArray | null;
    if ((m = /^(.+)H$/.exec(column)) && set.has(`${m[1]}D`) && set.has(`${m[1]}A`) && !/^(FT|HT)/.test(column)) {
      add(m[1]!, { home: column, draw: `${m[1]}D`, away: `${m[1]}A` });
    } else if ((m = /^(.+)>2\.5$/.exec(column)) && set.has(`${m[1]}<2.5`)) {
      add(m[1]!, { over25: column, under25: `${m[1]}<2.5` });
    } else if ((m = /^(.+)AHH$/.exec(column)) && set.has(`${m[1]}AHA`)) {
      add(m[1]!, { ahHome: column, ahAway: `${m[1]}AHA` });
    }
  }
  // "B365C" is Bet365's closing price when "B365" exists; Pinnacle's "PSC"/"PC" likewise.
  const bases = new Set([...found.keys()].filter((p) => !(p.endsWith('C') && found.has(p.slice(0, -1)))));
  const merged = new Map<string, OddsColumns>();
  for (const [prefix, fields] of found) {
    const closing = !bases.has(prefix);
    const base = closing ? prefix.slice(0, -1) : prefix;
    const bookmaker = BOOKMAKER_NAMES[base] ?? base;
    const timing = closing ? 'closing' : 'opening';
    const key = `${bookmaker}|${timing}`;
    merged.set(key, { ...merged.get(key), ...fields, bookmaker, timing });
  }
  return [...merged.values()];
}

/** 2023 for "E0-2324.csv" / "E0_2324.csv"; undefined when the name does not say. */
export function seasonFromFileName(file: string): number | undefined {
  const m = /(?:^|[-_])(\d{2})(\d{2})(?:\.csv)?$/i.exec(path.basename(file, path.extname(file)));
  if (!m) return undefined;
  const start = Number(m[1]);
  if ((start + 1) % 100 !== Number(m[2])) return undefined;
  return 2000 + start;
}

/** Season of a date (YYYY-MM-DD): July on belongs to the season starting that year. */
function seasonOfDate(isoDate: string): number {
  const year = Number(isoDate.slice(0, 4));
  return Number(isoDate.slice(5, 7)) >= 7 ? year : year - 1;
}

function teamStats(values: Record<string, string>, side: 'H' | 'A'): ImportedTeamStats {
  const cell = (column: string) => {
    const value = intCell(values[column]);
    return value === null || Number.isNaN(value) ? null : value;
  };
  return {
    TotalShots: cell(`${side}S`),
    ShotsOnGoal: cell(`${side}ST`),
    Fouls: cell(`${side}F`),
    CornerKicks: cell(`${side}C`),
    YelloCards: cell(`${side}Y`),
    RedCards: cell(`${side}R`),
  };
}

const STAT_COLUMNS = ['HS', 'AS', 'HST', 'AST', 'HF', 'AF', 'HC', 'AC', 'HY', 'AY', 'HR', 'AR'];

export interface FootballDataOptions {
  /** Overrides the league given by the Div column. */
  leagueId?: number;
  /** Overrides the season given by the file name or the dates. */
  season?: number;
}

export function parseFootballDataCsv(
  file: string,
  options: FootballDataOptions = {},
): { matches: ImportedMatch[]; problems: RowProblem[] } {
  const { columns, records } = readCsv(file);
  const name = path.basename(file);
  const problems: RowProblem[] = [];
  const missing = ['Div', 'Date', 'HomeTeam', 'AwayTeam'].filter((c) => !columns.includes(c));
  if (missing.length > 0) {
    return {
      matches: [],
      problems: [{ file: name, line: 1, message: `not a football-data.co.uk file: missing column(s) ${missing.join(', ')}` }],
    };
  }
  const odds = oddsColumns(columns);
  const hasStats = STAT_COLUMNS.some((c) => columns.includes(c));

  // One season per file: the name says it (E0-2324), else the earliest date.
  const dates = records.map((r) => dayMonthYear(r.values.Date ?? '')).filter((d): d is string => d !== null);
  const earliest = dates.reduce<string | undefined>((min, d) => (min === undefined || d < min ? d : min), undefined);
  const season = options.season ?? seasonFromFileName(file) ?? (earliest ? seasonOfDate(earliest) : undefined);

  const matches: ImportedMatch[] = [];
  for (const record of records) {
    const result = parseRow(record, name, season, options, odds, hasStats);
    if (typeof result === 'string') problems.push({ file: name, line: record.line, message: result });
    else matches.push(result);
  }
  return { matches, problems };
}

function parseRow(
  { line, values }: CsvRecord,
  file: string,
  season: number | undefined,
  options: FootballDataOptions,
  odds: OddsColumns[],
  hasStats: boolean,
): ImportedMatch | string {
  const division = values.Div ?? '';
  const leagueId = options.leagueId ?? DIVISIONS[division];
  if (leagueId === undefined) return `unknown division "${division}" (use --league)`;
  if (season === undefined) return 'cannot tell the season (use --season)';
  const date = dayMonthYear(values.Date ?? '');
  if (!date) return `bad date "${values.Date ?? ''}" (dd/mm/yyyy expected)`;
  const time = values.Time || DEFAULT_TIME;
  const kickoffAt = zonedToUtc(date, time, UK);
  if (!kickoffAt) return `bad time "${time}"`;
  const home = values.HomeTeam ?? '';
  const away = values.AwayTeam ?? '';
  if (!home || !away) return 'missing team name';

  const score = (h: string, a: string, label: string) => {
    const x = intCell(values[h]);
    const y = intCell(values[a]);
    if (x === null && y === null) return null;
    if (x === null || y === null || Number.isNaN(x) || Number.isNaN(y) || x < 0 || y < 0) {
      throw new Error(`bad ${label} score "${values[h] ?? ''}-${values[a] ?? ''}"`);
    }
    return { home: x, away: y };
  };
  let goals: ImportedMatch['goals'];
  let halfTime: ImportedMatch['halfTime'];
  try {
    goals = score('FTHG', 'FTAG', 'full-time');
    halfTime = score('HTHG', 'HTAG', 'half-time');
  } catch (error) {
    return (error as Error).message;
  }

  const matchOdds: ImportedOdds[] = [];
  for (const columns of odds) {
    const entry: ImportedOdds = {
      bookmaker: columns.bookmaker,
      timing: columns.timing,
      home: decimalCell(columns.home && values[columns.home]),
      draw: decimalCell(columns.draw && values[columns.draw]),
      away: decimalCell(columns.away && values[columns.away]),
      over25: decimalCell(columns.over25 && values[columns.over25]),
      under25: decimalCell(columns.under25 && values[columns.under25]),
      asianHandicapHome: decimalCell(columns.ahHome && values[columns.ahHome]),
      asianHandicapAway: decimalCell(columns.ahAway && values[columns.ahAway]),
    };
    if (entry.asianHandicapHome !== null || entry.asianHandicapAway !== null) {
      entry.asianHandicapLine = decimalCell(columns.timing === 'closing' ? values.AHCh : values.AHh);
    }
    const prices = [entry.home, entry.draw, entry.away, entry.over25, entry.under25, entry.asianHandicapHome, entry.asianHandicapAway];
    if (prices.some((p) => p !== null)) matchOdds.push(entry);
  }

  return {
    source: 'football-data-co-uk',
    // A pairing is played once per league-season, so this survives rows being added or reordered.
    externalId: `${division || leagueId}-${season}:${home}-${away}`,
    leagueId,
    season,
    kickoffAt,
    status: goals ? 'finished' : 'scheduled',
    stage: 'regular',
    home: { name: home },
    away: { name: away },
    goals,
    halfTime,
    referee: values.Referee || null,
    stats: hasStats ? { home: teamStats(values, 'H'), away: teamStats(values, 'A') } : null,
    odds: matchOdds,
    origin: { file, line },
  };
}

export const footballDataCoUkSource = registerSource({
  name: 'football-data-co-uk',
  usage: 'football-data-co-uk <file.csv>... [--league <id>] [--season <year>]',
  parseArgs(args, cwd) {
    const { values, positionals } = parseCommandLine('football-data-co-uk', args, {
      league: { type: 'string' },
      season: { type: 'string' },
    });
    if (positionals.length === 0) throw new UsageError('football-data-co-uk: name at least one CSV file');
    return {
      files: positionals.map((p) => inputPath('football-data-co-uk', cwd, p, 'file')),
      leagueId: integerOption('football-data-co-uk', 'league', values.league),
      season: integerOption('football-data-co-uk', 'season', values.season),
    };
  },
  async run({ files, leagueId, season }, context) {
    for (const file of files) {
      context.log(`reading ${path.basename(file)}`);
      const { matches, problems } = parseFootballDataCsv(file, { leagueId, season });
      context.reportProblems(problems);
      await context.saveMatches(matches);
    }
  },
});
