import { ScreenPlaceholder } from '@matchday/ui';

export function TeamScreen() {
  return <ScreenPlaceholder title="Team Squad" description="Players of a team in a league season, by position." />;
}
