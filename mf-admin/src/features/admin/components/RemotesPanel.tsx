import { useState } from 'react';
import styled from 'styled-components';
import type { RemoteName, RemoteStatus } from '@matchday/contracts';
import { ApiError, Badge, Button, Skeleton, toast } from '@matchday/ui';
import { changeRemote, useRemotes } from '../api/remotes';
import { formatDate, Muted, Section, TableScroll } from './parts';

const Versions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 0.3rem;
  white-space: normal;
`;

const Actions = styled.div`
  display: flex;
  gap: 0.4rem;
`;

const LiveBadge = styled(Badge)`
  background: ${({ theme }) => theme.accent};
  color: ${({ theme }) => theme.accentText};
`;

/**
 * Remotes: the live version of each remote, the versions on disk, Roll back / Roll forward.
 * The buttons do what `npm run rollback` / `npm run rollforward` do; open pages keep the version they loaded.
 */
export function RemotesPanel() {
  const { data, error, isLoading, mutate } = useRemotes(true);
  const [pending, setPending] = useState<RemoteName | null>(null);

  const change = async (remote: RemoteStatus, action: 'rollback' | 'roll-forward') => {
    setPending(remote.name);
    try {
      const reply = await changeRemote(remote.name, action);
      toast({ title: action === 'rollback' ? 'Rolled Back' : 'Rolled Forward', description: reply.message, variant: 'success' });
    } catch (failure) {
      toast({
        title: action === 'rollback' ? 'Rollback Failed' : 'Roll Forward Failed',
        description: failure instanceof ApiError ? failure.message : 'The gateway could not be reached.',
        variant: 'destructive',
      });
    } finally {
      setPending(null);
      await mutate();
    }
  };

  return (
    <Section aria-labelledby="remotes-title" data-testid="remotes-panel">
      <h2 id="remotes-title">Remotes</h2>
      <Muted>Pages already open keep the version they loaded; the next page load gets the live one.</Muted>
      {error ? (
        <Muted role="alert">Could not load the remotes: {error instanceof Error ? error.message : String(error)}</Muted>
      ) : isLoading || !data ? (
        <Skeleton $height="8rem" />
      ) : (
        <TableScroll label="Remotes and their versions">
          <table>
            <thead>
              <tr>
                <th scope="col">Remote</th>
                <th scope="col">Live</th>
                <th scope="col">Available</th>
                <th scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
              {data.remotes.map((remote) => (
                <tr key={remote.name} data-testid={`remote-${remote.name}`}>
                  <th scope="row">{remote.name}</th>
                  <td>
                    <span data-testid="live-version">{remote.live ?? 'not built'}</span>
                    {remote.changedAt && <Muted as="span"> since {formatDate(remote.changedAt)}</Muted>}
                  </td>
                  <td>
                    <Versions>
                      {remote.available.map((version) =>
                        version === remote.live ? (
                          <LiveBadge key={version} title="Live">
                            {version}
                          </LiveBadge>
                        ) : (
                          <Badge key={version}>{version}</Badge>
                        ),
                      )}
                    </Versions>
                  </td>
                  <td>
                    <Actions>
                      <Button
                        type="button"
                        $variant="outline"
                        disabled={!remote.previous || pending !== null}
                        aria-label={remote.previous ? `Roll back ${remote.name} to ${remote.previous}` : `Roll back ${remote.name}`}
                        onClick={() => void change(remote, 'rollback')}
                      >
                        Roll back
                      </Button>
                      <Button
                        type="button"
                        $variant="outline"
                        disabled={!remote.next || pending !== null}
                        aria-label={remote.next ? `Roll forward ${remote.name} to ${remote.next}` : `Roll forward ${remote.name}`}
                        onClick={() => void change(remote, 'roll-forward')}
                      >
                        Roll forward
                      </Button>
                    </Actions>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
    </Section>
  );
}
