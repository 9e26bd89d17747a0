import { ScreenPlaceholder } from '@matchday/ui';

export function H2hScreen() {
  return <ScreenPlaceholder title="Head to Head" description="Past and upcoming meetings of two teams." />;
}
