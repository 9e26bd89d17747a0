import { ScreenPlaceholder } from '@matchday/ui';

export function SquadScreen() {
  return <ScreenPlaceholder title="Match Squad" description="Both squads of a fixture, by position." />;
}
