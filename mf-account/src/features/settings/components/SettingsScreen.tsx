import { ScreenPlaceholder } from '@matchday/ui';

export function SettingsScreen() {
  return <ScreenPlaceholder title="Settings" description="Theme, referral code and quick actions." />;
}
