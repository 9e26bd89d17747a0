import { lazy, Suspense } from 'react';
import { EmptyState, Heading, Page, Skeleton, usePageMeta } from '@matchday/ui';
import { LoadingBlock, Stack, useAuthUser } from '@matchday/ui/unshared';
import { Columns } from '../../../lib/layout';
import { ApplyReferralCard } from './ApplyReferralCard';
import { QuickActions } from './QuickActions';
import { ThemeCard } from './ThemeCard';

const PersonalSettings = lazy(() => import('./PersonalSettings'));

export function SettingsScreen() {
  usePageMeta({
    title: 'Settings',
    description: 'Theme, alerts, spoiler-free mode, calendar, referral code and quick actions for your Matchday account.',
  });
  const { user, loading } = useAuthUser();
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
        <EmptyState title="Please log in to access settings" />
      </Page>
    );
  }
  return (
    <Page>
      <Heading>Settings</Heading>
      <Stack $gap="1.25rem">
        <Columns>
          <ThemeCard signedIn />
          <QuickActions />
        </Columns>
        <Suspense fallback={<LoadingBlock heights={['18rem', '12rem']} label="Loading alerts, spoiler-free mode and calendar" />}>
          <PersonalSettings />
        </Suspense>
        <ApplyReferralCard />
      </Stack>
    </Page>
  );
}
