import path from 'node:path';
import { catalogueLeague } from '@matchday/contracts';
import { readCsv, type CsvRecord } from '../csv';
import { dayMonthYear, zonedToUtc } from '../dates';
import type { FixtureStage, ImportedMatch, RowProblem, Score } from '../model';
import { normalizeTeamName } from '../names';
import { integerOption, inputPath, parseCommandLine, registerSource, UsageError } from '../source';
import { isTimeZone } from '../../lib/time';

/**
 * `results-csv <file> --league <id> --season <year> [--tz <zone>] [--map field=column,...] [--stages ...]`:
 * a plain results file, one match a row. Columns are found by common names (home/away, date, time,
 * home_goals/away_goals or one score column like "2-1", stage, round) or named with --map. Times are
 * wall-clock times of --tz (default: the league's own zone, e.g. IST for the Indian Super League).
 *
 * `--stages regular=1-156,playoff=157-158,knockout=159-163` gives the stage by match number (a match
 * number column, else the order of the matches in the file) for files without a stage column, such as
 * the raw ISL 2024-25 file.
 */

export const RESULTS_FIELDS = ['home', 'away', 'date', 'time', 'homeGoals', 'awayGoals', 'score', 'stage', 'round', 'matchNo'] as const;
export type ResultsField = (typeof RESULTS_FIELDS)[number];
export type ColumnMap = Partial<Record<ResultsField, string>>;

/** Column names tried for each field, compared lower-case without spaces, dashes or underscores. */
const CANDIDATES: Record<ResultsField, string[]> = {
  home: ['home', 'hometeam', 'team1', 'teamh', 'homeclub', 'host'],
  away: ['away', 'awayteam', 'team2', 'teama', 'awayclub', 'visitor', 'guest'],
  date: ['date', 'matchdate', 'kickoffdate', 'day'],
  time: ['time', 'timeist', 'timelocal', 'kickoff', 'kickofftime', 'localtime', 'ko'],
  homeGoals: ['homegoals', 'fthg', 'homescore', 'hg', 'ft1', 'teamhscore', 'goalshome'],
  awayGoals: ['awaygoals', 'ftag', 'awayscore', 'ag', 'ft2', 'teamascore', 'goalsaway'],
  score: ['score', 'result', 'ft', 'fulltime', 'finalscore'],
  stage: ['stage', 'phase', 'competitionstage'],
  round: ['round', 'matchweek', 'gameweek', 'week', 'wk', 'matchday'],
  matchNo: ['matchno', 'matchnumber', 'matchnum', 'no', 'number', 'match'],
};

const STAGE_WORDS: ReadonlyArray<[RegExp, FixtureStage]> = [
  [/^(league|regular( season)?|league stage|season)$/, 'regular'],
  [/^group( stage)?( [a-z])?$/, 'group'],
  [/^league[- ]phase$/, 'league-phase'],
  [/^(qualifying|qualification|qualifier)s?( round.*)?$/, 'qualifying'],
  [/^(play-?offs?|eliminators?|knockout play-?offs?)$/, 'playoff'],
  [/^(knockout|semi-?finals?|finals?|quarter-?finals?|round of \d+|last \d+|third place)$/, 'knockout'],
];

/** "league" -> 'regular', "playoff" -> 'playoff', "semifinal"/"final" -> 'knockout' ...; null when unknown. */
export function stageFromLabel(label: string): FixtureStage | null {
  const key = label.trim().toLowerCase().replace(/_/g, ' ');
  if (key === '') return 'regular';
  for (const [pattern, stage] of STAGE_WORDS) if (pattern.test(key)) return stage;
  return null;
}

/** "semifinal" -> "Semi-finals" and friends, the round a stage label stands for (null for the league season). */
function roundFromStageLabel(label: string): string | null {
  const key = label.trim().toLowerCase().replace(/[_-]/g, '');
  const names: Record<string, string> = {
    playoff: 'Play-offs',
    playoffs: 'Play-offs',
    eliminator: 'Play-offs',
    quarterfinal: 'Quarter-finals',
    quarterfinals: 'Quarter-finals',
    semifinal: 'Semi-finals',
    semifinals: 'Semi-finals',
    final: 'Final',
  };
  return names[key] ?? null;
}

export interface StageRange {
  from: number;
  to: number;
  stage: FixtureStage;
}

/** "regular=1-156,playoff=157-158,knockout=159-163" -> ranges; throws on a bad part. */
export function parseStageRanges(text: string): StageRange[] {
  return text
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part) => {
      const match = /^([a-z-]+)=(\d+)(?:-(\d+))?$/.exec(part);
      const stage = match ? stageFromLabel(match[1]!) : null;
      if (!match || !stage) throw new Error(`bad stage range "${part}" (expected e.g. playoff=157-158)`);
      return { stage, from: Number(match[2]), to: Number(match[3] ?? match[2]) };
    });
}

/** "home=Home,away=Away,score=Score" -> column map; throws on an unknown field. */
export function parseColumnMap(text: string): ColumnMap {
  const map: ColumnMap = {};
  for (const part of text.split(',')) {
    if (!part.trim()) continue;
    const [field, column] = part.split('=').map((s) => s.trim());
    if (!field || !column || !(RESULTS_FIELDS as readonly string[]).includes(field)) {
      throw new Error(`bad column mapping "${part}" (fields: ${RESULTS_FIELDS.join(', ')})`);
    }
    map[field as ResultsField] = column;
  }
  return map;
}

const squash = (name: string) => name.toLowerCase().replace(/[\s_\-.]/g, '');

/** Fills the fields --map did not name from the file's header. */
export function detectColumns(columns: readonly string[], given: ColumnMap = {}): ColumnMap {
  const map: ColumnMap = { ...given };
  const taken = new Set(Object.values(given));
  for (const field of RESULTS_FIELDS) {
    if (map[field]) continue;
    const found = columns.find((column) => !taken.has(column) && CANDIDATES[field].includes(squash(column)));
    if (found) {
      map[field] = found;
      taken.add(found);
    }
  }
  return map;
}

/**
 * "2-1", "2 - 1", "2:1", "2–1" and the raw ISL file's "2\u00962" (an en dash that went through
 * Windows-1252 and came out as U+0096) -> {home, away}; null when empty, NaN scores when unreadable.
 */
export function parseScoreCell(value: string): Score | null | 'invalid' {
  const text = value.trim();
  if (text === '') return null;
  const match = /^(\d+)\s*[-:\u2013\u2014\u2012\u2212\u0096]\s*(\d+)$/.exec(text);
  return match ? { home: Number(match[1]), away: Number(match[2]) } : 'invalid';
}

function isoDate(value: string): string | null {
  const text = value.trim();
  if (/^\d{4}-\d{1,2}-\d{1,2}$/.test(text)) {
    const [y, m, d] = text.split('-').map(Number) as [number, number, number];
    const date = new Date(Date.UTC(y, m - 1, d));
    if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) return null;
    return `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
  }
  return dayMonthYear(text);
}

export interface ResultsCsvOptions {
  leagueId: number;
  season: number;
  /** IANA zone of the times (default: the league's zone, else UTC). */
  timeZone?: string;
  map?: ColumnMap;
  stages?: StageRange[];
  /** Country of the clubs (default: the league's country, when it has one). */
  country?: string | null;
  /** Kick-off time used when the file has no time column or an empty time (local; default 12:00). */
  defaultTime?: string;
}

export interface ResultsParseResult {
  matches: ImportedMatch[];
  problems: RowProblem[];
  map: ColumnMap;
}

/** Turns the records of a results CSV into matches; `fileLabel` names the file in problems. */
export function parseResultsRecords(
  columns: readonly string[],
  records: readonly CsvRecord[],
  fileLabel: string,
  options: ResultsCsvOptions,
): ResultsParseResult {
  const problems: RowProblem[] = [];
  const matches: ImportedMatch[] = [];
  const map = detectColumns(columns, options.map);
  const unknownColumns = Object.entries(map).filter(([, column]) => !columns.includes(column!));
  if (unknownColumns.length > 0) {
    const names = unknownColumns.map(([field, column]) => `${field}=${column}`).join(', ');
    problems.push({ file: fileLabel, line: 1, message: `no such column(s): ${names} (columns: ${columns.join(', ')})` });
    return { matches, problems, map };
  }
  const missing = (['home', 'away', 'date'] as const).filter((field) => !map[field]);
  if (missing.length > 0) {
    problems.push({ file: fileLabel, line: 1, message: `cannot find column(s) for ${missing.join(', ')}; name them with --map` });
    return { matches, problems, map };
  }
  if (!map.score && !(map.homeGoals && map.awayGoals)) {
    problems.push({ file: fileLabel, line: 1, message: 'cannot find the score: name score= or homeGoals= and awayGoals= with --map' });
    return { matches, problems, map };
  }

  const league = catalogueLeague(options.leagueId);
  // Results files write their times in the league's own zone (the catalogue's), when --tz is not given.
  const timeZone = options.timeZone ?? league?.timeZone ?? 'UTC';
  const country = options.country !== undefined ? options.country : league && league.country !== 'World' ? league.country : null;
  const seen = new Set<string>();
  let ordinal = 0;

  for (const { line, values } of records) {
    ordinal += 1;
    const fail = (message: string) => problems.push({ file: fileLabel, line, message });
    const cell = (field: ResultsField) => (map[field] ? (values[map[field]!] ?? '').trim() : '');

    const home = cell('home');
    const away = cell('away');
    if (!home || !away) {
      fail('missing home or away team');
      continue;
    }
    const date = isoDate(cell('date'));
    if (!date) {
      fail(`bad date "${cell('date')}" (YYYY-MM-DD or DD/MM/YYYY expected)`);
      continue;
    }
    const time = cell('time') || options.defaultTime || '12:00';
    const kickoffAt = zonedToUtc(date, time, timeZone);
    if (!kickoffAt) {
      fail(`bad time "${time}" (HH:MM expected)`);
      continue;
    }

    let goals: Score | null;
    if (map.score) {
      const score = parseScoreCell(cell('score'));
      if (score === 'invalid') {
        fail(`bad score "${cell('score')}"`);
        continue;
      }
      goals = score;
    } else {
      const [h, a] = [cell('homeGoals'), cell('awayGoals')];
      if (h === '' && a === '') goals = null;
      else if (/^\d+$/.test(h) && /^\d+$/.test(a)) goals = { home: Number(h), away: Number(a) };
      else {
        fail(`bad score "${h}" - "${a}"`);
        continue;
      }
    }

    const matchNoText = cell('matchNo');
    const matchNo = /^\d+$/.test(matchNoText) ? Number(matchNoText) : ordinal;
    let stage: FixtureStage = 'regular';
    let round: string | null = cell('round') || null;
    const stageLabel = cell('stage');
    if (map.stage) {
      const found = stageFromLabel(stageLabel);
      if (!found) {
        fail(`unknown stage "${stageLabel}"`);
        continue;
      }
      stage = found;
      round ??= roundFromStageLabel(stageLabel);
    } else if (options.stages) {
      stage = options.stages.find((r) => matchNo >= r.from && matchNo <= r.to)?.stage ?? 'regular';
    }

    // The same id for the same match whichever file (clean or raw) it comes from.
    const externalId = `${options.leagueId}:${options.season}:${date}:${normalizeTeamName(home)}:${normalizeTeamName(away)}`;
    if (seen.has(externalId)) {
      fail(`${home} v ${away} on ${date} appears twice`);
      continue;
    }
    seen.add(externalId);
    matches.push({
      source: 'results-csv',
      externalId,
      leagueId: options.leagueId,
      season: options.season,
      kickoffAt,
      status: goals ? 'finished' : 'scheduled',
      stage,
      round,
      home: { name: home, country },
      away: { name: away, country },
      goals,
      origin: { file: fileLabel, line },
    });
  }
  return { matches, problems, map };
}

/** Reads a results CSV file. Problems name the file by its base name and the line. */
export function readResultsCsv(file: string, options: ResultsCsvOptions): ResultsParseResult {
  const { columns, records } = readCsv(file);
  return parseResultsRecords(columns, records, path.basename(file), options);
}

export interface ResultsCsvArgs extends ResultsCsvOptions {
  file: string;
}

export function parseResultsCsvArgs(args: string[], cwd: string): ResultsCsvArgs {
  const name = 'results-csv';
  const { values, positionals } = parseCommandLine(name, args, {
    league: { type: 'string' },
    season: { type: 'string' },
    tz: { type: 'string' },
    map: { type: 'string' },
    stages: { type: 'string' },
    country: { type: 'string' },
  });
  if (positionals.length !== 1) throw new UsageError(`${name}: expected exactly one CSV file`);
  const file = inputPath(name, cwd, positionals[0], 'file');
  const leagueId = integerOption(name, 'league', values.league, true);
  const season = integerOption(name, 'season', values.season, true);
  const timeZone = typeof values.tz === 'string' ? values.tz : undefined;
  if (timeZone !== undefined && !isTimeZone(timeZone)) throw new UsageError(`${name}: --tz "${timeZone}" is not an IANA time zone`);
  let map: ColumnMap | undefined;
  let stages: StageRange[] | undefined;
  try {
    if (typeof values.map === 'string') map = parseColumnMap(values.map);
    if (typeof values.stages === 'string') stages = parseStageRanges(values.stages);
  } catch (error) {
    throw new UsageError(`${name}: ${error instanceof Error ? error.message : String(error)}`);
  }
  return {
    file,
    leagueId,
    season,
    timeZone,
    map,
    stages,
    country: typeof values.country === 'string' ? values.country : undefined,
  };
}

export const resultsCsvSource = registerSource({
  name: 'results-csv',
  usage: 'results-csv <file.csv> --league <id> --season <year> [--tz <zone>] [--map field=column,...] [--stages stage=from-to,...]',
  parseArgs: parseResultsCsvArgs,
  async run({ file, ...options }, context) {
    context.log(`reading ${path.basename(file)}`);
    const { matches, problems } = readResultsCsv(file, options);
    context.reportProblems(problems);
    await context.saveMatches(matches);
  },
});
