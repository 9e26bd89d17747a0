import { lazy, Suspense, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import styled, { keyframes } from 'styled-components';
import useSWR from 'swr';
import { Badge, Button, initials, media, MOBILE_BREAKPOINT } from '@matchday/ui';
import { useDismiss } from '@matchday/ui/unshared';
import { SHELL_ROUTES, type AuthUser, type DatasetInfo } from '@matchday/contracts';
import { useAfterLoadAndIdle } from '../lib/after-load';
import { SearchBox } from '../search/SearchBox';
import { Logo } from './Logo';
import { PrimaryNav } from './PrimaryNav';

// The share menu, the avatar's menu and the alerts bell are one chunk ("header"), so the kit's query and follows
// code is fetched once. It is fetched once the first screen has had the page to itself
// (afterLoadAndIdle), or at once when the visitor reaches for the header's right side (a pointer, touch included,
// or focus) or opens the Share or avatar menu, so it does not race Home's first card. The Share
// and avatar buttons are drawn at once; their menus open when the chunk is here.
const ShareMenu = lazy(async () => ({ default: (await import(/* webpackChunkName: "header" */ './ShareMenu')).ShareMenu }));
const AccountMenu = lazy(() => import(/* webpackChunkName: "header" */ './AccountMenu'));
const AlertsBell = lazy(() => import(/* webpackChunkName: "header" */ '../alerts/AlertsBell'));

/** The height and padding of .shell-header in the HTML page's critical CSS (libs/config/src/index.html): nothing moves when React takes over. */
const Bar = styled.header`
  position: sticky;
  top: 0;
  z-index: 20;
  box-sizing: border-box;
  height: 3.5rem;
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: 1rem;
  padding: 0 1rem;
  background: ${({ theme }) => theme.surface};
  border-bottom: 1px solid ${({ theme }) => theme.border};
  a {
    text-decoration: none;
  }
  ${media.mobile} {
    padding: 0 0.75rem;
  }
`;

const Left = styled.div`
  display: flex;
  align-items: center;
  gap: 1.25rem;
  flex: 1;
  min-width: 0;
`;

const SearchLink = styled(Link)`
  display: none;
  place-items: center;
  width: 2.25rem;
  height: 2.25rem;
  border-radius: 50%;
  border: 1px solid ${({ theme }) => theme.border};
  background: ${({ theme }) => theme.surfaceRaised};
  svg {
    width: 1.1rem;
    height: 1.1rem;
    fill: none;
    stroke: currentColor;
    stroke-width: 2;
    stroke-linecap: round;
  }
  @media (max-width: ${MOBILE_BREAKPOINT}px) {
    display: inline-grid;
  }
`;

const Right = styled.div`
  display: flex;
  align-items: center;
  gap: 0.5rem;
  position: relative;
`;

const ShareWrap = styled.div`
  position: relative;
`;

const pulse = keyframes`
  0%, 100% { opacity: 1; }
  50% { opacity: 0.4; }
`;

const Placeholder = styled.span`
  width: 2.25rem;
  height: 2.25rem;
  border-radius: 50%;
  background: ${({ theme }) => theme.surfaceRaised};
  animation: ${pulse} 1.5s ease-in-out infinite;
`;

const Avatar = styled.button`
  width: 2.25rem;
  height: 2.25rem;
  border-radius: 50%;
  border: 1px solid ${({ theme }) => theme.border};
  background: ${({ theme }) => theme.surfaceRaised};
  color: ${({ theme }) => theme.text};
  font-weight: 700;
  cursor: pointer;
  overflow: hidden;
  padding: 0;
  img {
    width: 100%;
    height: 100%;
    object-fit: cover;
  }
`;

/** "Demo data" while the stack serves the demo season: its own component, so the dataset arriving re-renders only the badge. */
function DemoBadge() {
  // the app's SWR fetcher (apiGet): the header is first-render code, kept lean (shell size budget)
  const { data: dataset } = useSWR<DatasetInfo | null>('/api/dataset', { revalidateOnFocus: false });
  if (!dataset?.demo) return null;
  return (
    <Badge title="Fictional clubs and generated results" data-testid="demo-badge">
      Demo data
    </Badge>
  );
}

export function Header({ user, loading }: { user: AuthUser | null; loading: boolean }) {
  const [open, setOpen] = useState(false);
  const [shareOpen, setShareOpen] = useState(false);
  const [reached, setReached] = useState(false);
  const menuRef = useRef<HTMLDivElement>(null);
  const shareRef = useRef<HTMLDivElement>(null);
  const lazyParts = useAfterLoadAndIdle() || reached;
  const reach = () => setReached(true);

  useDismiss(menuRef, open, setOpen);
  useDismiss(shareRef, shareOpen, setShareOpen);

  const name = [user?.firstName, user?.lastName].filter(Boolean).join(' ') || user?.email || '';
  return (
    <Bar>
      <Left>
        <Link to="/" aria-label="Matchday home">
          <Logo compactWhenNarrow />
        </Link>
        {user && <PrimaryNav placement="header" />}
        {user && <SearchBox />}
      </Left>
      <Right ref={menuRef} onPointerEnter={reach} onFocus={reach}>
        {user && (
          <SearchLink to={SHELL_ROUTES.search} aria-label="Search" data-testid="search-link">
            <svg viewBox="0 0 24 24" aria-hidden="true">
              <circle cx="11" cy="11" r="6.5" />
              <path d="M16 16l4.5 4.5" />
            </svg>
          </SearchLink>
        )}
        {user && <DemoBadge />}
        {loading && <Placeholder data-testid="auth-placeholder" aria-label="Loading account" />}
        {user && (
          <>
            {lazyParts && (
              <Suspense fallback={null}>
                <AlertsBell />
              </Suspense>
            )}
            <ShareWrap ref={shareRef}>
              <Button
                type="button"
                $variant="outline"
                aria-haspopup="menu"
                aria-expanded={shareOpen}
                onClick={() => setShareOpen((o) => !o)}
              >
                Share
              </Button>
              {(lazyParts || shareOpen) && (
                <Suspense fallback={null}>
                  <ShareMenu user={user} open={shareOpen} onClose={() => setShareOpen(false)} />
                </Suspense>
              )}
            </ShareWrap>
            <Avatar
              type="button"
              aria-haspopup="menu"
              aria-expanded={open}
              aria-label={`Account menu ${initials(name)}`}
              onClick={() => setOpen((o) => !o)}
            >
              {user.profileImageUrl ? <img src={user.profileImageUrl} alt="" /> : <span aria-hidden="true">{initials(name)}</span>}
            </Avatar>
            {(lazyParts || open) && (
              <Suspense fallback={null}>
                <AccountMenu user={user} name={name} hidden={!open} onClose={() => setOpen(false)} />
              </Suspense>
            )}
          </>
        )}
      </Right>
    </Bar>
  );
}
