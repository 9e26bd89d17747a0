import { ScreenPlaceholder } from '@matchday/ui';

export function AdminScreen() {
  return <ScreenPlaceholder title="Admin Dashboard" description="User statistics, cache and app files." />;
}
