import type { TeamStatsFigures, TeamStatsRecord } from '@matchday/contracts';
import { num } from '../../../lib/numbers';

/** The figures of a team's record, missing numbers as 0. */
export type TeamFigures = TeamStatsFigures;

function margin(score: string | null): number {
  if (!score) return -1;
  const [a, b] = score.split('-').map((part) => Number.parseInt(part, 10));
  return Math.abs((a ?? 0) - (b ?? 0));
}

function bigger(a: string | null, b: string | null): string | null {
  return margin(b) > margin(a) ? b : a;
}

const round2 = (value: number) => Math.round(value * 100) / 100;

/** The figures of one record, missing numbers as 0. */
export function figuresOf(record: TeamStatsRecord): TeamFigures {
  return {
    matchPlayed: num(record.matchPlayed),
    wins: num(record.wins),
    draws: num(record.draws),
    loses: num(record.loses),
    goalsFor: num(record.goalsFor),
    goalsAgainst: num(record.goalsAgainst),
    goalsAvgFor: num(record.goalsAvgFor),
    goalsAvgAgainst: num(record.goalsAvgAgainst),
    cleanSheet: num(record.cleanSheet),
    failedToScore: num(record.failedToScore),
    biggestWin: record.biggestWin,
    biggestLose: record.biggestLose,
  };
}

/** Overview: home and away added up; averages over all matches. */
export function combined(home: TeamStatsRecord | undefined, away: TeamStatsRecord | undefined): TeamFigures {
  const parts = [home, away].filter((r): r is TeamStatsRecord => !!r).map(figuresOf);
  const sum = (key: keyof TeamFigures) => parts.reduce((t, p) => t + (p[key] as number), 0);
  const played = sum('matchPlayed');
  return {
    matchPlayed: played,
    wins: sum('wins'),
    draws: sum('draws'),
    loses: sum('loses'),
    goalsFor: sum('goalsFor'),
    goalsAgainst: sum('goalsAgainst'),
    goalsAvgFor: played ? round2(sum('goalsFor') / played) : 0,
    goalsAvgAgainst: played ? round2(sum('goalsAgainst') / played) : 0,
    cleanSheet: sum('cleanSheet'),
    failedToScore: sum('failedToScore'),
    biggestWin: parts.reduce<string | null>((best, p) => bigger(best, p.biggestWin), null),
    biggestLose: parts.reduce<string | null>((best, p) => bigger(best, p.biggestLose), null),
  };
}

/** A team's rating out of 10: points per match scaled from 0-3 to 0-10 (for the spec §9 rating text). */
export function teamRating(figures: TeamFigures): number {
  if (figures.matchPlayed === 0) return 0;
  const points = figures.wins * 3 + figures.draws;
  return (points / figures.matchPlayed / 3) * 10;
}

/** Cumulative points after each match of a form string (oldest first). */
export function pointsCurve(form: string): number[] {
  let total = 0;
  return form
    .toUpperCase()
    .split('')
    .filter((letter) => letter === 'W' || letter === 'D' || letter === 'L')
    .map((letter) => (total += letter === 'W' ? 3 : letter === 'D' ? 1 : 0));
}
