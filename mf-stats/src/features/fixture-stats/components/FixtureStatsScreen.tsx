import { ScreenPlaceholder } from '@matchday/ui';

export function FixtureStatsScreen() {
  return <ScreenPlaceholder title="Fixture Statistics" description="Team statistics of a fixture." />;
}
