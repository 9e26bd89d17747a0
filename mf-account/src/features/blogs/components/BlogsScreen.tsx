import { ScreenPlaceholder } from '@matchday/ui';

export function BlogsScreen() {
  return <ScreenPlaceholder title="Blog Posts" description="Articles about football statistics and fantasy insights." />;
}
