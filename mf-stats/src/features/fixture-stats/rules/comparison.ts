import { SIDE_STAT_NAMES, type FixtureStats } from '@matchday/contracts';
import { num } from '../../../lib/numbers';

type SideStat = (typeof SIDE_STAT_NAMES)[number];

/** A side statistic as a number: missing shows 0, a percent sign is stripped (spec §5, §9). */
export function sideValue(stats: FixtureStats, name: SideStat, side: 'home' | 'away'): number {
  return num(stats[`${side}Team${name}`]);
}

/** Whether the source gave any team statistic beyond the goals (a live match gets them with its full record). */
export function hasTeamStatistics(stats: FixtureStats): boolean {
  return SIDE_STAT_NAMES.some((name) => stats[`homeTeam${name}`] != null || stats[`awayTeam${name}`] != null);
}

export interface ComparisonRow {
  label: string;
  home: number;
  away: number;
  percent?: boolean;
}

export interface ComparisonGroup {
  title: string;
  rows: ComparisonRow[];
}

function row(stats: FixtureStats, label: string, name: SideStat, percent = false): ComparisonRow {
  return { label, home: sideValue(stats, name, 'home'), away: sideValue(stats, name, 'away'), percent };
}

/** The four comparison cards of spec §2; `hideGoals` (spoiler-free mode, score not revealed) leaves the Goals row out. */
export function comparisonGroups(stats: FixtureStats, { hideGoals = false }: { hideGoals?: boolean } = {}): ComparisonGroup[] {
  const goals: ComparisonRow = { label: 'Goals', home: num(stats.homeTeamGoalScored), away: num(stats.awayTeamGoalScored) };
  return [
    {
      title: hideGoals ? 'Shots' : 'Shots & Goals',
      rows: [
        ...(hideGoals ? [] : [goals]),
        row(stats, 'Total Shots', 'TotalShots'),
        row(stats, 'Shots Inside Box', 'ShotsInsideBox'),
        row(stats, 'Shots Outside Box', 'ShotsOutsideBox'),
        row(stats, 'Blocked Shots', 'BlockedShots'),
      ],
    },
    {
      title: 'Possession & Passing',
      rows: [
        row(stats, 'Ball Possession', 'BallPossession', true),
        row(stats, 'Total Passes', 'TotalPasses'),
        row(stats, 'Accurate Passes', 'PassesAccurate'),
        row(stats, 'Pass Accuracy', 'PassesPercent', true),
      ],
    },
    {
      title: 'Defending',
      rows: [row(stats, 'Goalkeeper Saves', 'GoalKeeperSaves'), row(stats, 'Fouls', 'Fouls'), row(stats, 'Offsides', 'OffSides')],
    },
    {
      title: 'Discipline & Set Pieces',
      rows: [row(stats, 'Yellow Cards', 'YelloCards'), row(stats, 'Red Cards', 'RedCards'), row(stats, 'Corner Kicks', 'CornerKicks')],
    },
  ];
}
