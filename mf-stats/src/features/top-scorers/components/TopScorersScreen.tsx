import { ScreenPlaceholder } from '@matchday/ui';

export function TopScorersScreen() {
  return <ScreenPlaceholder title="Top Scorers" description="Leading goal scorers of a league season." />;
}
