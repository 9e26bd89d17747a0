import { useState } from 'react';
import styled from 'styled-components';
import type { AdminDashboard } from '@matchday/contracts';
import { ApiError, Button, EmptyState, Heading, media, Page, Skeleton, toast, useAppDispatch, usePageMeta } from '@matchday/ui';
import { counted, Figure, TileGrid, useAuthUser } from '@matchday/ui/unshared';
import { useCacheSize } from '../api/cache';
import { clearCache } from '../api/clear-cache';
import { useAdminDashboard } from '../api/dashboard';
import { openTrend, type TrendMetric } from '../store/admin-slice';
import { CachePanel } from './CachePanel';
import { PwaFilesCard } from './PwaFilesCard';
import { RemotesPanel } from './RemotesPanel';
import { SyncPanel } from './SyncPanel';
import { TrendDialog } from './TrendDialog';
import { formatDate, Muted, Section, SectionHead, TableScroll } from './parts';

const Top = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: 0.75rem;
  flex-wrap: wrap;
  margin-bottom: 1rem;
  h1 {
    margin: 0;
  }
`;

const Grid = styled.div`
  display: grid;
  gap: 1rem;
  grid-template-columns: repeat(2, minmax(0, 1fr));
  ${media.mobile} {
    grid-template-columns: minmax(0, 1fr);
  }
  > .wide {
    grid-column: 1 / -1;
  }
`;

const signed = (value: number) => `${value > 0 ? '+' : ''}${value}%`;

function AccessDenied() {
  return (
    <Page>
      <EmptyState title="Access Denied" message="You don't have permission to view this page." />
    </Page>
  );
}

function Loading() {
  return (
    <Page aria-busy="true" aria-label="Loading">
      <Skeleton $height="2rem" $width="40%" />
      <div style={{ height: '1rem' }} />
      <Skeleton $height="10rem" />
    </Page>
  );
}

/** A 401 or 403 from an admin read means "not an administrator" (spec §6), not an error to show. */
const isRefusal = (error: unknown) => error instanceof Error && /^(401|403):/.test(error.message);

/** Refresh cache (spec §8): 'Cache Refreshed!'; a refusal 'Cache Refresh Failed' with the server's message; no reply 'Cache Refresh Error'. */
function RefreshCacheButton({ onCleared }: { onCleared: () => void }) {
  const [pending, setPending] = useState(false);
  const refresh = async () => {
    setPending(true);
    try {
      const reply = await clearCache();
      onCleared();
      toast({
        title: 'Cache Refreshed!',
        description: `${reply.message}: ${counted(reply.cleared, 'cached response')} dropped.`,
        variant: 'success',
      });
    } catch (error) {
      if (error instanceof ApiError) {
        toast({ title: 'Cache Refresh Failed', description: error.message || 'Failed to refresh cache', variant: 'destructive' });
      } else {
        toast({ title: 'Cache Refresh Error', description: 'Failed to refresh cache', variant: 'destructive' });
      }
    } finally {
      setPending(false);
    }
  };
  return (
    <Button type="button" disabled={pending} onClick={() => void refresh()}>
      {pending ? 'Refreshing...' : 'Refresh Cache'}
    </Button>
  );
}

function Dashboard({ data, cache }: { data: AdminDashboard; cache: ReturnType<typeof useCacheSize> }) {
  const dispatch = useAppDispatch();
  const trendButton = (metric: TrendMetric, label: string) => (
    <Button type="button" $variant="outline" onClick={() => dispatch(openTrend(metric))}>
      {label}
    </Button>
  );
  return (
    <Grid>
      <Section aria-labelledby="users-title">
        <SectionHead>
          <h2 id="users-title">Users</h2>
          {trendButton('newUsers', 'New users trend')}
        </SectionHead>
        <TileGrid $min="9rem" $size="large">
          <Figure label="Total users" value={data.totalUsers} valueTestId="total-users" />
          <Figure label="Active (7 days)" value={data.activeUsers} valueTestId="active-users" />
          <Figure label="Frequent (5+ sign-ins a week)" value={data.frequentUsers} valueTestId="frequent-users" />
          <Figure label="New this week" value={data.recentRegistrations} valueTestId="recent-registrations" />
          <Figure label="Growth, week" value={signed(data.userGrowth.weekly)} valueTestId="growth-weekly" />
          <Figure label="Growth, month" value={signed(data.userGrowth.monthly)} valueTestId="growth-monthly" />
        </TileGrid>
      </Section>
      <Section aria-labelledby="logins-title">
        <SectionHead>
          <h2 id="logins-title">Sign-ins</h2>
          {trendButton('signIns', 'Sign-ins trend')}
        </SectionHead>
        <TileGrid $min="9rem" $size="large">
          <Figure label="Today" value={data.loginStats.today} valueTestId="logins-today" />
          <Figure label="This week" value={data.loginStats.thisWeek} valueTestId="logins-week" />
          <Figure label="This month" value={data.loginStats.thisMonth} valueTestId="logins-month" />
        </TileGrid>
      </Section>
      <Section aria-labelledby="recent-title" className="wide">
        <h2 id="recent-title">Recent users</h2>
        {data.recentUsers.length === 0 ? (
          <Muted>No users yet.</Muted>
        ) : (
          <TableScroll label="Recent users">
            <table data-testid="recent-users">
              <thead>
                <tr>
                  <th scope="col">Name</th>
                  <th scope="col">E-mail</th>
                  <th scope="col">Sign-in</th>
                  <th scope="col">Joined</th>
                  <th scope="col">Last sign-in</th>
                </tr>
              </thead>
              <tbody>
                {data.recentUsers.map((user) => (
                  <tr key={user.id}>
                    <td>{[user.firstName, user.lastName].filter(Boolean).join(' ') || '-'}</td>
                    <td>{user.email}</td>
                    <td>{user.loginMethod === 'google' ? 'Google' : 'Other'}</td>
                    <td>{formatDate(user.createdAt)}</td>
                    <td>{formatDate(user.lastLoginAt)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
        )}
      </Section>
      <CachePanel size={cache.data} error={cache.error} />
      <PwaFilesCard />
      <RemotesPanel />
      <SyncPanel />
    </Grid>
  );
}

/** Admin dashboard (/admin, spec §2): figures, trends, refresh cache and the cache's size, PWA files, the remotes' versions and the football data sync; admins only. */
export function AdminScreen() {
  usePageMeta({ title: 'Admin Dashboard', description: 'User statistics, cache, app files and remote versions.' });
  const { user, loading: userLoading } = useAuthUser();
  const isAdmin = Boolean(user?.isAdmin);
  const { data, error, isLoading } = useAdminDashboard(isAdmin);
  const cache = useCacheSize(isAdmin);

  if (userLoading) return <Loading />;
  if (!isAdmin || data === null || isRefusal(error)) return <AccessDenied />;
  return (
    <Page>
      <Top>
        <Heading>Admin Dashboard</Heading>
        <RefreshCacheButton onCleared={() => void cache.mutate()} />
      </Top>
      {error ? (
        <EmptyState title="Could not load the dashboard" message={error instanceof Error ? error.message : String(error)} />
      ) : isLoading || !data ? (
        <Skeleton $height="12rem" aria-label="Loading the dashboard" />
      ) : (
        <Dashboard data={data} cache={cache} />
      )}
      <TrendDialog />
    </Page>
  );
}
