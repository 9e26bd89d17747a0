import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router-dom';
import styled from 'styled-components';
import { MOBILE_BREAKPOINT } from '@matchday/ui';
import { navItemFor, PRIMARY_NAV, type NavItem } from '@matchday/contracts';

const ICONS: Record<NavItem['label'], ReactNode> = {
  // a ball
  Matches: (
    <>
      <circle cx="12" cy="12" r="9" />
      <path d="M12 7.5l4 2.9-1.5 4.7h-5L8 10.4z" />
    </>
  ),
  // a trophy
  Leagues: (
    <>
      <path d="M8 4h8v5a4 4 0 0 1-8 0z" />
      <path d="M8 6H5a3 3 0 0 0 3 4M16 6h3a3 3 0 0 1-3 4M12 13v4M8.5 20h7M10 17h4" />
    </>
  ),
  // a lightbulb
  Tips: (
    <>
      <path d="M9 18h6M10 21h4" />
      <path d="M12 3a6 6 0 0 0-3.5 10.9c.6.5 1 1.2 1 2.1h5c0-.9.4-1.6 1-2.1A6 6 0 0 0 12 3z" />
    </>
  ),
  // a star
  Fantasy: <path d="M12 3.5l2.6 5.3 5.9.9-4.3 4.1 1 5.8-5.2-2.7-5.2 2.7 1-5.8-4.3-4.1 5.9-.9z" />,
};

const Bar = styled.nav<{ $placement: 'header' | 'bottom' }>`
  ul {
    list-style: none;
    margin: 0;
    padding: 0;
    display: flex;
  }
  a {
    display: flex;
    align-items: center;
    gap: 0.4rem;
    text-decoration: none;
    color: ${({ theme }) => theme.textMuted};
    font-weight: 600;
    border-radius: 8px;
  }
  a[aria-current='page'] {
    color: ${({ theme }) => theme.text};
  }
  svg {
    width: 1.35rem;
    height: 1.35rem;
    flex: none;
    fill: none;
    stroke: currentColor;
    stroke-width: 1.8;
    stroke-linejoin: round;
    stroke-linecap: round;
  }
  ${({ $placement, theme }) =>
    $placement === 'header'
      ? `
    ul { gap: 0.25rem; }
    a { padding: 0.45rem 0.7rem; }
    a:hover { background: ${theme.surfaceRaised}; color: ${theme.text}; }
    a[aria-current='page'] { background: ${theme.surfaceRaised}; box-shadow: inset 0 -2px 0 ${theme.accent}; }
    @media (max-width: ${MOBILE_BREAKPOINT}px) { display: none; }
  `
      : `
    position: fixed;
    left: 0;
    right: 0;
    bottom: 0;
    z-index: 30;
    background: ${theme.surface};
    border-top: 1px solid ${theme.border};
    padding-bottom: env(safe-area-inset-bottom);
    ul { justify-content: space-around; }
    li { flex: 1; }
    a {
      flex-direction: column;
      justify-content: center;
      gap: 0.15rem;
      min-height: 3.5rem;
      font-size: 0.75rem;
    }
    a[aria-current='page'] { color: ${theme.accent}; }
    a[aria-current='page'] svg { stroke-width: 2.4; }
    @media (min-width: ${MOBILE_BREAKPOINT + 1}px) { display: none; }
  `}
`;

/** Room the fixed bottom bar takes on phones, for the page to keep its last lines visible. */
export const BOTTOM_BAR_SPACE = `
  @media (max-width: ${MOBILE_BREAKPOINT}px) {
    padding-bottom: calc(3.6rem + env(safe-area-inset-bottom));
  }
`;

/**
 * The primary navigation (Matches, Leagues, Tips, Fantasy): in the header above 768 px, a bottom tab
 * bar with icons and labels up to 768 px. Owned by the shell, so it works while any remote is down.
 * The current section's link carries aria-current="page".
 */
export function PrimaryNav({ placement }: { placement: 'header' | 'bottom' }) {
  const { pathname } = useLocation();
  const current = navItemFor(pathname);
  return (
    <Bar aria-label="Primary" $placement={placement} data-testid={`primary-nav-${placement}`}>
      <ul>
        {PRIMARY_NAV.map((item) => (
          <li key={item.label}>
            <Link to={item.path} aria-current={item === current ? 'page' : undefined}>
              <svg viewBox="0 0 24 24" aria-hidden="true">
                {ICONS[item.label]}
              </svg>
              <span>{item.label}</span>
            </Link>
          </li>
        ))}
      </ul>
    </Bar>
  );
}
