import fs from 'node:fs';
import path from 'node:path';
import { DateTime } from 'luxon';
import { catalogueLeague, leagueIdBySource } from '@matchday/contracts';
import type { FixtureStage, ImportedMatch, ImportedTeam, ImportedVenue, RowProblem, Score } from '../model';
import { normalizeTeamName } from '../names';
import { integerOption, inputPath, parseCommandLine, registerSource, UsageError } from '../source';
import { isTimeZone } from '../../lib/time';
import { UEFA_COUNTRIES } from './openfootball-countries';
import { inferYear, MONTHS, WEEKDAYS } from '../dates';
import { parseTournamentTxt, readStadiumsCsv, tournamentLeagueId } from './openfootball-tournament';
import { completeDraw } from './tournament-draw';

/**
 * Football.TXT (openfootball) reader for the UEFA Champions League files of `shared/data/openfootball/
 * champions-league/<season>/{cl,clq}.txt`. The format is line based:
 *
 *   » Group A                      round header (also "Gruppe G", "Group, Matchday 1", "Finals, Final")
 *     Wed Sep/15 2021              date line; the year only on the first date of a block
 *       21.00  Team (ENG)  v  Team (GER)  2-1 (1-0)     match line; the time may be left out
 *              Team (ESP)  v  Team (ITA)  2-3 a.e.t. (1-3, 0-1)     (= same time as the line above)
 *
 * Score forms: `2-1 (1-0)` full time (half time); `2-3 a.e.t. (1-3, 0-1)` after extra time (90 minutes,
 * half time); `4-2 pen. 1-0 a.e.t. (1-0, 1-0)` shoot-out, after extra time, (90 minutes, half time); no score
 * at all for a match not played yet.
 *
 * Kick-off times are wall-clock times of one zone per file, not of the venue. Checked against kick-offs
 * reported in local news: the main rounds are CET/CEST throughout (Kairat's home games in Almaty at
 * 16.30, Qarabağ's in Baku at 18.45, the 2026 final at 18.00 — UEFA's slots in Central European time),
 * and so are the 2024-25 qualifiers (Ordabasy v Petrocub in Shymkent, 20:00 local = 17.00 CEST, as in the
 * file). The 2025-26 qualifiers are one hour earlier, in UK time: Shelbourne v Linfield in Dublin kicked off
 * at 19:45 local (file: 19.45), Kairat v Olimpija in Almaty at 15:00 UTC (file: 16.00), Olimpija v Kairat
 * in Ljubljana at 17:00 UTC (file: 18.00); the file's slots (19.45, 20.00, no 20.45 or 21.00) agree.
 *
 * The tournament files with goal minutes (World Cup cup.txt / cup_finals.txt, Euro euro.txt) have a layout of
 * their own: readOpenfootball hands them to openfootball-tournament.ts.
 */

/** The files are named after the competition: cl.txt (and clq.txt, its qualifiers) is the Champions League. */
const CHAMPIONS_LEAGUE_ID = leagueIdBySource('openfootball', 'cl')!;
/** UEFA's slots are Central European time: the catalogue's zone of the Champions League. */
const DEFAULT_TIME_ZONE = catalogueLeague(CHAMPIONS_LEAGUE_ID)!.timeZone;

/** Files (`<season dir>/<file>`) whose times are not CET/CEST; see above for how this was found. */
export const FILE_TIME_ZONES: Readonly<Record<string, string>> = {
  '2025-26/clq.txt': 'Europe/London',
};

export interface FootballTxtOptions {
  /** The file as problems name it. */
  file: string;
  /** Prefix of the external ids, e.g. "2023-24/cl.txt" (default: `file`). */
  idPrefix?: string;
  /** Starting year; when absent, taken from the "= ... 2023/24" title line. */
  season?: number;
  leagueId?: number;
  /** A qualifying-rounds file (clq.txt): every match gets stage 'qualifying'. */
  qualifying?: boolean;
  /** IANA zone of the file's times; default CET/CEST. */
  timeZone?: string;
}

export interface ParseResult {
  matches: ImportedMatch[];
  problems: RowProblem[];
}

const ROUND_LINE = /^»\s*(.+?)\s*$/;
const DATE_LINE = /^\s*(Mon|Tue|Wed|Thu|Fri|Sat|Sun)\s+([A-Z][a-z]{2})\/(\d{1,2})(?:\s+(\d{4}))?\s*$/;
const MATCH_LINE = /^\s*(?:(\d{1,2})[.:](\d{2})\s+)?(.+?)\s*\(([A-Z]{3})\)\s+v\s+(.+?)\s*\(([A-Z]{3})\)\s*(.*?)\s*$/;
const SCORE = /^(?:(\d+)-(\d+)\s+pen\.\s+)?(\d+)-(\d+)(\s+a\.e\.t\.)?(?:\s+\(([^)]*)\))?$/;
const PAIR = /^\s*(\d+)-(\d+)\s*$/;

/** "2023-24", "2023/24" or "2023" -> 2023. */
export function seasonFromName(name: string): number | undefined {
  const match = /(?:^|\D)((?:19|20)\d{2})(?:[-/](\d{2}|\d{4}))?(?:\D|$)/.exec(name);
  return match ? Number(match[1]) : undefined;
}

interface ParsedScore {
  goals: Score;
  halfTime: Score | null;
  extraTime: Score | null;
  penalties: Score | null;
}

function pair(text: string): Score | null {
  const match = PAIR.exec(text);
  return match ? { home: Number(match[1]), away: Number(match[2]) } : null;
}

/** Parses the score part of a match line; null when it is not a score. */
export function parseScore(text: string): ParsedScore | null {
  const match = SCORE.exec(text.trim());
  if (!match) return null;
  const main = { home: Number(match[3]), away: Number(match[4]) };
  const penalties = match[1] !== undefined ? { home: Number(match[1]), away: Number(match[2]) } : null;
  const afterExtraTime = match[5] !== undefined;
  const inParens = match[6] !== undefined ? match[6].split(',').map(pair) : [];
  if (inParens.some((p) => p === null)) return null;
  const [first, second] = inParens as Score[];
  let goals = main;
  let halfTime: Score | null = null;
  let extraTime: Score | null = null;
  if (afterExtraTime) {
    // (90 minutes, half time); a 0-0 after extra time may write only "(0-0)".
    extraTime = main;
    goals = first ?? main;
    halfTime = second ?? null;
  } else {
    halfTime = first ?? null;
  }
  // A goalless 90 minutes had a goalless first half, even where the file leaves it out.
  if (!halfTime && goals.home === 0 && goals.away === 0) halfTime = { home: 0, away: 0 };
  return { goals, halfTime, extraTime, penalties };
}

function stageOf(round: string, qualifying: boolean): { stage: FixtureStage; group: string | null } {
  if (qualifying) return { stage: 'qualifying', group: null };
  const lower = round.toLowerCase();
  if (/^(group|gruppe)\b/.test(lower)) {
    // "Group A" and the German "Gruppe G" name the group; "Group, Matchday 1" (2023-24 layout) does not.
    const letter = /^(?:group|gruppe)\s+([a-z])\b/i.exec(round);
    return { stage: 'group', group: letter ? letter[1]!.toUpperCase() : null };
  }
  if (/^league\b/.test(lower)) return { stage: 'league-phase', group: null };
  if (/play-?offs?\b/.test(lower)) return { stage: 'playoff', group: null };
  return { stage: 'knockout', group: null };
}

/** "Finals, Round of 16" -> "Round of 16"; "League, Matchday 3" -> "League phase - Matchday 3". */
function roundLabel(round: string): string {
  return round
    .replace(/^Finals,\s*/, '')
    .replace(/^League,\s*/, 'League phase - ')
    .replace(/^Group,\s*/, 'Group stage - ')
    .replace(/^Playoffs,\s*/, 'Knockout play-offs - ')
    .replace(/^Gruppe\s+/, 'Group ');
}

function team(name: string, code: string): ImportedTeam {
  return { name, country: UEFA_COUNTRIES[code] ?? code, code: null };
}

export function parseFootballTxt(text: string, options: FootballTxtOptions): ParseResult {
  const matches: ImportedMatch[] = [];
  const problems: RowProblem[] = [];
  const lines = text.split(/\r?\n/);
  const problem = (line: number, message: string) => problems.push({ file: options.file, line, message });

  let season = options.season;
  if (season === undefined) {
    const title = lines.find((l) => l.startsWith('='));
    season = title ? seasonFromName(title) : undefined;
  }
  if (season === undefined) {
    problem(1, 'no season: name the directory like 2023-24 or give a "= ... 2023/24" title line');
    return { matches, problems };
  }
  const leagueId = options.leagueId ?? CHAMPIONS_LEAGUE_ID;
  const timeZone = options.timeZone ?? DEFAULT_TIME_ZONE;
  const qualifying = options.qualifying ?? false;
  const seen = new Set<string>();

  let round: string | null = null;
  let date: { year: number; month: number; day: number } | null = null;
  let time: { hour: number; minute: number } | null = null;

  lines.forEach((raw, index) => {
    const lineNo = index + 1;
    const line = raw.replace(/\s+$/, '');
    if (line.trim() === '' || line.startsWith('=') || line.startsWith('#')) return;

    const roundMatch = ROUND_LINE.exec(line);
    if (roundMatch) {
      round = roundMatch[1]!;
      date = null;
      time = null;
      return;
    }

    const dateMatch = DATE_LINE.exec(line);
    if (dateMatch) {
      const month = MONTHS[dateMatch[2]!];
      const day = Number(dateMatch[3]);
      const weekday = WEEKDAYS[dateMatch[1]!]!;
      if (month === undefined) {
        problem(lineNo, `unknown month "${dateMatch[2]}"`);
        date = null;
        return;
      }
      const year = dateMatch[4] !== undefined ? Number(dateMatch[4]) : inferYear(season, month, day, weekday);
      if (year === null || !DateTime.utc(year, month, day).isValid) {
        problem(lineNo, `cannot place "${line.trim()}" in season ${season}`);
        date = null;
        return;
      }
      date = { year, month, day };
      time = null;
      return;
    }

    const matchLine = MATCH_LINE.exec(line);
    if (!matchLine) {
      problem(lineNo, `unrecognised line "${line.trim()}"`);
      return;
    }
    const [, hh, mm, homeName, homeCode, awayName, awayCode, scoreText] = matchLine;
    if (hh !== undefined && mm !== undefined) time = { hour: Number(hh), minute: Number(mm) };
    if (!round) return problem(lineNo, 'match before any » round header');
    if (!date) return problem(lineNo, 'match without a date line before it');
    if (!time) return problem(lineNo, 'match without a kick-off time');
    if (time.hour > 23 || time.minute > 59) return problem(lineNo, `bad kick-off time ${hh}.${mm}`);

    let score: ParsedScore | null = null;
    if (scoreText) {
      score = parseScore(scoreText);
      if (!score) return problem(lineNo, `unreadable score "${scoreText}"`);
    }

    const local = DateTime.fromObject({ ...date, ...time }, { zone: timeZone });
    if (!local.isValid) return problem(lineNo, `invalid kick-off in ${timeZone}: ${local.invalidExplanation ?? ''}`);
    const isoDate = local.toISODate()!;
    const externalId = `${options.idPrefix ?? options.file}:${isoDate}:${normalizeTeamName(homeName!)}:${normalizeTeamName(awayName!)}`;
    if (seen.has(externalId)) return problem(lineNo, `the same match twice on ${isoDate}`);
    seen.add(externalId);

    const { stage, group } = stageOf(round, qualifying);
    matches.push({
      source: 'openfootball',
      externalId,
      leagueId,
      season,
      kickoffAt: local.toUTC().toJSDate(),
      status: score ? 'finished' : 'scheduled',
      stage,
      round: roundLabel(round),
      group,
      home: team(homeName!, homeCode!),
      away: team(awayName!, awayCode!),
      goals: score?.goals ?? null,
      halfTime: score?.halfTime ?? null,
      extraTime: score?.extraTime ?? null,
      penalties: score?.penalties ?? null,
      origin: { file: options.file, line: lineNo },
    });
  });
  return { matches, problems };
}

/**
 * Group letters of seasons whose file is laid out by matchday ("Group, Matchday 1") and never names the
 * groups: one member club per group (normalised name) is enough, the rest of each group follows from who
 * plays whom. Facts of the UEFA draw, written here by hand.
 */
const GROUP_KEYS: Readonly<Record<number, Readonly<Record<string, string>>>> = {
  2023: {
    [normalizeTeamName('FC Bayern München')]: 'A',
    [normalizeTeamName('Arsenal FC')]: 'B',
    [normalizeTeamName('Real Madrid CF')]: 'C',
    [normalizeTeamName('Real Sociedad de Fútbol')]: 'D',
    [normalizeTeamName('Club Atlético de Madrid')]: 'E',
    [normalizeTeamName('Borussia Dortmund')]: 'F',
    [normalizeTeamName('Manchester City FC')]: 'G',
    [normalizeTeamName('FC Barcelona')]: 'H',
  },
};

/**
 * Fills in the group of group-stage matches that came without one: the clubs that play each other form a
 * group (connected components of the pairings). Letters come from GROUP_KEYS, else from the order in which
 * the groups first appear.
 */
export function inferGroups(matches: ImportedMatch[]): void {
  const bySeason = new Map<number, ImportedMatch[]>();
  for (const match of matches) {
    if (match.stage !== 'group' || match.group) continue;
    bySeason.set(match.season, [...(bySeason.get(match.season) ?? []), match]);
  }
  for (const [season, seasonMatches] of bySeason) {
    const parent = new Map<string, string>();
    const find = (key: string): string => {
      const up = parent.get(key) ?? key;
      if (up === key) return key;
      const root = find(up);
      parent.set(key, root);
      return root;
    };
    const keyOf = (team: ImportedTeam) => normalizeTeamName(team.name);
    for (const match of seasonMatches) {
      const [home, away] = [find(keyOf(match.home)), find(keyOf(match.away))];
      parent.set(keyOf(match.home), home);
      if (home !== away) parent.set(away, home);
    }
    const letters = new Map<string, string>();
    const known = GROUP_KEYS[season] ?? {};
    for (const [member, letter] of Object.entries(known)) if (parent.has(member)) letters.set(find(member), letter);
    const used = new Set(letters.values());
    let next = 0;
    for (const match of seasonMatches) {
      const root = find(keyOf(match.home));
      if (!letters.has(root)) {
        while (used.has(String.fromCharCode(65 + next))) next += 1;
        const letter = String.fromCharCode(65 + next);
        letters.set(root, letter);
        used.add(letter);
      }
      match.group = letters.get(root)!;
    }
  }
}

export interface OpenfootballFile {
  path: string;
  /** "<season dir>/<file>", e.g. "2023-24/cl.txt". */
  label: string;
  season: number | undefined;
  qualifying: boolean;
}

/** The .txt files under a directory of seasons, one season's directory, or one file. */
export function listOpenfootballFiles(target: string): OpenfootballFile[] {
  const describe = (file: string): OpenfootballFile => {
    const dir = path.basename(path.dirname(file));
    const base = path.basename(file);
    return { path: file, label: `${dir}/${base}`, season: seasonFromName(dir), qualifying: /q\.txt$/i.test(base) };
  };
  if (!fs.existsSync(target)) throw new Error(`openfootball: ${target} does not exist`);
  if (fs.statSync(target).isFile()) return [describe(target)];
  const files: OpenfootballFile[] = [];
  const visit = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) visit(full);
      else if (entry.isFile() && entry.name.toLowerCase().endsWith('.txt')) files.push(describe(full));
    }
  };
  visit(target);
  return files;
}

export interface ReadOpenfootballOptions {
  leagueId?: number;
  /** Overrides the zone of every file (default: CET/CEST, or FILE_TIME_ZONES). */
  timeZone?: string;
  /** Overrides the season of every file (default: from the directory name). */
  season?: number;
}

type StadiumFiles = Map<string, ReadonlyMap<string, ImportedVenue> | undefined>;

/** The stadiums of a tournament file's directory (`cup_stadiums.csv` beside `cup.txt`), read (and its problems reported) once a run. */
function tournamentStadiums(
  file: OpenfootballFile,
  stadiumFiles: StadiumFiles,
  problems: RowProblem[],
): ReadonlyMap<string, ImportedVenue> | undefined {
  const code = /^([a-z]+)/i.exec(path.basename(file.path))?.[1] ?? '';
  const csv = path.join(path.dirname(file.path), `${code}_stadiums.csv`);
  if (!stadiumFiles.has(csv)) {
    if (!fs.existsSync(csv)) stadiumFiles.set(csv, undefined);
    else {
      const read = readStadiumsCsv(fs.readFileSync(csv, 'utf8'), `${path.basename(path.dirname(csv))}/${path.basename(csv)}`);
      problems.push(...read.problems);
      stadiumFiles.set(csv, read.stadiums);
    }
  }
  return stadiumFiles.get(csv);
}

/** Reads and parses every Football.TXT file of `target`. */
export function readOpenfootball(target: string, options: ReadOpenfootballOptions = {}): ParseResult & { files: OpenfootballFile[] } {
  const files = listOpenfootballFiles(target);
  const matches: ImportedMatch[] = [];
  const problems: RowProblem[] = [];
  const tournamentMatches: ImportedMatch[] = [];
  const stadiumFiles: StadiumFiles = new Map();
  for (const file of files) {
    const text = fs.readFileSync(file.path, 'utf8');
    const tournament = tournamentLeagueId(file.path);
    const result =
      tournament !== undefined
        ? parseTournamentTxt(text, {
            file: file.label,
            season: options.season ?? file.season,
            leagueId: options.leagueId ?? tournament,
            timeZone: options.timeZone,
            stadiums: tournamentStadiums(file, stadiumFiles, problems),
          })
        : parseFootballTxt(text, {
            file: file.label,
            season: options.season ?? file.season,
            leagueId: options.leagueId,
            qualifying: file.qualifying,
            timeZone: options.timeZone ?? FILE_TIME_ZONES[file.label] ?? DEFAULT_TIME_ZONE,
          });
    matches.push(...result.matches);
    problems.push(...result.problems);
    if (tournament !== undefined) tournamentMatches.push(...result.matches);
  }
  // The knockouts' numbers and places, one tournament (league and season) at a time.
  const tournaments = new Map<string, ImportedMatch[]>();
  for (const match of tournamentMatches) {
    const key = `${match.leagueId}:${match.season}`;
    tournaments.set(key, [...(tournaments.get(key) ?? []), match]);
  }
  for (const one of tournaments.values()) completeDraw(one);
  inferGroups(matches);
  return { matches, problems, files };
}

export const openfootballSource = registerSource({
  name: 'openfootball',
  usage:
    'openfootball <dir of seasons | season dir | cl.txt | tournament dir (cup.txt, euro.txt)> [--tz <zone>] [--season <year>] [--league <id>]',
  parseArgs(args, cwd) {
    const name = 'openfootball';
    const { values, positionals } = parseCommandLine(name, args, {
      tz: { type: 'string' },
      season: { type: 'string' },
      league: { type: 'string' },
    });
    if (positionals.length !== 1) throw new UsageError(`${name}: expected one directory or .txt file`);
    const timeZone = typeof values.tz === 'string' ? values.tz : undefined;
    if (timeZone !== undefined && !isTimeZone(timeZone)) throw new UsageError(`${name}: --tz "${timeZone}" is not an IANA time zone`);
    return {
      target: inputPath(name, cwd, positionals[0]),
      timeZone,
      season: integerOption(name, 'season', values.season),
      leagueId: integerOption(name, 'league', values.league),
    };
  },
  async run({ target, ...options }, context) {
    const { matches, problems, files } = readOpenfootball(target, options);
    if (files.length === 0) throw new UsageError(`openfootball: no .txt files under ${target}`);
    context.log(`read ${files.length} file(s): ${matches.length} matches`);
    context.reportProblems(problems);
    await context.saveMatches(matches);
  },
});
