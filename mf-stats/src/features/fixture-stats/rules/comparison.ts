import { SIDE_STAT_NAMES, type FixtureStatName, type FixtureStats } from '@matchday/contracts';
import { num } from '../../../lib/numbers';

type SideStat = (typeof SIDE_STAT_NAMES)[number];

/** A side statistic as a number: missing shows 0, a percent sign is stripped (spec §5, §9). */
export function sideValue(stats: FixtureStats, name: SideStat, side: 'home' | 'away'): number {
  return num(stats[`${side}Team${name}`]);
}

/** The statistics the match's sources carry (the reply's `available`); null from a service that does not send it (all shown). */
function availableStatistics(stats: FixtureStats): ReadonlySet<FixtureStatName> | null {
  return Array.isArray(stats.available) ? new Set(stats.available) : null;
}

/** Whether the sources give any team statistic beyond the goals (a live match gets them with its full record). */
export function hasTeamStatistics(stats: FixtureStats): boolean {
  const available = availableStatistics(stats);
  if (available) return available.size > 0;
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

function row(stats: FixtureStats, label: string, name: SideStat, percent = false): ComparisonRow & { name: SideStat } {
  return { label, home: sideValue(stats, name, 'home'), away: sideValue(stats, name, 'away'), percent, name };
}

/**
 * The four comparison cards of spec §2, with only the statistics the match's sources carry (a card left without rows
 * is left out; the Goals row always stays, unless `hideGoals`: spoiler-free mode, score not revealed).
 */
export function comparisonGroups(stats: FixtureStats, { hideGoals = false }: { hideGoals?: boolean } = {}): ComparisonGroup[] {
  const goals: ComparisonRow = { label: 'Goals', home: num(stats.homeTeamGoalScored), away: num(stats.awayTeamGoalScored) };
  const available = availableStatistics(stats);
  const extra = (name: 'ShotsOnGoal' | 'ExpectedGoals', label: string): ComparisonRow[] =>
    available?.has(name) ? [{ label, home: num(stats[`homeTeam${name}`]), away: num(stats[`awayTeam${name}`]) }] : [];
  const shown = (name: SideStat) => available === null || available.has(name);
  const groups = allGroups(stats, hideGoals ? [] : [goals], [
    ...extra('ShotsOnGoal', 'Shots on Target'),
    ...extra('ExpectedGoals', 'Expected Goals (xG)'),
  ]);
  return groups
    .map((group) => ({ ...group, rows: group.rows.filter((r) => !r.name || shown(r.name)).map(({ name: _name, ...r }) => r) }))
    .filter((group) => group.rows.length > 0);
}

type NamedRow = ComparisonRow & { name?: SideStat };

function allGroups(stats: FixtureStats, goals: ComparisonRow[], shots: ComparisonRow[]): Array<{ title: string; rows: NamedRow[] }> {
  return [
    {
      title: goals.length === 0 ? 'Shots' : 'Shots & Goals',
      rows: [
        ...goals,
        row(stats, 'Total Shots', 'TotalShots'),
        ...shots,
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
