import fs from 'node:fs';
import path from 'node:path';
import { catalogueLeague, leagueIdBySource, seasonName } from '@matchday/contracts';
import { zonedToUtc } from '../dates';
import type { ImportedLeague, ImportedMatch, ImportedPlayerMatch, ImportedTeam, MatchRef, RowProblem, Score } from '../model';
import { inputPath, MissingInputError, parseCommandLine, registerSource, UsageError } from '../source';
import { clip, goalsProblem, type LeagueShape } from '../sync/plausibility';
import { parseOffsetTime, readFullMatch } from './football-json-full';
import { readIncidents } from './football-json-incidents';

/**
 * openfootball's football.json (CC0): one league-season per file, `<season>/<code>.json` upstream
 * (https://github.com/openfootball/football.json), e.g. `2025-26/en.1.json`:
 *
 *   {"name": "English Premier League 2025/26", "matches": [{"round": "Matchday 1", "date": "2025-08-15",
 *    "time": "20:00", "team1": "Liverpool FC", "team2": "AFC Bournemouth", "score": {"ht": [1, 0], "ft": [4, 2]}}]}
 *
 * Times are the league's local time (UK for en.*), converted here to UTC instants in the league's IANA zone
 * (daylight saving included). A match not played yet has `"score": {}`, no `score`, or in some files a bare
 * `"score": [0, 0]` placeholder: none of them is a result; only `score.ft` is. `"status": "postponed"` marks a
 * postponed match. Club names are long forms ("Liverpool FC"); the store reconciles them through the aliases.
 *
 * The `-full` files (`2025-26/en.1-full.json`, data README §3e) write times with their offset ("19:00 UTC+0") and add
 * line-ups, substitutions, bookings, goal minutes, the referee and the ground (football-json-full.ts).
 */

export const FOOTBALL_JSON_SOURCE = 'football-json';

/** Kick-off assumed for a match upstream lists without a time (not fixed yet), in the league's zone. */
const DEFAULT_TIME = '15:00';

export interface FootballJsonLeague {
  code: string;
  /** The league's id here: the catalogue's where it has the code, else API-Football's. */
  leagueId: number;
  timeZone: string;
  /** Name and country for a league the catalogue does not have (the store creates it). */
  league?: ImportedLeague;
  /** Tells this league's file by its `name` ("English Premier League 2025/26"). */
  names: RegExp;
  /** A name that also matches `names` but is another league's ("2. Bundesliga" for de.1). */
  notNames?: RegExp;
  /** Its clubs, how often they meet, whether a cup: what the sync checks a file against (sync/plausibility.ts). */
  shape: LeagueShape;
}

interface LeagueEntry {
  leagueId: number;
  timeZone: string;
  country: string;
  name: string;
  names: RegExp;
  notNames?: RegExp;
  /** Clubs in a season (2025-26). */
  clubs: number;
  /** How often two clubs meet at most (default 2, a double round robin). */
  meetings?: number;
}

/**
 * The leagues upstream publishes, by code, with their number of clubs (2025-26). The catalogue's leagues (libs/contracts leagues.ts `football-json`
 * codes) take its id and zone; the others are described here with their API-Football id.
 */
const UPSTREAM_LEAGUES: Readonly<Record<string, LeagueEntry>> = {
  'en.1': { leagueId: 39, timeZone: 'Europe/London', country: 'England', name: 'Premier League', names: /premier league/i, clubs: 20 },
  'en.2': { leagueId: 40, timeZone: 'Europe/London', country: 'England', name: 'Championship', names: /championship/i, clubs: 24 },
  'en.3': { leagueId: 41, timeZone: 'Europe/London', country: 'England', name: 'League One', names: /league one|league 1\b/i, clubs: 24 },
  'en.4': { leagueId: 42, timeZone: 'Europe/London', country: 'England', name: 'League Two', names: /league two|league 2\b/i, clubs: 24 },
  'de.1': {
    leagueId: 78,
    timeZone: 'Europe/Berlin',
    country: 'Germany',
    name: 'Bundesliga',
    names: /bundesliga/i,
    notNames: /[23]\.\s*bundesliga|austria|österr/i,
    clubs: 18,
  },
  'de.2': { leagueId: 79, timeZone: 'Europe/Berlin', country: 'Germany', name: '2. Bundesliga', names: /2\.\s*bundesliga/i, clubs: 18 },
  'de.3': { leagueId: 80, timeZone: 'Europe/Berlin', country: 'Germany', name: '3. Liga', names: /3\.\s*liga/i, clubs: 20 },
  'es.1': {
    leagueId: 140,
    timeZone: 'Europe/Madrid',
    country: 'Spain',
    name: 'La Liga',
    names: /primera divisi[oó]n|la\s?liga/i,
    notNames: /segunda|la\s?liga\s?2|hypermotion/i,
    clubs: 20,
  },
  'es.2': {
    leagueId: 141,
    timeZone: 'Europe/Madrid',
    country: 'Spain',
    name: 'Segunda División',
    names: /segunda divisi[oó]n|la\s?liga\s?2/i,
    clubs: 22,
  },
  'it.1': { leagueId: 135, timeZone: 'Europe/Rome', country: 'Italy', name: 'Serie A', names: /serie a\b/i, clubs: 20 },
  'it.2': { leagueId: 136, timeZone: 'Europe/Rome', country: 'Italy', name: 'Serie B', names: /serie b\b/i, clubs: 20 },
  'fr.1': { leagueId: 61, timeZone: 'Europe/Paris', country: 'France', name: 'Ligue 1', names: /ligue 1\b/i, clubs: 18 },
  'fr.2': { leagueId: 62, timeZone: 'Europe/Paris', country: 'France', name: 'Ligue 2', names: /ligue 2\b/i, clubs: 18 },
  'nl.1': { leagueId: 88, timeZone: 'Europe/Amsterdam', country: 'Netherlands', name: 'Eredivisie', names: /eredivisie/i, clubs: 18 },
  'pt.1': {
    leagueId: 94,
    timeZone: 'Europe/Lisbon',
    country: 'Portugal',
    name: 'Primeira Liga',
    names: /primeira liga|liga portugal/i,
    clubs: 18,
  },
  'sco.1': {
    leagueId: 179,
    timeZone: 'Europe/London',
    country: 'Scotland',
    name: 'Premiership',
    names: /premiership/i,
    clubs: 12,
    meetings: 4,
  },
  'tr.1': { leagueId: 203, timeZone: 'Europe/Istanbul', country: 'Turkey', name: 'Süper Lig', names: /s[üu]per lig/i, clubs: 18 },
};

/** Every code upstream publishes that this source knows. */
export const FOOTBALL_JSON_CODES: readonly string[] = Object.keys(UPSTREAM_LEAGUES);

/** The league of an upstream code ("en.1"), or undefined for a code this source does not know. */
export function footballJsonLeague(code: string): FootballJsonLeague | undefined {
  const entry = UPSTREAM_LEAGUES[code];
  if (!entry) return undefined;
  const catalogued = leagueIdBySource('football-json', code);
  const known = catalogued === undefined ? undefined : catalogueLeague(catalogued);
  return {
    code,
    leagueId: known?.id ?? entry.leagueId,
    timeZone: known?.timeZone ?? entry.timeZone,
    league: known ? undefined : { name: entry.name, country: entry.country, type: 'league' },
    names: entry.names,
    notNames: entry.notNames,
    shape: { clubs: entry.clubs, meetings: entry.meetings ?? 2, cup: known?.type === 'cup' },
  };
}

/** "2025-26" -> 2025; undefined when not a season of that form. */
export function parseSeasonName(value: string): number | undefined {
  const m = /^((?:19|20)\d{2})-(\d{2})$/.exec(value.trim());
  if (!m) return undefined;
  const start = Number(m[1]);
  return (start + 1) % 100 === Number(m[2]) ? start : undefined;
}

/** A file that cannot be taken as the league-season asked for: nothing of it is stored. */
export class FootballJsonError extends Error {}

export interface FootballJsonOptions {
  /** The upstream code the file is for ("en.1"). */
  code: string;
  /** Starting year expected (2025 for 2025-26); the file's `name` must not say another. */
  season: number;
  /** The file as problems name it. */
  file: string;
}

export interface FootballJsonParse {
  name: string;
  matches: ImportedMatch[];
  /** Matches that could not be read (skipped). */
  problems: RowProblem[];
  /** Of those, the ones whose score is not a score (negative, a fraction, more than MAX_GOALS): the sync refuses the file. */
  badScores: string[];
  /** The players' lines of the line-ups a `-full` file gives (none for a results file). */
  playerMatches: ImportedPlayerMatch[];
  /** The matches whose line-ups the file gives: their stored lines from football.json are replaced by `playerMatches`. */
  lineupMatches: MatchRef[];
}

type Json = unknown;

/** `at` moved by `minutes` (a local time with its offset to UTC). */
const shifted = (at: Date | null, minutes: number): Date | null => (at ? new Date(at.getTime() + minutes * 60_000) : null);

function isObject(value: Json): value is Record<string, Json> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function pair(value: Json): Score | null | 'bad' {
  if (value === undefined || value === null) return null;
  if (!Array.isArray(value) || value.length !== 2) return 'bad';
  const [home, away] = value as Json[];
  if (goalsProblem(home) !== null || goalsProblem(away) !== null) return 'bad';
  return { home: home as number, away: away as number };
}

/** The full-time and half-time scores of a match; null: not played (no score, `{}`, a bare [0, 0] placeholder). */
function readScore(score: Json): { goals: Score | null; halfTime: Score | null } | string {
  if (score === undefined || score === null || Array.isArray(score)) return { goals: null, halfTime: null };
  if (!isObject(score)) return `bad score ${clip(JSON.stringify(score))}`;
  const goals = pair(score.ft);
  const halfTime = pair(score.ht);
  if (goals === 'bad') return `bad full-time score ${clip(JSON.stringify(score.ft))}`;
  if (halfTime === 'bad') return `bad half-time score ${clip(JSON.stringify(score.ht))}`;
  return { goals, halfTime: goals ? halfTime : null };
}

/**
 * Reads one football.json file. Throws FootballJsonError when the text is not a football.json league file
 * (not JSON, truncated, an HTML page, no `matches`) or is another league's or season's (its `name`); a match
 * that cannot be read is a problem and is skipped.
 */
export function parseFootballJson(text: string, options: FootballJsonOptions): FootballJsonParse {
  const league = footballJsonLeague(options.code);
  if (!league) throw new FootballJsonError(`unknown league code "${options.code}" (known: ${FOOTBALL_JSON_CODES.join(', ')})`);
  let data: Json;
  try {
    data = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch (error) {
    const start = text.trimStart().slice(0, 1);
    throw new FootballJsonError(
      start === '<' ? 'an HTML page, not JSON' : `not JSON (${clip(error instanceof Error ? error.message : String(error), 120)})`,
    );
  }
  if (!isObject(data) || typeof data.name !== 'string' || !Array.isArray(data.matches)) {
    throw new FootballJsonError('not a football.json league file (no "name" and "matches")');
  }
  const name = data.name;
  if (!league.names.test(name) || league.notNames?.test(name)) {
    throw new FootballJsonError(`the file is "${clip(name, 80)}", not ${options.code}`);
  }
  const named = /((?:19|20)\d{2})\/(\d{2})/.exec(name);
  if (named && Number(named[1]) !== options.season) {
    throw new FootballJsonError(`the file is "${clip(name, 80)}", not the ${seasonName(options.season)} season`);
  }
  if (data.matches.length === 0) throw new FootballJsonError('the file lists no matches');

  const problems: RowProblem[] = [];
  const badScores: string[] = [];
  const matches: ImportedMatch[] = [];
  const playerMatches: ImportedPlayerMatch[] = [];
  const lineupMatches: MatchRef[] = [];
  const teams = new Map<string, ImportedTeam>();
  const country = league.league?.country ?? catalogueLeague(league.leagueId)?.country ?? null;
  const team = (spelling: string) => {
    let found = teams.get(spelling);
    if (!found) teams.set(spelling, (found = { name: spelling, country }));
    return found;
  };
  const seen = new Map<string, number>();
  data.matches.forEach((raw: Json, i: number) => {
    const line = i + 1;
    const problem = (message: string) => problems.push({ file: options.file, line, message: `match ${line}: ${message}` });
    if (!isObject(raw)) return problem('not an object');
    const { date, time, team1, team2 } = raw;
    if (typeof team1 !== 'string' || !team1.trim() || typeof team2 !== 'string' || !team2.trim()) return problem('missing team name');
    if (typeof date !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(date)) return problem(`bad date ${JSON.stringify(date)}`);
    const withOffset = typeof time === 'string' ? parseOffsetTime(time) : null;
    if (time !== undefined && !withOffset && (typeof time !== 'string' || !/^\d{1,2}:\d{2}$/.test(time)))
      return problem(`bad time ${JSON.stringify(time)}`);
    const kickoffAt = withOffset
      ? shifted(zonedToUtc(date, withOffset.time, 'UTC'), -withOffset.offsetMinutes)
      : zonedToUtc(date, (time as string | undefined) ?? DEFAULT_TIME, league.timeZone);
    if (!kickoffAt) return problem(`bad date or time "${date} ${String(time ?? '')}"`);
    const score = readScore(raw.score);
    if (typeof score === 'string') {
      badScores.push(`match ${line} ${clip(team1, 60)} v ${clip(team2, 60)}: ${score}`);
      return problem(score);
    }
    const postponed = typeof raw.status === 'string' && raw.status.toLowerCase() === 'postponed';
    const home = team1.trim();
    const away = team2.trim();
    // A pairing is played once per league-season in most leagues; a second one (Scotland) is numbered, in the
    // file's order: such an id does not name the match (repeatedPairing below: the store goes by kick-off)
    const pairing = `${home}-${away}`;
    const occurrence = (seen.get(pairing) ?? 0) + 1;
    seen.set(pairing, occurrence);
    const match: ImportedMatch = {
      source: FOOTBALL_JSON_SOURCE,
      externalId: `${options.code}-${options.season}:${pairing}${occurrence > 1 ? `#${occurrence}` : ''}`,
      leagueId: league.leagueId,
      season: options.season,
      kickoffAt,
      status: score.goals ? 'finished' : postponed ? 'postponed' : 'scheduled',
      stage: 'regular',
      round: typeof raw.round === 'string' && raw.round.trim() ? raw.round.trim() : null,
      home: team(home),
      away: team(away),
      goals: score.goals,
      halfTime: score.halfTime,
      league: league.league,
      origin: { file: options.file, line },
    };
    const full = readFullMatch(raw, match, FOOTBALL_JSON_SOURCE);
    for (const message of full.problems) problem(`${clip(home, 60)} v ${clip(away, 60)}: ${message}`);
    if (full.goalEvents) match.goalEvents = full.goalEvents;
    match.incidents = readIncidents(raw, match);
    if (full.referee) match.referee = full.referee;
    if (full.venue) match.venue = full.venue;
    if (full.attendance !== undefined) match.attendance = full.attendance;
    matches.push(match);
    playerMatches.push(...full.lines);
    if (full.lineupsGiven) lineupMatches.push({ source: match.source, externalId: match.externalId });
  });
  for (const match of matches) {
    if ((seen.get(`${match.home.name}-${match.away.name}`) ?? 0) > 1) match.repeatedPairing = true;
  }
  return { name, matches, problems, badScores, playerMatches, lineupMatches };
}

/** The code and season a file's path names: `.../2025-26/en.1.json` -> en.1, 2025. */
export function codeAndSeasonOfPath(file: string): { code: string | undefined; season: number | undefined } {
  const code = /^([a-z]{2,3}\.\d)(?:-full)?\.json$/i.exec(path.basename(file))?.[1]?.toLowerCase();
  return { code, season: parseSeasonName(path.basename(path.dirname(file))) };
}

export const footballJsonSource = registerSource({
  name: FOOTBALL_JSON_SOURCE,
  usage: 'football-json <season dir>/<code>.json or <code>-full.json... [--code en.1] [--season 2025-26]',
  parseArgs(args, cwd) {
    const { values, positionals } = parseCommandLine(FOOTBALL_JSON_SOURCE, args, {
      code: { type: 'string' },
      season: { type: 'string' },
    });
    if (positionals.length === 0) throw new UsageError('football-json: name at least one football.json file');
    const code = typeof values.code === 'string' ? values.code : undefined;
    if (code !== undefined && !footballJsonLeague(code)) {
      throw new UsageError(`football-json: unknown league code "${code}" (known: ${FOOTBALL_JSON_CODES.join(', ')})`);
    }
    let season: number | undefined;
    if (typeof values.season === 'string') {
      season = parseSeasonName(values.season) ?? (/^\d{4}$/.test(values.season) ? Number(values.season) : undefined);
      if (season === undefined) throw new UsageError(`football-json: --season must be like 2025-26, got "${values.season}"`);
    }
    const files = positionals.map((p) => {
      const file = inputPath(FOOTBALL_JSON_SOURCE, cwd, p, 'file');
      const named = codeAndSeasonOfPath(file);
      const fileCode = code ?? named.code;
      if (!fileCode || !footballJsonLeague(fileCode)) {
        throw new UsageError(`football-json: cannot tell the league of ${path.basename(file)} (name it <code>.json, or use --code)`);
      }
      return { file, code: fileCode, season: season ?? named.season };
    });
    return { files };
  },
  async run({ files }, context) {
    for (const { file, code, season } of files) {
      context.log(`reading ${path.basename(path.dirname(file))}/${path.basename(file)}`);
      const text = fs.readFileSync(file, 'utf8');
      // Without a season folder, the file's own name says it ("... 2025/26").
      let year = season;
      if (year === undefined) {
        const named = /"name"\s*:\s*"[^"]*?((?:19|20)\d{2})\/\d{2}/.exec(text.slice(0, 400));
        year = named ? Number(named[1]) : undefined;
      }
      if (year === undefined) throw new UsageError(`football-json: cannot tell the season of ${file} (use --season 2025-26)`);
      let parsed: FootballJsonParse;
      try {
        parsed = parseFootballJson(text, { code, season: year, file: path.basename(file) });
      } catch (error) {
        if (error instanceof FootballJsonError) throw new MissingInputError(`football-json: ${file}: ${error.message}`);
        throw error;
      }
      context.reportProblems(parsed.problems);
      await context.saveMatches(parsed.matches);
      if (parsed.playerMatches.length > 0 || parsed.lineupMatches.length > 0)
        await context.savePlayerMatches(parsed.playerMatches, parsed.lineupMatches);
    }
  },
});
