import { ScreenPlaceholder } from '@matchday/ui';

export function InsightsAndAnalysisScreen() {
  return <ScreenPlaceholder title="Insights and Analysis" description="Using sports stats and fantasy insights." />;
}
