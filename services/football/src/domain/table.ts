import type { FormLetter, TeamMovement, TieBreakRule, Zone } from '@matchday/contracts';
import { orderTable, type TeamRecord } from './tiebreak';

/**
 * League tables computed from finished matches: pure functions, no database. The standings module loads the
 * matches of the table stages (regular season, group stage, league phase) and the points adjustments; the
 * demo seed orders a season's clubs with it before drawing its knockouts.
 */

export interface TableTeam {
  teamId: number;
  name: string;
  /** Group of a cup group stage ('Group A'), null for a single table. */
  group: string | null;
}

export interface TableMatch {
  homeTeamId: number;
  awayTeamId: number;
  homeGoals: number;
  awayGoals: number;
  /** Kick-off, epoch ms. */
  kickoff: number;
  round: string | null;
}

export interface TableRow extends TeamRecord {
  group: string | null;
  rank: number;
  played: number;
  draws: number;
  losses: number;
  goalDifference: number;
  pointsAdjustment: number;
  /** Every result, oldest first. */
  form: FormLetter[];
}

/**
 * One table per group (groups in name order; the single table has group null), each ordered by `rule`
 * and ranked from 1. Points include `adjustments` (team id -> points, negative for a deduction). Teams
 * of `teams` without a match get an empty row; a match of a team not in `teams` is ignored.
 */
export function computeTable(
  teams: readonly TableTeam[],
  matches: readonly TableMatch[],
  rule: TieBreakRule,
  adjustments: ReadonlyMap<number, number> = new Map(),
): TableRow[] {
  const rows = new Map<number, TableRow>();
  for (const team of teams) {
    const adjustment = adjustments.get(team.teamId) ?? 0;
    rows.set(team.teamId, {
      teamId: team.teamId,
      name: team.name,
      group: team.group,
      rank: 0,
      played: 0,
      wins: 0,
      draws: 0,
      losses: 0,
      goalsFor: 0,
      goalsAgainst: 0,
      goalDifference: 0,
      points: adjustment,
      pointsAdjustment: adjustment,
      awayGoalsFor: 0,
      awayWins: 0,
      form: [],
    });
  }
  const ordered = [...matches].sort((a, b) => a.kickoff - b.kickoff);
  for (const m of ordered) {
    const home = rows.get(m.homeTeamId);
    const away = rows.get(m.awayTeamId);
    if (!home || !away) continue;
    home.played += 1;
    away.played += 1;
    home.goalsFor += m.homeGoals;
    home.goalsAgainst += m.awayGoals;
    away.goalsFor += m.awayGoals;
    away.goalsAgainst += m.homeGoals;
    away.awayGoalsFor += m.awayGoals;
    if (m.homeGoals > m.awayGoals) {
      home.wins += 1;
      home.points += 3;
      home.form.push('W');
      away.losses += 1;
      away.form.push('L');
    } else if (m.homeGoals < m.awayGoals) {
      away.wins += 1;
      away.awayWins += 1;
      away.points += 3;
      away.form.push('W');
      home.losses += 1;
      home.form.push('L');
    } else {
      home.draws += 1;
      away.draws += 1;
      home.points += 1;
      away.points += 1;
      home.form.push('D');
      away.form.push('D');
    }
  }
  const groups = new Map<string | null, TableRow[]>();
  for (const row of rows.values()) {
    row.goalDifference = row.goalsFor - row.goalsAgainst;
    const list = groups.get(row.group) ?? [];
    list.push(row);
    groups.set(row.group, list);
  }
  const groupNames = [...groups.keys()].sort((a, b) => (a ?? '').localeCompare(b ?? ''));
  return groupNames.flatMap((group) => {
    const members = groups.get(group)!;
    const ids = new Set(members.map((r) => r.teamId));
    const own = ordered.filter((m) => ids.has(m.homeTeamId) && ids.has(m.awayTeamId));
    return orderTable(members, rule, own).map((row, index) => ({ ...row, rank: index + 1 }));
  });
}

const DAY = 86_400_000;

/**
 * The matches of the table one matchday ago: without the latest round, i.e. the matches of the round of
 * the most recent match played within a week before it (a postponed match of an old round then takes
 * only its own round's recent matches with it). Without round names, the matches of the last three days.
 */
export function withoutLatestRound<M extends TableMatch>(matches: readonly M[]): M[] {
  if (matches.length === 0) return [];
  const latest = matches.reduce((a, b) => (b.kickoff > a.kickoff ? b : a));
  if (latest.round !== null) {
    return matches.filter((m) => !(m.round === latest.round && m.kickoff > latest.kickoff - 7 * DAY));
  }
  return matches.filter((m) => m.kickoff <= latest.kickoff - 3 * DAY);
}

/** Movement from the previous table: up when the rank improved (smaller number), down when it worsened. */
export function movement(current: number, previous: number | undefined): TeamMovement {
  if (previous === undefined || previous === current) return 'same';
  return current < previous ? 'up' : 'down';
}

export function zoneOf(rank: number, zones: readonly Zone[]): Zone | undefined {
  return zones.find((z) => rank >= z.from && rank <= z.to);
}
