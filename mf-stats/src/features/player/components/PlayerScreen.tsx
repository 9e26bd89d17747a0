import { ScreenPlaceholder } from '@matchday/ui';

export function PlayerScreen() {
  return <ScreenPlaceholder title="Player" description="League statistics and recent fixtures of a player." />;
}
