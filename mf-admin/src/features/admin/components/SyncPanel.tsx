import { useState } from 'react';
import styled from 'styled-components';
import type { SyncLeagueRun } from '@matchday/contracts';
import { ApiError, Button, dateTime, Skeleton, toast } from '@matchday/ui';
import { runSync, useSyncStatus } from '../api/sync';
import { Muted, Section, SectionHead } from './parts';

const Leagues = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: 0.75rem;
  grid-template-columns: repeat(auto-fill, minmax(min(100%, 22rem), 1fr));
  h3 {
    margin: 0 0 0.3rem;
    font-size: 1rem;
  }
  dl {
    margin: 0;
    display: grid;
    grid-template-columns: auto minmax(0, 1fr);
    gap: 0.2rem 0.75rem;
    font-size: 0.9rem;
  }
  dt {
    color: ${({ theme }) => theme.textMuted};
  }
  dd {
    margin: 0;
    overflow-wrap: anywhere;
  }
`;

const when = (iso: string | null) => (iso ? dateTime(iso) : 'Never');

/**
 * "fetched: 10 results, 18 kick-offs moved, 0 new", with "; 1 result changed: Liverpool v Bournemouth 4-2 → 4-3" when a
 * finished match's result changed; "unchanged", "failed".
 */
export function runSummary(run: SyncLeagueRun): string {
  if (run.outcome !== 'fetched') return run.outcome;
  const summary = `fetched: ${run.resultsAdded} results, ${run.kickoffsMoved} kick-offs moved, ${run.fixturesNew} new`;
  const changed = run.resultsChanged;
  if (changed === 0) return summary;
  const more = changed > run.changedResults.length ? ', ...' : '';
  return `${summary}; ${changed} result${changed === 1 ? '' : 's'} changed: ${run.changedResults.join(', ')}${more}`;
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
    <Section className="wide" aria-labelledby="sync-title" data-testid="sync-panel">
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
          <Leagues aria-label="Followed leagues and their last sync">
            {data.leagues.map((league) => (
              <li key={league.code} data-testid={`sync-${league.code}`}>
                <h3>
                  {league.leagueName} {league.season} <Muted as="span">{league.code}</Muted>
                </h3>
                <dl>
                  <dt>Last run</dt>
                  <dd>
                    {when(league.lastRunAt)}
                    {league.lastRun && <Muted as="span"> · {runSummary(league.lastRun)}</Muted>}
                  </dd>
                  <dt>Last change</dt>
                  <dd>{when(league.lastChangeAt)}</dd>
                  <dt>Last error</dt>
                  <dd>{league.lastError ? `${when(league.lastErrorAt)}: ${league.lastError}` : 'None'}</dd>
                </dl>
              </li>
            ))}
          </Leagues>
        </>
      )}
    </Section>
  );
}
