import { useState } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { Button, discardBody, toast } from '@matchday/ui';
import type { VersionInfo } from '@matchday/contracts';

const Bar = styled.footer`
  border-top: 1px solid ${({ theme }) => theme.border};
  padding: 1.25rem 1rem 2rem;
  color: ${({ theme }) => theme.textMuted};
  font-size: 0.9rem;
  display: flex;
  flex-wrap: wrap;
  gap: 0.75rem 1.25rem;
  align-items: center;
  justify-content: center;
  a {
    color: inherit;
  }
`;

/** The build time of the page the user is looking at (read once at boot). */
let loadedBuildTime: string | null = null;
export async function rememberBuildTime(): Promise<void> {
  try {
    const response = await fetch('/version.json', { cache: 'no-store' });
    loadedBuildTime = ((await response.json()) as VersionInfo).buildTime;
  } catch {
    loadedBuildTime = null;
  }
}

export function Footer({ supportEmail = 'support@matchday.app' }: { supportEmail?: string }) {
  const [checking, setChecking] = useState(false);
  const checkForUpdate = async () => {
    setChecking(true);
    try {
      const response = await fetch('/version.json', { cache: 'no-store' });
      if (!response.ok) {
        await discardBody(response);
        throw new Error(String(response.status));
      }
      const { buildTime } = (await response.json()) as VersionInfo;
      if (loadedBuildTime && buildTime !== loadedBuildTime) {
        toast({ title: 'Update Available!', description: 'Reload to get the latest version of Matchday.', durationMs: 10_000 });
      } else {
        toast({ title: "You're Up to Date!", description: 'You have the latest version of Matchday.' });
      }
    } catch {
      toast({ title: 'Check Failed', description: 'Could not check for updates. Please try again later.', variant: 'destructive' });
    } finally {
      setChecking(false);
    }
  };
  return (
    <Bar>
      <Link to="/privacy-policy">Privacy Policy</Link>
      <Link to="/delete-account">Delete Account</Link>
      <a href={`mailto:${supportEmail}`}>Support</a>
      <span>© {new Date().getFullYear()} Matchday. All rights reserved.</span>
      <Button type="button" $variant="outline" disabled={checking} onClick={() => void checkForUpdate()}>
        {checking ? 'Checking...' : 'Check for Updates'}
      </Button>
      <Button type="button" $variant="ghost" onClick={() => window.location.reload()} aria-label="Refresh page">
        Refresh
      </Button>
    </Bar>
  );
}
