import { ScreenPlaceholder } from '@matchday/ui';

export function SocialPreviewScreen() {
  return <ScreenPlaceholder title="Social Preview" description="Share preview and referral share target." />;
}
