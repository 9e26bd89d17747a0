import type { HeadToHeadMatch } from '@matchday/contracts';

export const SUMMARY_MATCHES = 5;

/** Team A (the query's homeTeamId), draws, team B. */
export const WIN_COLOURS = { a: '#3b82f6', draw: '#64748b', b: '#f97316' } as const;

/** Completed when both goals are present (spec §4); otherwise upcoming. */
export function isCompleted(match: HeadToHeadMatch): match is HeadToHeadMatch & { goalsHome: number; goalsAway: number } {
  return match.goalsHome !== null && match.goalsAway !== null;
}

/** Goals of team `teamId` and of its opponent in a completed match. */
export function goalsFor(match: HeadToHeadMatch & { goalsHome: number; goalsAway: number }, teamId: number): [number, number] {
  return match.homeTeamId === teamId ? [match.goalsHome, match.goalsAway] : [match.goalsAway, match.goalsHome];
}

export interface H2hSummary {
  teamA: { id: number; name: string; logo: string | null };
  teamB: { id: number; name: string; logo: string | null };
  completed: Array<HeadToHeadMatch & { goalsHome: number; goalsAway: number }>;
  upcoming: HeadToHeadMatch[];
  /** Over all completed matches (spec §9). */
  winsA: number;
  winsB: number;
  draws: number;
  /** The last 5 completed matches, most recent first, with team A's result letter. */
  lastFive: Array<{ match: HeadToHeadMatch & { goalsHome: number; goalsAway: number }; letter: 'W' | 'D' | 'L' }>;
  lastFiveGoalsA: number;
  lastFiveGoalsB: number;
  /** Within the last 5 completed matches: team A's biggest win and biggest defeat. */
  biggestWin: (HeadToHeadMatch & { goalsHome: number; goalsAway: number }) | null;
  biggestLoss: (HeadToHeadMatch & { goalsHome: number; goalsAway: number }) | null;
}

function side(matches: readonly HeadToHeadMatch[], teamId: number) {
  const match = matches.find((m) => m.homeTeamId === teamId || m.awayTeamId === teamId);
  if (!match) return { id: teamId, name: 'Unknown team', logo: null };
  return match.homeTeamId === teamId
    ? { id: teamId, name: match.homeTeam, logo: match.homeTeamLogo }
    : { id: teamId, name: match.awayTeam, logo: match.awayTeamLogo };
}

/** The head-to-head figures of spec §2 and §9, from team A's (the query's homeTeamId) point of view. */
export function summarise(matches: readonly HeadToHeadMatch[], teamAId: number, teamBId: number): H2hSummary {
  const sorted = [...matches].sort((a, b) => b.eventDate.localeCompare(a.eventDate));
  const completed = sorted.filter(isCompleted);
  const upcoming = sorted.filter((m) => !isCompleted(m)).reverse();
  let winsA = 0;
  let winsB = 0;
  let draws = 0;
  for (const match of completed) {
    const [a, b] = goalsFor(match, teamAId);
    if (a > b) winsA += 1;
    else if (a < b) winsB += 1;
    else draws += 1;
  }
  const recent = completed.slice(0, SUMMARY_MATCHES);
  const lastFive = recent.map((match) => {
    const [a, b] = goalsFor(match, teamAId);
    return { match, letter: a > b ? ('W' as const) : a < b ? ('L' as const) : ('D' as const) };
  });
  let biggestWin: H2hSummary['biggestWin'] = null;
  let biggestLoss: H2hSummary['biggestLoss'] = null;
  let winMargin = 0;
  let lossMargin = 0;
  for (const match of recent) {
    const [a, b] = goalsFor(match, teamAId);
    if (a - b > winMargin) {
      winMargin = a - b;
      biggestWin = match;
    }
    if (b - a > lossMargin) {
      lossMargin = b - a;
      biggestLoss = match;
    }
  }
  return {
    teamA: side(sorted, teamAId),
    teamB: side(sorted, teamBId),
    completed,
    upcoming,
    winsA,
    winsB,
    draws,
    lastFive,
    lastFiveGoalsA: recent.reduce((t, m) => t + goalsFor(m, teamAId)[0], 0),
    lastFiveGoalsB: recent.reduce((t, m) => t + goalsFor(m, teamAId)[1], 0),
    biggestWin,
    biggestLoss,
  };
}
