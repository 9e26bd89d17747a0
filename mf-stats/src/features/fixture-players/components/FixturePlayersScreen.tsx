import { ScreenPlaceholder } from '@matchday/ui';

export function FixturePlayersScreen() {
  return <ScreenPlaceholder title="Player Statistics" description="Player performances in a fixture." />;
}
