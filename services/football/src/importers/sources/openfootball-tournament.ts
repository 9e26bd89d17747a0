import path from 'node:path';
import { DateTime } from 'luxon';
import { leagueIdBySource } from '@matchday/contracts';
import type { FixtureStage, ImportedGoal, ImportedMatch, ImportedTeam, ImportedVenue, RowProblem } from '../model';
import { inferYear, MONTHS, WEEKDAYS } from '../dates';
import type { ParseResult } from './openfootball';
import { parseTournamentScore, readScorers, scoreText, settleScores, type TournamentScore } from './openfootball-scores';

/**
 * Football.TXT reader for openfootball's tournament files: `worldcup-2022/{cup,cup_finals}.txt` (World Cup,
 * openfootball/worldcup) and `euro-2024/euro.txt` (Euro, openfootball/euro), the only data with the minute of
 * every goal (shared/data/README.md §3b). A cousin of the Champions League format (openfootball.ts) with its
 * own layout:
 *
 *   Group A  | Qatar  Ecuador  Senegal  Netherlands        the groups' members
 *   ▪ Matchday 1  |  Sun Nov 20                            a calendar summary: skipped
 *   ▪ Group A                                              a stage heading ("▪ Round of 16", "▪ Final" ...)
 *   Sun Nov 20                                             date line, no year
 *     19:00  Qatar  0-2 (0-2)  Ecuador  @ Al Bayt Stadium, Al Khor    match line; the time may be left out
 *            (Enner Valencia 16' (pen.), 31')              scorers: home side ; away side, may wrap
 *     Germany:  Neuer - Kimmich, ... (Groß 46'),            a line-up (Euro, first matches): skipped, not scorers
 *
 * Extra time and shoot-outs: the World Cup writes `2-2 a.e.t. (2-2, 1-0), 3-4 pen.` (sometimes `a.e.t`), the
 * Euro `5-3 pen. 1-1 a.e.t. (1-1, 0-0)` or `3-0 pen. 0-0 a.e.t. (0-0)`; either way the first score in brackets
 * is the 90-minute one. The Euro's `Spain 2-1 (0-0) Germany` with `Merino 119'` and `England 2-1 (0-1)
 * Slovakia` with `Kane 91'` leave out the a.e.t.: a goal after the 90th minute (91', not 90+1') means extra
 * time was played, so the written score is the one after 120 minutes and the 90-minute score is what the
 * scorers had made by 90+x.
 *
 * The scorers are the record of the match: they must add up to its final score and to the 90-minute score
 * (a list without `;` belongs to the only side that scored). A match whose list does not, or whose line cannot
 * be read, is left out and reported with file and line. The half-time score is counted from the minutes, not
 * read: the file leaves it out at times (`Ghana 0-2 Uruguay`) and has it wrong three times where the minutes are
 * right (Japan 2-1 Spain "(0-0)", Morata scored in the 11th minute; Serbia 2-3 Switzerland "(2-1)", Embolo
 * equalised in the 44th; Netherlands 2-2 Argentina "(1-0)", Molina scored for Argentina in the 35th).
 */

/** The catalogue's openfootball codes of the tournaments: file names without ".txt" and a "_finals" suffix. */
const TOURNAMENT_CODES: readonly string[] = ['cup', 'euro'];

/** The league of a tournament file by its name (cup.txt and cup_finals.txt: World Cup; euro.txt: Euro), else undefined. */
export function tournamentLeagueId(fileName: string): number | undefined {
  const code = /^([a-z]+)(?:_finals)?\.txt$/i.exec(path.basename(fileName))?.[1]?.toLowerCase();
  return code !== undefined && TOURNAMENT_CODES.includes(code) ? leagueIdBySource('openfootball', code) : undefined;
}

const WORLD_CUP_ID = leagueIdBySource('openfootball', 'cup')!;
const EURO_ID = leagueIdBySource('openfootball', 'euro')!;

/**
 * Each tournament's host: the zone of its wall-clock times (where the file does not state an offset itself,
 * like the Euro's "# all times are local, CEST (UTC+2)") and the country of its venues.
 */
export const TOURNAMENT_HOSTS: Readonly<Record<number, Readonly<Record<number, { timeZone: string; country: string }>>>> = {
  [WORLD_CUP_ID]: { 2022: { timeZone: 'Asia/Qatar', country: 'Qatar' } },
  [EURO_ID]: { 2024: { timeZone: 'Europe/Berlin', country: 'Germany' } },
};

export interface TournamentTxtOptions {
  /** The file as problems and external ids name it, e.g. "worldcup-2022/cup.txt". */
  file: string;
  leagueId: number;
  /** The tournament's year; when absent, taken from the "= World Cup 2022" title line. */
  season?: number;
  /** IANA zone of the file's times, over the one the file states and the host's. */
  timeZone?: string;
  /** The tournament's stadiums by the city its match lines name after "@" (cup_stadiums.csv, readStadiumsCsv). */
  stadiums?: ReadonlyMap<string, ImportedVenue>;
}

/** A match line read, waiting for its scorer list (the next line(s), if they start with "("). */
interface PendingMatch {
  match: ImportedMatch;
  line: number;
  score: TournamentScore;
  scorers: { line: number; text: string; depth: number } | null;
}

const GROUP_LINE = /^Group\s+([A-Z])\s*\|(.*)$/;
// (\u25aa is the "▪" that opens a heading: written as an escape, see domain/search.ts)
const HEADING_LINE = /^\u25aa\s*([^|]*?)\s*(\|.*)?$/u;
/** "Sun Nov 20", "Thu June 11" (2026 writes the month in full), "Sat Jun 14 2024". */
const DATE_LINE = /^(Mon|Tue|Wed|Thu|Fri|Sat|Sun)\s+([A-Z][a-z]{2,8})\s+(\d{1,2})(?:\s+(\d{4}))?$/;
/** A line meant as a match: it starts with a kick-off time or a match number, or names a venue. */
const MATCH_LIKE = /^(?:\(\d{1,3}\)\s*)?\d{1,2}:\d{2}\s|@/;
/**
 * Teams have no digits or brackets, so the score is everything from the first digit to the away team's capital.
 * 2026 adds the match number before the time, the line's own UTC offset after it, and the draw's slots in the
 * comment: `(73) 12:00 UTC-7  South Africa 0-1 (0-0) Canada  @ Los Angeles (Inglewood)  ## 2A v 2B`.
 */
const MATCH_LINE =
  /^(?:\((?<number>\d{1,3})\)\s*)?(?:(?<hour>\d{1,2}):(?<minute>\d{2})\s+(?:UTC(?<offset>[+-]\d{1,2}(?::\d{2})?)\s+)?)?(?<home>\p{Lu}[^\d@#()]*?)\s+(?<score>\d[^@#]*?)\s+(?<away>\p{Lu}[^\d@#()]*?)\s*@\s*(?<venue>[^#]+?)\s*(?:#+\s*(?<comment>.*?)\s*)?$/u;
/** A slot comment: `2A v 2B`, `1E v 3A/B/C/D/F`, `W74 v W77`, `L101 v L102`. */
const SLOT_COMMENT = /^([123][A-L](?:\/[A-L])*|[WL]\d{1,3})\s+v\s+([123][A-L](?:\/[A-L])*|[WL]\d{1,3})$/;
/** The Euro's comment: `Winner Group A - Runner-up Group C`, `Winner Group C - 3rd Group D/E/F`, `Winner Match 39 - Winner Match 37`. */
const EURO_SLOT = /^(?:(Winner|Runner-up|3rd)\s+Group\s+([A-L](?:\/[A-L])*)|(Winner|Loser)\s+Match\s+(\d{1,3}))$/i;
const LINEUP_LINE = /^\p{Lu}[\p{L} .'-]*:\s/u;
const KNOCKOUT_ROUND = /^(round of \d+|quarter-?finals?|semi-?finals?|match for third place|third[- ]place( play-?off)?|final)$/i;
const PER_LINE_OFFSET = /^\s*(?:\(\d{1,3}\)\s*)?\d{1,2}:\d{2}\s+UTC[+-]\d/m;
const STATED_OFFSET = /^#.*\btimes are local\b.*\(UTC\s*([+-]\d{1,2}(?::\d{2})?)\)/im;

/** "Al Bayt Stadium, Al Khor" -> stadium and city; the Euro names only the city, which then names the venue too. */
function venueOf(text: string, country: string | null): ImportedVenue {
  const comma = text.lastIndexOf(',');
  const [name, city] = comma === -1 ? [text, text] : [text.slice(0, comma).trim(), text.slice(comma + 1).trim()];
  return { name, city, country };
}

/** The season from the title line ("= World Cup 2022", "= Euro 2024"). */
function seasonOfTitle(lines: readonly string[]): number | undefined {
  const title = lines.find((l) => l.startsWith('='));
  const year = title ? /\b((?:19|20)\d{2})\b/.exec(title)?.[1] : undefined;
  return year === undefined ? undefined : Number(year);
}

/** The date of a date line, or null when it cannot be placed in the tournament's year (or the next). */
function dateOf(line: RegExpExecArray, season: number): { year: number; month: number; day: number } | null {
  const month = MONTHS[line[2]!.slice(0, 3)];
  const day = Number(line[3]);
  if (month === undefined) return null;
  const year = line[4] !== undefined ? Number(line[4]) : inferYear(season, month, day, WEEKDAYS[line[1]!]!);
  return year !== null && DateTime.utc(year, month, day).isValid ? { year, month, day } : null;
}

/** A match's scores as its line writes them (when its scorer list cannot confirm them). */
function writtenScores(score: TournamentScore): Pick<ImportedMatch, 'goals' | 'halfTime' | 'extraTime' | 'penalties'> {
  return { goals: score.goals, halfTime: score.halfTime, extraTime: score.extraTime, penalties: score.penalties };
}

/** Opening minus closing brackets of a line. */
function depthChange(line: string): number {
  return (line.match(/\(/g)?.length ?? 0) - (line.match(/\)/g)?.length ?? 0);
}

/**
 * The draw's slots of a knockout match from its comment: 2026's `2A v 2B`, `1E v 3A/B/C/D/F`, `W74 v W77`, and the
 * Euro's `Winner Group A - Runner-up Group C`, `3rd Group D/E/F`, `Winner Match 39`. null when it names none.
 */
export function slotsOf(comment: string): [string, string] | null {
  const text = comment.trim().replace(/\s+/g, ' ');
  const plain = SLOT_COMMENT.exec(text);
  if (plain) return [plain[1]!, plain[2]!];
  const sides = text.split(/\s+-\s+/);
  if (sides.length !== 2) return null;
  const slots = sides.map((side) => {
    const m = EURO_SLOT.exec(side.trim());
    if (!m) return null;
    if (m[4] !== undefined) return `${m[3]!.toLowerCase() === 'winner' ? 'W' : 'L'}${m[4]}`;
    const place = { winner: '1', 'runner-up': '2', '3rd': '3' }[m[1]!.toLowerCase()];
    return `${place}${m[2]}`;
  });
  return slots[0] && slots[1] ? [slots[0], slots[1]] : null;
}

interface Stage {
  stage: FixtureStage;
  round: string | null;
  group: string | null;
}

/** One file read line by line: what the lines above said (stage, date, time ...) and the match still open. */
class TournamentReader {
  readonly matches: ImportedMatch[] = [];
  readonly problems: RowProblem[] = [];
  private readonly groups = new Map<string, Set<string>>();
  /** One object per team, as the store likes it. */
  private readonly teams = new Map<string, ImportedTeam>();
  /** Group matches so far per team: a group match's matchday is its teams' next one. */
  private readonly played = new Map<string, number>();
  private stage: Stage | null = null;
  private date: { year: number; month: number; day: number } | null = null;
  private time: { hour: number; minute: number; offset: string | null } | null = null;
  private inLineup = false;
  /** Match lines so far, unreadable ones included: one bad line does not renumber the matches after it. */
  private matchNumber = 0;
  private pending: PendingMatch | null = null;

  constructor(
    private readonly options: TournamentTxtOptions & { season: number },
    /** null: every kick-off states its own UTC offset (2026). */
    private readonly timeZone: string | null,
    private readonly hostCountry: string | null,
  ) {}

  private problem(line: number, message: string): void {
    this.problems.push({ file: this.options.file, line, message });
  }

  read(lineNo: number, raw: string): void {
    const line = raw.trim();
    if (this.continueScorers(lineNo, line)) return;
    if (this.pending) this.settle();

    if (line === '') {
      this.inLineup = false;
      return;
    }
    if (line.startsWith('#') || line.startsWith('=')) return;
    const groupLine = GROUP_LINE.exec(line);
    const heading = HEADING_LINE.exec(line);
    const dateLine = DATE_LINE.exec(line);
    const matchLike = MATCH_LIKE.test(line);
    if (groupLine || heading || dateLine || matchLike) this.inLineup = false;

    if (groupLine) this.groups.set(groupLine[1]!, new Set(groupLine[2]!.trim().split(/\s{2,}/)));
    else if (heading) {
      // "▪ Matchday 1 | Sun Nov 20", "▪ Round of 16 | Sat Dec 3 - Tue Dec 6": the calendar at the top, skipped.
      if (heading[2] === undefined) this.startStage(lineNo, heading[1]!);
    } else if (dateLine) this.startDay(lineNo, dateLine);
    else if (matchLike) this.startMatch(lineNo, line);
    // "Germany:    Neuer - Kimmich, ... (Groß 46')," and the lines it wraps onto, up to the next blank line.
    else if (LINEUP_LINE.test(line)) this.inLineup = true;
    else if (!this.inLineup) this.problem(lineNo, `unrecognised line "${line}"`);
  }

  /** The end of the file: the last match is complete. */
  finish(): void {
    if (this.pending?.scorers && this.pending.scorers.depth > 0) this.unclosed();
    else if (this.pending) this.settle();
  }

  /** Takes the line when it opens or continues the open match's scorer list. */
  private continueScorers(lineNo: number, line: string): boolean {
    const pending = this.pending;
    if (!pending) return false;
    if (!pending.scorers) {
      if (!line.startsWith('(')) return false;
      pending.scorers = { line: lineNo, text: line, depth: depthChange(line) };
      return true;
    }
    if (pending.scorers.depth <= 0) return false;
    // Inside a list that wraps: anything but the start of something else continues it.
    if (line === '' || MATCH_LIKE.test(line) || DATE_LINE.test(line) || HEADING_LINE.test(line)) {
      this.unclosed();
      return false;
    }
    pending.scorers.text += ` ${line}`;
    pending.scorers.depth += depthChange(line);
    return true;
  }

  private unclosed(): void {
    const { match, scorers, score } = this.pending!;
    this.problem(scorers!.line, `${match.home.name} v ${match.away.name}: the scorer list is not closed`);
    this.matches.push({ ...match, ...writtenScores(score), goalEvents: null });
    this.pending = null;
  }

  private startStage(lineNo: number, name: string): void {
    this.date = null;
    this.time = null;
    const letter = /^Group\s+([A-Z])$/.exec(name)?.[1];
    if (letter) this.stage = { stage: 'group', round: null, group: letter };
    else if (KNOCKOUT_ROUND.test(name)) this.stage = { stage: 'knockout', round: name, group: null };
    else {
      this.stage = null;
      this.problem(lineNo, `unknown stage "${name}"`);
    }
  }

  private startDay(lineNo: number, line: RegExpExecArray): void {
    this.time = null;
    this.date = dateOf(line, this.options.season);
    if (!this.date) this.problem(lineNo, `cannot place "${line[0]}" in ${this.options.season}`);
  }

  private startMatch(lineNo: number, line: string): void {
    this.matchNumber += 1;
    const read = this.readMatch(lineNo, line);
    if (typeof read === 'string') this.problem(lineNo, read);
    else this.pending = read;
  }

  /** A match line as a match waiting for its scorers, or why it cannot be read. */
  private readMatch(lineNo: number, line: string): PendingMatch | string {
    const parts = MATCH_LINE.exec(line)?.groups;
    if (!parts) return `unreadable match line "${line}"`;
    const { hour, minute, home, away, venue, number, offset, comment } = parts as Record<string, string | undefined>;
    // A match line without a time keeps the time (and offset) of the line above.
    if (hour !== undefined && minute !== undefined) this.time = { hour: Number(hour), minute: Number(minute), offset: offset ?? null };
    const { stage, date, time } = this;
    if (!stage) return 'match before any ▪ stage heading';
    if (!date) return 'match without a date line before it';
    if (!time) return 'match without a kick-off time';
    if (time.hour > 23 || time.minute > 59) return `bad kick-off time ${hour}:${minute}`;
    const zone = time.offset !== null ? `UTC${time.offset}` : this.timeZone;
    if (zone === null) return 'kick-off without a UTC offset (like "13:00 UTC-6")';
    const score = parseTournamentScore(parts.score!);
    if (!score) return `unreadable score "${parts.score}"`;
    const members = stage.group ? this.groups.get(stage.group) : undefined;
    const stranger = members && [home!, away!].find((name) => !members.has(name));
    if (stranger) return `${stranger} is not in Group ${stage.group}`;
    const slots = comment !== undefined && stage.stage === 'knockout' ? slotsOf(comment) : null;
    if (comment !== undefined && stage.stage === 'knockout' && slots === null && /^[123WL]\w*\s+v\s/.test(comment))
      return `unreadable slots "${comment}"`;
    const local = DateTime.fromObject(
      { year: date.year, month: date.month, day: date.day, hour: time.hour, minute: time.minute },
      { zone },
    );
    if (!local.isValid) return `invalid kick-off in ${zone}: ${local.invalidExplanation ?? ''}`;
    const stadium = this.options.stadiums?.get(venue!);
    if (this.options.stadiums && !stadium) return `unknown venue "${venue}": not in the stadiums file`;

    const { file, leagueId, season } = this.options;
    const match: ImportedMatch = {
      source: 'openfootball',
      externalId: `${file}#${this.matchNumber}`,
      leagueId,
      season,
      kickoffAt: local.toUTC().toJSDate(),
      status: 'finished',
      stage: stage.stage,
      round: stage.group ? `Group stage - Matchday ${this.nextMatchday(home!, away!)}` : stage.round,
      group: stage.group,
      home: this.team(home!),
      away: this.team(away!),
      venue: stadium ?? venueOf(venue!, this.hostCountry),
      origin: { file, line: lineNo },
      ...(number !== undefined ? { matchNumber: Number(number) } : {}),
      ...(slots ? { homeSlot: slots[0], awaySlot: slots[1] } : {}),
    };
    return { match, line: lineNo, score, scorers: null };
  }

  private team(name: string): ImportedTeam {
    let team = this.teams.get(name);
    if (!team) this.teams.set(name, (team = { name, country: name, code: null }));
    return team;
  }

  private nextMatchday(home: string, away: string): number {
    const matchday = Math.max(this.played.get(home) ?? 0, this.played.get(away) ?? 0) + 1;
    this.played.set(home, matchday).set(away, matchday);
    return matchday;
  }

  /** The open match with its goals, or a problem at its scorer list (or its line) when they do not make its score. */
  private settle(): void {
    const { match, score, scorers, line } = this.pending!;
    this.pending = null;
    const final = score.extraTime ?? score.goals;
    const what = `${match.home.name} ${scoreText(final)} ${match.away.name}`;
    let goals: ImportedGoal[] | string = [];
    if (scorers) goals = readScorers(scorers.text, final);
    else if (final.home + final.away > 0) goals = 'no scorer list';
    const scores = typeof goals === 'string' ? goals : settleScores(score, goals);
    if (typeof scores === 'string') {
      // The score line is the result; a scorer list that does not make it is reported and its goals left out.
      this.problem(scorers?.line ?? line, `${what}: ${scores}`);
      this.matches.push({ ...match, ...writtenScores(score), goalEvents: null });
      return;
    }
    this.matches.push({ ...match, ...scores, goalEvents: goals as ImportedGoal[] });
  }
}

/**
 * Parses one tournament file. Kick-off times are read in `options.timeZone`, else the offset the file states
 * ("# all times are local, CEST (UTC+2)"), else the host's zone (TOURNAMENT_HOSTS).
 */
export function parseTournamentTxt(text: string, options: TournamentTxtOptions): ParseResult {
  const lines = text.split(/\r?\n/);
  const season = options.season ?? seasonOfTitle(lines);
  const fail = (message: string): ParseResult => ({ matches: [], problems: [{ file: options.file, line: 1, message }] });
  if (season === undefined) return fail('no year: name the directory like worldcup-2022 or give a "= World Cup 2022" title line');
  const host = TOURNAMENT_HOSTS[options.leagueId]?.[season];
  const stated = STATED_OFFSET.exec(text)?.[1];
  const timeZone = options.timeZone ?? (stated !== undefined ? `UTC${stated}` : host?.timeZone);
  // 2026's lines each carry their own offset ("13:00 UTC-6"); a line that does not is then reported.
  const ownOffsets = PER_LINE_OFFSET.test(text);
  if (timeZone === undefined && !ownOffsets) return fail(`no time zone known for the times of ${season}: give --tz <zone>`);

  const reader = new TournamentReader({ ...options, season }, timeZone ?? null, host?.country ?? null);
  lines.forEach((line, index) => reader.read(index + 1, line));
  reader.finish();
  return { matches: reader.matches, problems: reader.problems };
}

/** Countries of the stadiums file's `cc` column. */
const HOST_COUNTRIES: Readonly<Record<string, string>> = { ca: 'Canada', us: 'USA', mx: 'Mexico' };

/**
 * A tournament's stadiums file (`cup_stadiums.csv`, 2026): `city, timezone, cc, name, capacity, ...` after a header
 * line, `#` comments and blank lines. Returns the venues by city as the match lines name them after "@", and the
 * lines it could not read.
 */
export function readStadiumsCsv(text: string, file: string): { stadiums: Map<string, ImportedVenue>; problems: RowProblem[] } {
  const stadiums = new Map<string, ImportedVenue>();
  const problems: RowProblem[] = [];
  let header = false;
  text.split(/\r?\n/).forEach((raw, index) => {
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) return;
    const cells = line.split(',').map((cell) => cell.trim());
    if (!header) {
      header = cells[0]?.toLowerCase() === 'city';
      if (header) return;
    }
    const [city, , cc, name, capacity] = cells;
    const seats = Number(capacity);
    if (!city || !name || !Number.isInteger(seats) || seats <= 0) {
      problems.push({ file, line: index + 1, message: `unreadable stadium "${line}"` });
      return;
    }
    stadiums.set(city, { name, city, country: HOST_COUNTRIES[cc?.toLowerCase() ?? ''] ?? cc ?? null, capacity: seats });
  });
  return { stadiums, problems };
}
