import type { FormLetter, TeamStatsFigures, TeamStatsRecord } from '@matchday/contracts';
import { round2 } from '../../lib/values';

/** A finished match from one team's side. */
export interface TeamMatch {
  kickoff: number;
  home: boolean;
  goalsFor: number;
  goalsAgainst: number;
}

/** The per-side figures of a team-stats record (spec §3), computed here from the side's matches. */
export type SideSummary = TeamStatsFigures & Pick<TeamStatsRecord, 'recentForm'>;

/** Largest margin first, then more goals scored (a 4-1 beats a 3-0), then the earlier match. */
function biggest(matches: readonly TeamMatch[], margin: (m: TeamMatch) => number, goals: (m: TeamMatch) => number): TeamMatch | undefined {
  let best: TeamMatch | undefined;
  for (const m of matches) {
    if (!best || margin(m) > margin(best) || (margin(m) === margin(best) && goals(m) > goals(best))) best = m;
  }
  return best;
}

/** Season summary of one side's matches (all home or all away), form oldest first. */
export function summarise(matches: readonly TeamMatch[]): SideSummary {
  const ordered = [...matches].sort((a, b) => a.kickoff - b.kickoff);
  const result = (m: TeamMatch): FormLetter => (m.goalsFor > m.goalsAgainst ? 'W' : m.goalsFor < m.goalsAgainst ? 'L' : 'D');
  const wins = ordered.filter((m) => result(m) === 'W');
  const losses = ordered.filter((m) => result(m) === 'L');
  const goalsFor = ordered.reduce((sum, m) => sum + m.goalsFor, 0);
  const goalsAgainst = ordered.reduce((sum, m) => sum + m.goalsAgainst, 0);
  const played = ordered.length;
  const win = biggest(
    wins,
    (m) => m.goalsFor - m.goalsAgainst,
    (m) => m.goalsFor,
  );
  const lose = biggest(
    losses,
    (m) => m.goalsAgainst - m.goalsFor,
    (m) => m.goalsAgainst,
  );
  return {
    recentForm: ordered.map(result).join(''),
    matchPlayed: played,
    wins: wins.length,
    draws: played - wins.length - losses.length,
    loses: losses.length,
    goalsFor,
    goalsAgainst,
    goalsAvgFor: played ? round2(goalsFor / played) : 0,
    goalsAvgAgainst: played ? round2(goalsAgainst / played) : 0,
    biggestWin: win ? `${win.goalsFor}-${win.goalsAgainst}` : null,
    biggestLose: lose ? `${lose.goalsFor}-${lose.goalsAgainst}` : null,
    cleanSheet: ordered.filter((m) => m.goalsAgainst === 0).length,
    failedToScore: ordered.filter((m) => m.goalsFor === 0).length,
  };
}
