import { Link } from 'react-router-dom';
import { Button, EmptyState, Heading, Page, Skeleton, usePageMeta } from '@matchday/ui';
import { Stack, useAuthUser, useMyReferralCode } from '@matchday/ui/unshared';
import { Columns } from '../../../lib/layout';
import { useMyReferrals } from '../api/use-my-referrals';
import { DangerZone } from './DangerZone';
import { ProfileInfo } from './ProfileInfo';
import { ReferralCard } from './ReferralCard';
import { ReferralList } from './ReferralList';

export function ProfileScreen() {
  usePageMeta({ title: 'Profile', description: 'Your Matchday account, referral code and referrals.' });
  const { user, loading } = useAuthUser();
  const code = useMyReferralCode(!!user);
  const referrals = useMyReferrals(!!user);

  if (loading) {
    return (
      <Page>
        <Skeleton $height="12rem" />
      </Page>
    );
  }
  if (!user) {
    return (
      <Page>
        <EmptyState title="Please log in to view your profile">
          <Button as={Link} to="/">
            Go to Home
          </Button>
        </EmptyState>
      </Page>
    );
  }
  return (
    <Page>
      <Heading>Profile</Heading>
      <Stack $gap="1.25rem">
        <Columns>
          <ProfileInfo user={user} />
          <ReferralCard info={code.data} error={code.error as Error | undefined} />
        </Columns>
        <ReferralList referrals={referrals.data} error={referrals.error as Error | undefined} />
        <DangerZone />
      </Stack>
    </Page>
  );
}
