import { useEffect, useState } from 'react';
import styled from 'styled-components';
import { Button, MOBILE_BREAKPOINT } from '@matchday/ui';
import { applyUpdate, checkForUpdateNow, installApp, pollInstallReadiness, usePwaState } from './runtime';

/** Footer: Install App (spec §2 footer, §4 install state, §8 install messages). */
export function InstallAppButton() {
  const { install } = usePwaState();
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    let cancelled = false;
    void pollInstallReadiness(() => cancelled);
    return () => {
      cancelled = true;
    };
  }, []);
  const onClick = async () => {
    setBusy(true);
    try {
      await installApp();
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button type="button" $variant="outline" disabled={busy} data-install-state={install} onClick={() => void onClick()}>
      {busy ? 'Installing...' : 'Install App'}
    </Button>
  );
}

/** Footer: Check for Updates, or Update Now once an update is available (spec §4 update state). */
export function UpdateControl() {
  const { update } = usePwaState();
  if (update === 'update-available' || update === 'updating') {
    return (
      <Button type="button" $variant="primary" disabled={update === 'updating'} onClick={() => void applyUpdate()}>
        {update === 'updating' ? 'Updating...' : 'Update Now'}
      </Button>
    );
  }
  return (
    <Button type="button" $variant="outline" disabled={update === 'checking'} onClick={() => void checkForUpdateNow()}>
      {update === 'checking' ? 'Checking...' : 'Check for Updates'}
    </Button>
  );
}

const Banner = styled.div`
  position: fixed;
  left: 50%;
  transform: translateX(-50%);
  bottom: 1rem;
  z-index: 90;
  max-width: calc(100vw - 2rem);
  padding: 0.5rem 1rem;
  border-radius: 999px;
  background: #fde68a;
  color: #422006;
  font-size: 0.9rem;
  font-weight: 600;
  box-shadow: 0 4px 16px rgb(0 0 0 / 0.3);
  white-space: nowrap;
  @media (max-width: ${MOBILE_BREAKPOINT}px) {
    bottom: calc(4.2rem + env(safe-area-inset-bottom));
  }
`;

/** Shown while the browser has no network: what is on screen comes from the saved replies. */
export function OfflineBanner() {
  const { online } = usePwaState();
  if (online) return null;
  return <Banner role="status">Offline — showing saved data</Banner>;
}
