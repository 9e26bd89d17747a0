import { seasonName } from '@matchday/contracts';
import { utcDay } from '../dates';

/**
 * Whether an upstream file is plausible as the league-season the sync asked for, checked on the whole file before
 * anything of it is written. Each check is a pure function answering why the file is refused, or null: the sync
 * writes nothing and records that one reason as the league's error when any of them answers. Written against what
 * went wrong before: 3,000 invented pairings (6,000 new teams), a kick-off moved to 9999-12-31, a score of 1e15
 * (tips read NaN), a file without a season whose 380 kick-offs were a year back.
 */

/** Goals one side can plausibly score in a match (the record in a senior league is 31; a file saying more is wrong). */
export const MAX_GOALS = 30;
/** Clubs a league may have beyond the catalogue's number (a league that grows, as Ligue 1 and the Süper Lig have). */
export const CLUB_MARGIN = 2;
/** A cup's clubs may be many more than its usual number (qualifiers, a bigger draw). */
export const CUP_CLUB_FACTOR = 2;
/** The longest club name taken ("Brighton & Hove Albion FC" has 25 characters). */
export const MAX_CLUB_NAME = 80;
/** The longest round name taken (the fixtures column's width; "Matchday 38" has 11). */
export const MAX_ROUND_NAME = 60;
/** Upstream text quoted in an error, a log line or sync_state is cut to this many characters. */
export const MAX_QUOTED = 200;

/** What the league catalogue says of a league (importers/sources/football-json.ts UPSTREAM_LEAGUES). */
export interface LeagueShape {
  /** Clubs in a season ("en.1": 20). */
  clubs: number;
  /** How often two clubs meet in a season at most (2: a double round robin; Scotland's split: 4). */
  meetings: number;
  /** A cup: more clubs than usual are plausible, and a sync may add clubs. */
  cup: boolean;
}

/** One match as the file gives it (read, not yet stored). */
export interface FileMatch {
  home: string;
  away: string;
  kickoffAt: Date;
  /** "Matchday 1"; null when the file names none. */
  round?: string | null;
}

/** `text` cut to `max` characters, with an ellipsis when cut. */
export function clip(text: string, max = MAX_QUOTED): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}

/** A quoted piece of upstream text (a team name, a value), short. */
const quote = (value: unknown) => clip(typeof value === 'string' ? `"${value}"` : String(JSON.stringify(value)), 60);

/** Why `value` is not a side's goals in a match (a whole number from 0 to MAX_GOALS), or null. */
export function goalsProblem(value: unknown): string | null {
  if (typeof value !== 'number' || !Number.isInteger(value)) return `${quote(value)} is not a whole number of goals`;
  if (value < 0 || value > MAX_GOALS) return `${quote(value)} goals is outside 0-${MAX_GOALS}`;
  return null;
}

/** The most clubs a file may name. */
export function maxClubs(shape: LeagueShape): number {
  return shape.cup ? shape.clubs * CUP_CLUB_FACTOR : shape.clubs + CLUB_MARGIN;
}

/** Too many clubs for the league (invented pairings make a new club of every name). */
export function teamCountProblem(teams: number, shape: LeagueShape): string | null {
  const most = maxClubs(shape);
  return teams > most ? `team count: the file names ${teams} clubs, the league has ${shape.clubs} (at most ${most} accepted)` : null;
}

/** More matches than `teams` clubs meeting `meetings` times can play (a double round robin of n clubs is n(n-1)). */
export function matchCountProblem(matches: number, teams: number, shape: LeagueShape): string | null {
  const most = (shape.meetings * teams * (teams - 1)) / 2;
  return matches > most ? `match count: the file lists ${matches} matches, ${teams} clubs play at most ${most}` : null;
}

/** The instants a season's matches fall within: 1 July of its first year to 1 July of the next (UTC). */
export function seasonWindow(season: number): { from: Date; to: Date } {
  return { from: new Date(Date.UTC(season, 6, 1)), to: new Date(Date.UTC(season + 1, 6, 1)) };
}

/** A kick-off outside the season asked for (a file of another season, whatever its name says; a date typed wrong). */
export function datesProblem(matches: readonly FileMatch[], season: number): string | null {
  const { from, to } = seasonWindow(season);
  const outside = matches.filter((m) => !(m.kickoffAt >= from && m.kickoffAt < to));
  if (outside.length === 0) return null;
  const first = outside[0]!;
  const day = Number.isNaN(first.kickoffAt.getTime()) ? 'no date' : utcDay(first.kickoffAt);
  return (
    `dates: ${outside.length} of ${matches.length} kick-offs outside the ${seasonName(season)} season ` +
    `(${utcDay(from)} to ${utcDay(to.getTime() - 1)}), first ${quote(first.home)} v ${quote(first.away)} on ${day}`
  );
}

/** A club name too long to be one (it would be stored as a new team). */
export function namesProblem(clubs: readonly string[]): string | null {
  const long = clubs.find((name) => name.length > MAX_CLUB_NAME);
  return long === undefined ? null : `club names: a name of ${long.length} characters (${quote(long)}), at most ${MAX_CLUB_NAME} accepted`;
}

/** A round name longer than a round's (it would be stored with every match of the round). */
export function roundsProblem(matches: readonly FileMatch[]): string | null {
  const long = matches.find((m) => (m.round?.length ?? 0) > MAX_ROUND_NAME)?.round;
  return long ? `round names: a name of ${long.length} characters (${quote(long)}), at most ${MAX_ROUND_NAME} accepted` : null;
}

/** Matches whose score was refused as a score (goalsProblem): any is enough to refuse the file. */
export function scoresProblem(refused: readonly string[]): string | null {
  return refused.length > 0 ? `scores: ${refused.length} implausible, first ${clip(refused[0]!, 120)}` : null;
}

/**
 * A club the store would create although the league-season already has its full set (`stored` clubs): a renamed or
 * invented club, not a promotion (which comes with a new season's file). A cup may add clubs.
 */
export function newClubsProblem(newClubs: readonly string[], stored: number, shape: LeagueShape): string | null {
  if (shape.cup || newClubs.length === 0 || stored < shape.clubs) return null;
  const names = newClubs.slice(0, 3).map(quote).join(', ');
  return `new clubs: the league already has its ${stored} clubs, the file adds ${newClubs.length} (${names}${newClubs.length > 3 ? ', ...' : ''})`;
}

/** The distinct club names of a file's matches. */
export function fileClubs(matches: readonly FileMatch[]): string[] {
  return [...new Set(matches.flatMap((m) => [m.home, m.away]))];
}

/** The first reason to refuse the file (team count, club and round names, match count, dates, scores), or null when it is plausible. */
export function fileProblem(
  matches: readonly FileMatch[],
  refusedScores: readonly string[],
  shape: LeagueShape,
  season: number,
): string | null {
  const clubs = fileClubs(matches);
  const teams = clubs.length;
  return (
    teamCountProblem(teams, shape) ??
    namesProblem(clubs) ??
    roundsProblem(matches) ??
    matchCountProblem(matches.length, teams, shape) ??
    datesProblem(matches, season) ??
    scoresProblem(refusedScores)
  );
}
