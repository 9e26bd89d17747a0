import { useMemo, useRef, type KeyboardEvent } from 'react';
import styled from 'styled-components';
import { calendarLinks, Muted, type CalendarLinks } from '@matchday/ui/unshared';
import { feedFileName } from './calendar-feeds';

const Menu = styled.details`
  &[open] {
    flex-basis: 100%;
  }
  summary {
    display: inline-flex;
    align-items: center;
    gap: 0.35rem;
    min-height: 2.25rem;
    padding: 0.3rem 0.7rem;
    border-radius: 999px;
    border: 1px solid ${({ theme }) => theme.border};
    color: ${({ theme }) => theme.text};
    font-weight: 600;
    cursor: pointer;
    list-style: none;
    user-select: none;
    &::-webkit-details-marker {
      display: none;
    }
    &:focus-visible {
      outline: 2px solid ${({ theme }) => theme.accent};
      outline-offset: 2px;
    }
    svg {
      width: 1.05rem;
      height: 1.05rem;
      fill: none;
      stroke: ${({ theme }) => theme.textMuted};
    }
    .chevron {
      transition: transform 0.15s;
    }
  }
  &[open] summary .chevron {
    transform: rotate(180deg);
  }
`;

const Panel = styled.div`
  display: grid;
  gap: 0.5rem;
  margin-top: 0.6rem;
  padding: 0.75rem;
  border-radius: 10px;
  border: 1px solid ${({ theme }) => theme.border};
  background: ${({ theme }) => theme.surface};
  ul {
    list-style: none;
    margin: 0;
    padding: 0;
    display: flex;
    flex-wrap: wrap;
    gap: 0.5rem;
  }
  li {
    flex: 1 1 9rem;
    display: flex;
  }
  a {
    flex: 1;
    display: inline-flex;
    align-items: center;
    justify-content: center;
    min-height: 2.5rem;
    padding: 0.4rem 0.75rem;
    border-radius: 8px;
    border: 1px solid ${({ theme }) => theme.border};
    background: ${({ theme }) => theme.surfaceRaised};
    color: ${({ theme }) => theme.text};
    font-weight: 600;
    text-align: center;
    text-decoration: none;
    &:hover {
      border-color: ${({ theme }) => theme.accent};
    }
    &:focus-visible {
      outline: 2px solid ${({ theme }) => theme.accent};
      outline-offset: 2px;
    }
  }
  p {
    margin: 0;
    font-size: 0.8rem;
  }
`;

/** The links of a feed on this site, or null where the page's origin is not http(s) (nothing could subscribe). */
function linksOf(feedPath: string): CalendarLinks | null {
  try {
    return calendarLinks(feedPath, window.location.origin);
  } catch {
    return null;
  }
}

/**
 * "Add to calendar" on the team and league pages: a small menu with the feed as a subscription for
 * Apple Calendar and Outlook (webcal://), Google Calendar's subscribe page, and the .ics file itself. `name` says
 * whose matches ("Arsenal", "Premier League 2024/25") in every link's accessible name and the file's name.
 */
export function AddToCalendar({ feedPath, name }: { feedPath: string; name: string }) {
  const links = useMemo(() => linksOf(feedPath), [feedPath]);
  const menu = useRef<HTMLDetailsElement>(null);
  if (!links) return null;
  const close = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || !menu.current?.open) return;
    menu.current.open = false;
    menu.current.querySelector('summary')?.focus();
  };
  return (
    <Menu ref={menu} onKeyDown={close} data-testid="add-to-calendar">
      <summary>
        <svg viewBox="0 0 24 24" aria-hidden="true" strokeWidth="2" strokeLinecap="round">
          <rect x="3.5" y="5" width="17" height="15.5" rx="2" />
          <path d="M3.5 10h17M8 3v4M16 3v4" />
        </svg>
        Add to calendar
        <svg className="chevron" viewBox="0 0 24 24" aria-hidden="true" strokeWidth="2" strokeLinecap="round">
          <path d="M7 10l5 5 5-5" />
        </svg>
      </summary>
      <Panel>
        <ul aria-label={`Calendar links for ${name} matches`}>
          <li>
            <a href={links.webcal} data-testid="calendar-webcal">
              Apple / Outlook<span className="visually-hidden">: subscribe to {name} matches</span>
            </a>
          </li>
          <li>
            <a href={links.google} target="_blank" rel="noopener noreferrer" data-testid="calendar-google">
              Google Calendar<span className="visually-hidden">: subscribe to {name} matches (opens in a new tab)</span>
            </a>
          </li>
          <li>
            <a href={links.feed} download={feedFileName(name)} data-testid="calendar-download">
              Download .ics<span className="visually-hidden">: {name} matches</span>
            </a>
          </li>
        </ul>
        <Muted as="p">Google refreshes subscribed calendars only every 8–24 hours.</Muted>
      </Panel>
    </Menu>
  );
}
