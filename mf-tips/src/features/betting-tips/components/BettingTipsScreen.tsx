import { ScreenPlaceholder } from '@matchday/ui';

export function BettingTipsScreen() {
  return <ScreenPlaceholder title="Football Betting Tips & Predictions" description="Tips derived from upcoming fixtures." />;
}
