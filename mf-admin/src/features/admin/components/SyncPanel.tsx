import { useState } from 'react';
import styled from 'styled-components';
import type { SyncLeagueRun } from '@matchday/contracts';
import { ApiError, Button, dateFormat, Skeleton, toast } from '@matchday/ui';
import { runSync, useSyncStatus } from '../api/sync';
import { Muted, Section, SectionHead, TableScroll } from './parts';

const ErrorText = styled.span`
  display: block;
  white-space: normal;
  min-width: 14rem;
  overflow-wrap: anywhere;
`;

const utcTime = dateFormat('en-GB', { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit', timeZone: 'UTC' });
const when = (iso: string | null) => (iso ? `${utcTime(iso)} UTC` : 'Never');

/** "fetched: 10 results, 18 kick-offs moved, 0 new", "unchanged", "failed". */
export function runSummary(run: SyncLeagueRun): string {
  if (run.outcome !== 'fetched') return run.outcome;
  return `fetched: ${run.resultsAdded} results, ${run.kickoffsMoved} kick-offs moved, ${run.fixturesNew} new`;
}

/**
 * The football.json sync (SYNC_FOOTBALL_JSON): per followed league its last run, last change and last error, and
 * "Sync now", which answers once every league is done.
 */
export function SyncPanel() {
  const { data, error, isLoading, mutate } = useSyncStatus(true);
  const [running, setRunning] = useState(false);

  const syncNow = async () => {
    setRunning(true);
    try {
      const reply = await runSync();
      const failed = reply.leagues.filter((league) => league.outcome === 'failed').length;
      toast({
        title: failed ? 'Sync Finished With Errors' : 'Sync Finished',
        description: reply.leagues.map((league) => `${league.code} ${runSummary(league)}`).join('; '),
        variant: failed ? 'destructive' : 'success',
      });
    } catch (failure) {
      toast({
        title: 'Sync Failed',
        description: failure instanceof ApiError ? failure.message : 'The gateway could not be reached.',
        variant: 'destructive',
      });
    } finally {
      setRunning(false);
      await mutate();
    }
  };

  return (
    <Section aria-labelledby="sync-title" data-testid="sync-panel">
      <SectionHead>
        <h2 id="sync-title">Football data sync</h2>
        <Button type="button" $variant="outline" disabled={running || !data?.enabled} onClick={() => void syncNow()}>
          {running ? 'Syncing…' : 'Sync now'}
        </Button>
      </SectionHead>
      {error ? (
        <Muted role="alert">Could not load the sync: {error instanceof Error ? error.message : String(error)}</Muted>
      ) : isLoading || !data ? (
        <Skeleton $height="6rem" />
      ) : !data.enabled ? (
        <Muted>Off. Set SYNC_FOOTBALL_JSON (e.g. en.1,es.1) to follow leagues from openfootball&apos;s football.json.</Muted>
      ) : (
        <>
          <Muted>openfootball football.json, every {Math.round(data.intervalSeconds / 360) / 10} h</Muted>
          <TableScroll label="Followed leagues and their last sync">
            <table>
              <thead>
                <tr>
                  <th scope="col">League</th>
                  <th scope="col">Last run</th>
                  <th scope="col">Last change</th>
                  <th scope="col">Last error</th>
                </tr>
              </thead>
              <tbody>
                {data.leagues.map((league) => (
                  <tr key={league.code} data-testid={`sync-${league.code}`}>
                    <th scope="row">
                      {league.leagueName} <Muted as="span">{league.season}</Muted>
                    </th>
                    <td>
                      {when(league.lastRunAt)}
                      {league.lastRun && <Muted as="span"> · {runSummary(league.lastRun)}</Muted>}
                    </td>
                    <td>{when(league.lastChangeAt)}</td>
                    <td>
                      {league.lastError ? (
                        <ErrorText title={league.lastError}>
                          {when(league.lastErrorAt)}: {league.lastError}
                        </ErrorText>
                      ) : (
                        'None'
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
        </>
      )}
    </Section>
  );
}
