import { useEffect } from 'react';
import styled from 'styled-components';
import type { AppFile } from '@matchday/contracts';
import { Skeleton, toast } from '@matchday/ui';
import { PlainList } from '@matchday/ui/unshared';
import { usePwaFiles } from '../api/pwa-files';
import { byteSize, Muted, Section } from './parts';

const List = styled(PlainList)`
  li {
    display: flex;
    justify-content: space-between;
    gap: 0.75rem;
    flex-wrap: wrap;
  }
  a {
    color: ${({ theme }) => theme.text};
    font-weight: 600;
    word-break: break-all;
  }
`;

const Failed = styled.div`
  color: ${({ theme }) => theme.danger};
  strong {
    display: block;
  }
`;

/** Spec §8: an error reply is 'Failed to Load PWA Files'; no reply at all (network) is 'Error Loading PWA Files'. */
export function pwaFailureTitle(error: unknown): string {
  return error instanceof TypeError ? 'Error Loading PWA Files' : 'Failed to Load PWA Files';
}

/** Download PWA files (spec §2): the manifest, service worker, icons and logos of the shell build. States: loading, ready, failed. */
export function PwaFilesCard() {
  const { data, error, isLoading } = usePwaFiles(true);
  useEffect(() => {
    if (error)
      toast({ title: pwaFailureTitle(error), description: error instanceof Error ? error.message : undefined, variant: 'destructive' });
  }, [error]);

  const rows: Array<[string, AppFile]> = data
    ? [
        ...(data.manifest ? [['Manifest', data.manifest] as [string, AppFile]] : []),
        ...(data.serviceWorker ? [['Service worker', data.serviceWorker] as [string, AppFile]] : []),
        ...data.icons.map((file) => ['Icon', file] as [string, AppFile]),
        ...data.logos.map((file) => ['Logo', file] as [string, AppFile]),
      ]
    : [];
  return (
    <Section aria-labelledby="pwa-title" data-testid="pwa-files" data-state={error ? 'failed' : isLoading || !data ? 'loading' : 'ready'}>
      <h2 id="pwa-title">PWA Files</h2>
      {error ? (
        <Failed role="alert">
          <strong>{pwaFailureTitle(error)}</strong>
          {error instanceof Error ? error.message : null}
        </Failed>
      ) : isLoading || !data ? (
        <div role="status" aria-busy="true" aria-label="Loading PWA files">
          <Skeleton $height="1.2rem" />
          <div style={{ height: '0.4rem' }} />
          <Skeleton $height="1.2rem" $width="70%" />
        </div>
      ) : rows.length === 0 ? (
        <Muted>The shell build has no web app manifest, service worker or icons yet.</Muted>
      ) : (
        <List $gap="0.4rem">
          {rows.map(([kind, file]) => (
            <li key={file.url}>
              <span>
                {kind}:{' '}
                <a href={file.url} download>
                  {file.name}
                </a>
              </span>
              <Muted as="span">{byteSize(file.bytes)}</Muted>
            </li>
          ))}
        </List>
      )}
    </Section>
  );
}
