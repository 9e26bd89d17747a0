import { SIDE_STAT_NAMES, type SideStatName } from '@matchday/contracts';

/** A team's statistic in one match: the side statistics the contracts name, plus shots on target. */
export type TeamStatName = SideStatName | 'ShotsOnGoal';
export const TEAM_STAT_NAMES: readonly TeamStatName[] = [...SIDE_STAT_NAMES, 'ShotsOnGoal'];

/** The fixture_team_stats column of each statistic: the one mapping the store and the read side share. */
export const TEAM_STAT_COLUMNS = {
  TotalShots: 'total_shots',
  ShotsOnGoal: 'shots_on_target',
  BlockedShots: 'blocked_shots',
  ShotsInsideBox: 'shots_inside_box',
  ShotsOutsideBox: 'shots_outside_box',
  BallPossession: 'ball_possession',
  TotalPasses: 'total_passes',
  PassesAccurate: 'passes_accurate',
  PassesPercent: 'passes_percent',
  GoalKeeperSaves: 'goalkeeper_saves',
  Fouls: 'fouls',
  OffSides: 'offsides',
  YelloCards: 'yellow_cards',
  RedCards: 'red_cards',
  CornerKicks: 'corner_kicks',
} as const satisfies Readonly<Record<TeamStatName, string>>;

export type TeamStatColumn = (typeof TEAM_STAT_COLUMNS)[TeamStatName];
