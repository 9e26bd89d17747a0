import { ScreenPlaceholder } from '@matchday/ui';

export function PrivacyPolicyScreen() {
  return <ScreenPlaceholder title="Privacy Policy" description="How Matchday handles your data." />;
}
