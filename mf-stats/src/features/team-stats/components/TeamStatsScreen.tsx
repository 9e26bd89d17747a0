import { ScreenPlaceholder } from '@matchday/ui';

export function TeamStatsScreen() {
  return <ScreenPlaceholder title="Team Stats" description="Season statistics of a team: overview, home and away." />;
}
