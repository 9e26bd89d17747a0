import { ScreenPlaceholder } from '@matchday/ui';

export function StandingsScreen() {
  return <ScreenPlaceholder title="Standings" description="League table with form and movement." />;
}
