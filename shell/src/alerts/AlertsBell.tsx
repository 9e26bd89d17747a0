import { useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import type { Fixture, FixturePage } from '@matchday/contracts';
import { browserTimeZone, timeOfDay } from '@matchday/ui';
import { apiQuery, useApiQuery, useDismiss, useFollows, usePreferences, useSpoilers } from '@matchday/ui/unshared';
import { useLiveChanges, useLiveMatches, useNow } from '@matchday/ui/live';
import { addToBell, bellAlertOf, followedMatchMayBeLive, type BellAlert } from './bell-rules';

const Wrap = styled.div`
  position: relative;
`;

const BellButton = styled.button`
  position: relative;
  display: inline-grid;
  place-items: center;
  width: 2.5rem;
  height: 2.5rem;
  border-radius: 50%;
  border: 1px solid ${({ theme }) => theme.border};
  background: transparent;
  color: ${({ theme }) => theme.text};
  cursor: pointer;
  svg {
    width: 1.2rem;
    height: 1.2rem;
    fill: none;
    stroke: currentColor;
    stroke-width: 2;
  }
  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.accent};
    outline-offset: 2px;
  }
`;

const Count = styled.span`
  position: absolute;
  top: -0.2rem;
  right: -0.2rem;
  min-width: 1.1rem;
  height: 1.1rem;
  padding: 0 0.25rem;
  border-radius: 999px;
  background: ${({ theme }) => theme.danger};
  color: #111827;
  font-size: 0.7rem;
  font-weight: 800;
  line-height: 1.1rem;
`;

const Panel = styled.div`
  position: absolute;
  top: calc(100% + 0.5rem);
  right: 0;
  width: min(20rem, calc(100vw - 2rem));
  max-height: 24rem;
  overflow-y: auto;
  background: ${({ theme }) => theme.surface};
  border: 1px solid ${({ theme }) => theme.border};
  border-radius: 10px;
  padding: 0.5rem;
  box-shadow: 0 12px 30px rgb(0 0 0 / 0.3);
  z-index: 30;
  &[hidden] {
    display: none;
  }
  h2 {
    margin: 0.2rem 0.4rem 0.5rem;
    font-size: 0.95rem;
  }
  ul {
    list-style: none;
    margin: 0;
    padding: 0;
  }
  a {
    display: block;
    padding: 0.5rem 0.5rem;
    border-radius: 6px;
    text-decoration: none;
  }
  a:hover,
  a:focus-visible {
    background: ${({ theme }) => theme.surfaceRaised};
  }
  small,
  p {
    display: block;
    color: ${({ theme }) => theme.textMuted};
    font-size: 0.8rem;
  }
  p {
    margin: 0.4rem;
  }
`;

/**
 * Today's fixtures, read as the fixtures remote reads its live list (the same URL and the same page shape, so both
 * share one cache entry).
 */
const todayQuery = apiQuery<[], FixturePage, Fixture[] | FixturePage>(
  () => `/api/fixtures/filter?type=today&tz=${encodeURIComponent(browserTimeZone())}`,
  null,
  (reply) => (Array.isArray(reply) ? { fixtures: reply, total: reply.length, nextCursor: null } : reply),
);
/** How often today's fixtures are read again while something is followed (a kick-off moved, a match ended). */
const TODAY_REFRESH_MS = 5 * 60_000;

/**
 * The header's bell: the latest alerts of followed teams and leagues while the app is open, fed by
 * the live stream, so a fan who did not allow push sees the same events. The stream is held open only while a
 * followed team's or league's match is being played or about to start (today's fixtures, read every few minutes,
 * say when). Loaded lazily (the shell's first render stays within its budget).
 */
export default function AlertsBell() {
  const [open, setOpen] = useState(false);
  const [alerts, setAlerts] = useState<BellAlert[]>([]);
  const [unread, setUnread] = useState(0);
  const ref = useRef<HTMLDivElement>(null);
  const { data: follows } = useFollows();
  const { data: prefs } = usePreferences();
  const { hidden } = useSpoilers();
  const following = (follows ?? []).some((f) => f.kind !== 'player');
  const { data: today } = useApiQuery(todayQuery, following ? [] : null, { refreshInterval: TODAY_REFRESH_MS });
  const now = useNow(60_000, following);
  useLiveMatches(following && followedMatchMayBeLive(follows ?? [], today?.fixtures ?? [], now));
  useDismiss(ref, open, setOpen);
  useLiveChanges((change) => {
    if (!follows) return;
    const match = {
      id: change.fixtureId,
      homeTeamId: change.match.homeTeamId,
      awayTeamId: change.match.awayTeamId,
      leagueId: change.match.leagueId,
    };
    const alert = bellAlertOf(change, follows, prefs?.alerts, hidden(match));
    if (!alert) return;
    setAlerts((list) => {
      if (list.some((a) => a.key === alert.key)) return list;
      setUnread((n) => n + 1);
      return addToBell(list, alert);
    });
  });
  if (!following) return null;
  const toggle = () => {
    setOpen((o) => !o);
    setUnread(0);
  };
  return (
    <Wrap ref={ref}>
      <BellButton
        type="button"
        aria-haspopup="true"
        aria-expanded={open}
        aria-label={unread > 0 ? `Alerts, ${unread} new` : 'Alerts'}
        onClick={toggle}
        data-testid="alerts-bell"
      >
        <svg viewBox="0 0 24 24" aria-hidden="true">
          <path d="M6 16V11a6 6 0 0112 0v5l1.5 2h-15z" />
          <path d="M10 20.5a2 2 0 004 0" />
        </svg>
        {unread > 0 && <Count aria-hidden="true">{unread > 9 ? '9+' : unread}</Count>}
      </BellButton>
      <Panel hidden={!open} data-testid="alerts-panel">
        <h2>Alerts</h2>
        {alerts.length === 0 ? (
          <p>Goals, half time and full time of the teams and leagues you follow appear here while Matchday is open.</p>
        ) : (
          <ul>
            {alerts.map((alert) => (
              <li key={alert.key}>
                <Link to={`/fixture-stats/${alert.fixtureId}`} onClick={() => setOpen(false)}>
                  {alert.title}
                  <small>{[alert.detail, timeOfDay(alert.at)].filter(Boolean).join(' · ')}</small>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </Panel>
    </Wrap>
  );
}
