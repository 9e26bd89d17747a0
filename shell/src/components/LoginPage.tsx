import { useEffect } from 'react';
import { useLocation, useSearchParams } from 'react-router-dom';
import styled from 'styled-components';
import { PENDING_REFERRAL_STORAGE_KEY, REFERRAL_CODE_PATTERN } from '@matchday/contracts';
import { Button, media } from '@matchday/ui';
import { forgetLastUser } from '@matchday/ui/unshared';
import { Logo } from './Logo';

const Split = styled.div`
  min-height: 100vh;
  display: grid;
  grid-template-columns: 1fr 1fr;
  ${media.mobile} {
    grid-template-columns: 1fr;
  }
`;

const Panel = styled.section`
  background: linear-gradient(160deg, #14532d, #0b1120 70%);
  color: #f8fafc;
  padding: 3rem;
  display: flex;
  flex-direction: column;
  justify-content: center;
  gap: 1.5rem;
  h1 {
    font-size: 2.4rem;
    margin: 0;
  }
  h2 {
    margin: 0;
    font-size: 1.1rem;
    color: #bbf7d0;
  }
  ul {
    margin: 0;
    padding-left: 1.2rem;
    display: grid;
    gap: 0.5rem;
  }
  ${media.mobile} {
    display: none;
  }
`;

const CardWrap = styled.section`
  display: grid;
  place-items: center;
  padding: 2rem 1rem;
`;

const SignInCard = styled.div`
  width: min(26rem, 100%);
  background: ${({ theme }) => theme.surface};
  border: 1px solid ${({ theme }) => theme.border};
  border-radius: 16px;
  padding: 2rem;
  display: grid;
  gap: 1rem;
  text-align: center;
  h2 {
    margin: 0;
    font-size: 1.6rem;
  }
  p {
    margin: 0;
    color: ${({ theme }) => theme.textMuted};
  }
  small {
    color: ${({ theme }) => theme.textMuted};
  }
`;

const Error = styled.p`
  color: ${({ theme }) => theme.danger} !important;
`;

const Invite = styled.p`
  color: ${({ theme }) => theme.text} !important;
  background: ${({ theme }) => theme.surfaceRaised};
  border-radius: 8px;
  padding: 0.6rem 0.8rem;
`;

/** A referral share link (/social-preview/{code}) opened while signed out: the code is kept for Settings. */
function useInvitationCode(): string | null {
  const { pathname } = useLocation();
  const linkCode = /^\/social-preview\/([^/]+)\/?$/.exec(pathname)?.[1]?.toUpperCase();
  // only a code that can be one is shown and kept
  const code = linkCode && REFERRAL_CODE_PATTERN.test(linkCode) ? linkCode : null;
  useEffect(() => {
    if (!code) return;
    try {
      localStorage.setItem(PENDING_REFERRAL_STORAGE_KEY, code);
    } catch {
      // private mode: the code is still shown on the page
    }
  }, [code]);
  return code;
}

/** Spec §2 Login: shown at /login and on every other path while signed out. */
export function LoginPage() {
  const [params] = useSearchParams();
  const invitation = useInvitationCode();
  useEffect(() => {
    const previous = document.title;
    document.title = 'Sign in | Matchday';
    return () => {
      document.title = previous;
    };
  }, []);
  return (
    <Split>
      <Panel aria-label="About Matchday">
        <Logo size={40} />
        <h1>Welcome to Matchday</h1>
        <h2>What we provide</h2>
        <ul>
          <li>Fixture insights and player stats</li>
          <li>Head-to-head records</li>
          <li>Team performance analysis</li>
        </ul>
        <p>Use it fully while it&apos;s free</p>
      </Panel>
      <CardWrap>
        <SignInCard>
          <h2>Welcome Back!</h2>
          <p>Sign in to access your personalized football experience</p>
          {invitation && (
            <Invite data-testid="referral-invitation">
              You were invited with referral code <strong>{invitation}</strong>. Sign in, then apply it in Settings to get 1 month of free
              premium.
            </Invite>
          )}
          {params.get('error') && <Error role="alert">Sign-in did not complete. Please try again.</Error>}
          <Button
            type="button"
            onClick={() => {
              // whoever signs in now, the user this device last saw is not shown again offline
              forgetLastUser();
              // the page opened (a shared match, an invitation) is where the sign-in comes back to
              const { pathname, search } = window.location;
              const here = pathname === '/' || pathname === '/login' ? '' : `?returnTo=${encodeURIComponent(pathname + search)}`;
              window.location.href = `/auth/google${here}`;
            }}
          >
            Continue with Google
          </Button>
          <small>
            By continuing, you agree to our Terms of Service and <a href="/privacy-policy">Privacy Policy</a>.
          </small>
          <small>Secure sign-in powered by Google</small>
        </SignInCard>
      </CardWrap>
    </Split>
  );
}
