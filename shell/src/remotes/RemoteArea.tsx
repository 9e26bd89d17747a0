import { Component, lazy, Suspense, useMemo, useState, type ErrorInfo, type ReactNode } from 'react';
import styled from 'styled-components';
import { Button, Card, Page, Skeleton } from '@matchday/ui';
import type { RemoteName } from '@matchday/contracts';
import { loadedRemoteApp, loadRemoteApp } from './registry';

const Fallback = styled(Card)`
  max-width: 32rem;
  margin: 2rem auto;
  text-align: center;
  h2 {
    margin-top: 0;
  }
  p {
    color: ${({ theme }) => theme.textMuted};
  }
`;

class AreaBoundary extends Component<{ onRetry: () => void; name: RemoteName; children: ReactNode }, { error: Error | null }> {
  override state = { error: null as Error | null };
  static getDerivedStateFromError(error: Error) {
    return { error };
  }
  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error(`Remote ${this.props.name} failed`, error, info.componentStack);
  }
  override render() {
    if (!this.state.error) return this.props.children;
    return (
      <Page>
        <Fallback role="alert" data-testid="remote-fallback">
          <h2>This section could not be loaded</h2>
          <p>Something went wrong while loading this part of Matchday. The rest of the app still works.</p>
          <Button
            type="button"
            onClick={() => {
              this.setState({ error: null });
              this.props.onRetry();
            }}
          >
            Retry
          </Button>
        </Fallback>
      </Page>
    );
  }
}

function AreaSkeleton() {
  return (
    <Page aria-busy="true" aria-label="Loading">
      <Skeleton $height="2rem" $width="40%" />
      <div style={{ height: '1rem' }} />
      <Skeleton $height="8rem" />
    </Page>
  );
}

/**
 * One route area: lazy-loads the remote's App and renders the given screen. A failure (entry 404,
 * timeout, exception while rendering) shows a fallback with Retry in this area only.
 */
export function RemoteArea({ name, screen }: { name: RemoteName; screen: string }) {
  const [attempt, setAttempt] = useState(0);
  // An App already loaded (the boot's preload, an area entered before) is drawn at once; else React.lazy, which caches
  // a rejection forever: a new lazy component per attempt.
  const RemoteApp = useMemo(
    () => (attempt === 0 ? loadedRemoteApp(name) : undefined) ?? lazy(async () => ({ default: await loadRemoteApp(name, attempt) })),
    [name, attempt],
  );
  return (
    <AreaBoundary key={`${name}:${attempt}`} name={name} onRetry={() => setAttempt((n) => n + 1)}>
      <Suspense fallback={<AreaSkeleton />}>
        <RemoteApp screen={screen} />
      </Suspense>
    </AreaBoundary>
  );
}
