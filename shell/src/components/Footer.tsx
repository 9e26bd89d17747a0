import { lazy, Suspense } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { Button, useSupportEmail } from '@matchday/ui';
import { useAfterLoadAndIdle } from '../lib/after-load';

// Workbox and the update checks are not needed for the first screen (the footer starts below the fold):
// the controls are drawn once the page has loaded and the browser is idle.
const FooterPwaControls = lazy(() => import(/* webpackChunkName: "pwa" */ './FooterPwaControls'));

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

/** Spec footer: legal links, the support address the gateway is configured with (SUPPORT_EMAIL), PWA controls, Refresh. */
export function Footer() {
  const supportEmail = useSupportEmail();
  const pwaControls = useAfterLoadAndIdle();
  return (
    <Bar>
      <Link to="/privacy-policy">Privacy Policy</Link>
      <Link to="/delete-account">Delete Account</Link>
      <a href={`mailto:${supportEmail}`}>Support</a>
      <span>© {new Date().getFullYear()} Matchday. All rights reserved.</span>
      {pwaControls && (
        <Suspense fallback={null}>
          <FooterPwaControls />
        </Suspense>
      )}
      <Button type="button" $variant="ghost" onClick={() => window.location.reload()} aria-label="Refresh page">
        Refresh
      </Button>
    </Bar>
  );
}
