import type { ImportedGoal, Score } from '../model';

/**
 * The scores of openfootball's tournament files (openfootball-tournament.ts): the match line's score in either
 * notation, and the scorer lists that must add up to it (the record of the match: extra time inferred from a goal
 * after the 90th minute, the half-time score counted from the minutes).
 */

export interface TournamentScore {
  goals: Score;
  halfTime: Score | null;
  extraTime: Score | null;
  penalties: Score | null;
}

const SCORE =
  /^(?:(?<penBefore>\d+-\d+)\s+pen\.\s+)?(?<main>\d+-\d+)(?<aet>\s+a\.e\.t\.?)?(?:\s*\((?<first>[^),]+)(?:,(?<second>[^)]+))?\))?(?:\s*,\s*(?<penAfter>\d+-\d+)\s+pen\.?)?$/;
const PAIR = /^\s*(\d+)-(\d+)\s*$/;

/**
 * "Kylian Mbappé 80' (pen.), 81'": a minute, its stoppage part, and what kind of goal it was: a penalty `(pen.)`
 * or 2026's `(p)`, an own goal `(o.g.)` or 2026's `(og)` / `(OG)`.
 */
const MINUTE_TOKEN = /(\d{1,3})(?:\+(\d{1,2}))?'\s*(?:\((pen\.|p|o\.g\.|og)\))?/giu;
/** "Koulibaly", "R. Marin", "Vinícius Jr.", "Jean-Charles Castelletto". */
const SCORER_NAME = /^\p{L}[\p{L}\p{M}.'’ -]*$/u;
/** The last minute of each period, the only ones with stoppage time ("45+2'"). */
const PERIOD_ENDS: readonly number[] = [45, 90, 105, 120];

function pair(text: string | undefined): Score | null {
  const match = text === undefined ? null : PAIR.exec(text);
  return match ? { home: Number(match[1]), away: Number(match[2]) } : null;
}

/** Reads the score of a match line in either notation; null when it is not one. */
export function parseTournamentScore(text: string): TournamentScore | null {
  const groups = SCORE.exec(text.trim().replace(/\s+/g, ' '))?.groups;
  if (!groups) return null;
  const main = pair(groups.main)!;
  const [first, second] = [pair(groups.first), pair(groups.second)];
  if ((groups.first !== undefined && !first) || (groups.second !== undefined && !second)) return null;
  // The shoot-out is written before (Euro) or after (World Cup) the rest, never both.
  if (groups.penBefore !== undefined && groups.penAfter !== undefined) return null;
  const penalties = pair(groups.penBefore ?? groups.penAfter);
  if (groups.aet === undefined) {
    // Without extra time the brackets hold the half-time score only.
    if (second) return null;
    return { goals: main, halfTime: first, extraTime: null, penalties };
  }
  // (90 minutes, half time); a goalless 120 minutes may write only "(0-0)".
  return { goals: first ?? main, halfTime: second, extraTime: main, penalties };
}

export const scoreText = (score: Score) => `${score.home}-${score.away}`;
const sameScore = (a: Score, b: Score) => a.home === b.home && a.away === b.away;

/** Goals per side of a list of goals. */
function tally(goals: readonly ImportedGoal[]): Score {
  return { home: goals.filter((g) => g.side === 'home').length, away: goals.filter((g) => g.side === 'away').length };
}

/** Why a minute cannot be right, or null. */
function minuteProblem(minute: number, stoppage: number | null): string | null {
  if (minute < 1 || minute > 120) return `minute ${minute} is outside 1-120`;
  if (stoppage !== null && (!PERIOD_ENDS.includes(minute) || stoppage < 1)) return `minute ${minute}+${stoppage} is not stoppage time`;
  return null;
}

/** One side of a scorer list: names, each followed by its minutes; a minute without a name is the last scorer's again. */
function readSide(text: string, side: ImportedGoal['side']): ImportedGoal[] | string {
  const clean = (s: string) => s.replace(/^[\s,]+|[\s,]+$/g, '').replace(/\s+/g, ' ');
  const goals: ImportedGoal[] = [];
  let scorer: string | null = null;
  let last = 0;
  for (const token of text.matchAll(MINUTE_TOKEN)) {
    const between = clean(text.slice(last, token.index));
    last = token.index + token[0].length;
    if (between) {
      if (!SCORER_NAME.test(between)) return `unreadable scorer "${between}"`;
      scorer = between;
    }
    if (!scorer) return `minute ${token[0].trim()} without a scorer`;
    const minute = Number(token[1]);
    const stoppage = token[2] !== undefined ? Number(token[2]) : null;
    const problem = minuteProblem(minute, stoppage);
    if (problem) return problem;
    const mark = token[3]?.toLowerCase();
    const kind = mark === 'pen.' || mark === 'p' ? 'penalty' : mark === 'o.g.' || mark === 'og' ? 'own-goal' : 'goal';
    goals.push({ side, minute, stoppage, kind, scorer });
  }
  const rest = clean(text.slice(last));
  // "-" (or nothing) stands for a side that did not score.
  if (rest && rest !== '-') return `"${rest}" has no minute`;
  return goals;
}

/**
 * A whole scorer list "(home ; away)", in the order the goals were scored. An own goal is listed on the side it
 * counted for, so it stays there. A list without ";" belongs to the only side that scored.
 */
export function readScorers(list: string, final: Score): ImportedGoal[] | string {
  const inner = /^\((.*)\)$/s.exec(list.trim())?.[1];
  if (inner === undefined) return 'the scorer list is not in brackets';
  const sides = inner.split(';');
  if (sides.length > 2) return 'more than one ";" in the scorer list';
  let home: ImportedGoal[] | string;
  let away: ImportedGoal[] | string;
  if (sides.length === 2) {
    home = readSide(sides[0]!, 'home');
    away = readSide(sides[1]!, 'away');
  } else {
    if (final.home > 0 && final.away > 0) return 'both sides scored but the scorer list has no ";"';
    const side = final.away > 0 ? 'away' : 'home';
    home = side === 'home' ? readSide(inner, 'home') : [];
    away = side === 'away' ? readSide(inner, 'away') : [];
  }
  if (typeof home === 'string') return home;
  if (typeof away === 'string') return away;
  // Stable: goals in the same minute keep the order of the list.
  return [...home, ...away].sort((a, b) => a.minute - b.minute || (a.stoppage ?? 0) - (b.stoppage ?? 0));
}

/**
 * The match's scores as its goals tell them: extra time inferred from a goal after the 90th minute, the final and
 * 90-minute scores checked against the goals, the half-time score counted from them.
 */
export function settleScores(score: TournamentScore, goals: readonly ImportedGoal[]): TournamentScore | string {
  const regulation = tally(goals.filter((g) => g.minute <= 90));
  const firstHalf = tally(goals.filter((g) => g.minute <= 45));
  let { goals: fullTime, extraTime } = score;
  if (!extraTime && goals.some((g) => g.minute > 90)) {
    extraTime = fullTime;
    fullTime = regulation;
  }
  const final = extraTime ?? fullTime;
  const all = tally(goals);
  if (!sameScore(all, final)) return `the scorers add up to ${scoreText(all)}, the score is ${scoreText(final)}`;
  if (!sameScore(regulation, fullTime))
    return `the scorers up to 90' add up to ${scoreText(regulation)}, the 90-minute score is ${scoreText(fullTime)}`;
  return { goals: fullTime, halfTime: firstHalf, extraTime, penalties: score.penalties };
}
