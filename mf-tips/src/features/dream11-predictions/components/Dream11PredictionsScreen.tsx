import { ScreenPlaceholder } from '@matchday/ui';

export function Dream11PredictionsScreen() {
  return <ScreenPlaceholder title="Dream11 Predictions" description="Fantasy team suggestions for upcoming fixtures." />;
}
