import { ScreenPlaceholder } from '@matchday/ui';

export function ProfileScreen() {
  return <ScreenPlaceholder title="Profile" description="Your information, referral code and referrals." />;
}
