import { useMemo, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import styled from 'styled-components';
import type { Fixture } from '@matchday/contracts';
import { Button, Card, kickoffDay, kickoffTime, media } from '@matchday/ui';
import { LiveMarker, liveView, useLiveMatches, useNow, type LiveEntry, type LiveState } from '@matchday/ui/live';
import { HiddenScore, LoadingBlock, MessageCard, Muted, PlainList, Stack, useSpoilers } from '@matchday/ui/unshared';
import { AboveLink, StretchedLink } from '../../../lib/spoiler-parts';
import { useLeagueFixtures } from '../api/league-fixtures';
import { currentRoundIndex, groupByRound, isFinished, matchesNotice } from '../rules/rounds';
import { TeamBadge } from '../../../lib/team-badge';

const Nav = styled.div`
  display: grid;
  grid-template-columns: auto minmax(0, 1fr) auto;
  align-items: center;
  gap: 0.5rem;
  select {
    justify-self: center;
    max-width: 100%;
    font: inherit;
    font-weight: 700;
    padding: 0.45rem 0.6rem;
    border-radius: 8px;
    border: 1px solid ${({ theme }) => theme.border};
    background: ${({ theme }) => theme.surface};
    color: ${({ theme }) => theme.text};
  }
`;

const Day = styled.h3`
  margin: 0.4rem 0 0.2rem;
  font-size: 0.85rem;
  font-weight: 700;
  color: ${({ theme }) => theme.textMuted};
`;

const match = `
  display: grid;
  grid-template-columns: minmax(0, 1fr) auto minmax(0, 1fr);
  align-items: center;
  gap: 0.75rem;
  min-height: 3rem;
  padding: 0.55rem 0.75rem;
  border-radius: 10px;
  text-decoration: none;
`;

const ResultLink = styled(Link)`
  ${match}
  color: ${({ theme }) => theme.text};
  background: ${({ theme }) => theme.surfaceRaised};
  &:hover,
  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.accent};
    outline-offset: 1px;
  }
`;

const Upcoming = styled.div`
  ${match}
  background: ${({ theme }) => theme.surfaceRaised};
`;

/** A result whose score spoiler-free mode hides: the whole row opens the match, the reveal button sits above. */
const HiddenResult = styled.div`
  ${match}
  position: relative;
  color: ${({ theme }) => theme.text};
  background: ${({ theme }) => theme.surfaceRaised};
`;

const Side = styled.span<{ $away?: boolean }>`
  display: flex;
  align-items: center;
  gap: 0.5rem;
  min-width: 0;
  justify-content: ${({ $away }) => ($away ? 'flex-start' : 'flex-end')};
  text-align: ${({ $away }) => ($away ? 'left' : 'right')};
  font-weight: 600;
  span.name {
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
  }
  ${media.mobile} {
    font-size: 0.85rem;
    span.name {
      white-space: normal;
      overflow-wrap: break-word;
      hyphens: auto;
      line-height: 1.2;
    }
    > span:not(.name) {
      display: none;
    }
  }
`;

const Middle = styled.span`
  display: grid;
  justify-items: center;
  min-width: 4.2rem;
  font-variant-numeric: tabular-nums;
  strong {
    font-size: 1.15rem;
    letter-spacing: 0.04em;
  }
  small {
    font-size: 0.72rem;
    font-weight: 700;
    color: ${({ theme }) => theme.textMuted};
  }
`;

function Teams({ fixture, children }: { fixture: Fixture; children: ReactNode }) {
  return (
    <>
      <Side>
        <span className="name">{fixture.homeTeam}</span>
        <TeamBadge name={fixture.homeTeam} logo={fixture.homeTeamLogo} size={24} national />
      </Side>
      {children}
      <Side $away>
        <TeamBadge name={fixture.awayTeam} logo={fixture.awayTeamLogo} size={24} national />
        <span className="name">{fixture.awayTeam}</span>
      </Side>
    </>
  );
}

/** A match being played, as Home shows it: the running score (or "? – ?" in spoiler-free mode) and the clock. */
function LiveRow({ fixture, hidden, entry, feed }: { fixture: Fixture; hidden: boolean; entry: LiveEntry | undefined; feed: LiveState }) {
  const now = useNow(5000);
  const view = entry ? liveView(entry, feed, now) : null;
  const home = view ? view.goalsHome : fixture.goalsHome;
  const away = view ? view.goalsAway : fixture.goalsAway;
  return (
    <ResultLink to={`/fixture-stats/${fixture.id}`} data-testid="live-result">
      <Teams fixture={fixture}>
        <Middle>
          <strong data-testid="score">{hidden ? '? – ?' : home === null || away === null ? '–' : `${home} – ${away}`}</strong>
          {view?.phase === 'live' ? <LiveMarker clock={view.clock} /> : <small>{view?.phase === 'finished' ? 'FT' : 'Live'}</small>}
        </Middle>
      </Teams>
      <span className="visually-hidden"> (live, match statistics)</span>
    </ResultLink>
  );
}

function MatchRow({ fixture, hidden, entry, feed }: { fixture: Fixture; hidden: boolean; entry: LiveEntry | undefined; feed: LiveState }) {
  if (fixture.status === 'live' || (entry && entry.match.status === 'live')) {
    return <LiveRow fixture={fixture} hidden={hidden} entry={entry} feed={feed} />;
  }
  if (isFinished(fixture) && hidden) {
    return (
      <HiddenResult data-testid="result">
        <Teams fixture={fixture}>
          <Middle>
            <AboveLink>
              <HiddenScore fixtureId={fixture.id} label={`${fixture.homeTeam} vs ${fixture.awayTeam}`} />
            </AboveLink>
            <small>FT</small>
          </Middle>
        </Teams>
        <StretchedLink to={`/fixture-stats/${fixture.id}`}>
          <span className="visually-hidden">
            {fixture.homeTeam} vs {fixture.awayTeam} (full time, match statistics)
          </span>
        </StretchedLink>
      </HiddenResult>
    );
  }
  if (isFinished(fixture)) {
    return (
      <ResultLink to={`/fixture-stats/${fixture.id}`} data-testid="result">
        <Teams fixture={fixture}>
          <Middle>
            <strong data-testid="score">
              {fixture.goalsHome} – {fixture.goalsAway}
            </strong>
            <small>FT</small>
          </Middle>
        </Teams>
        <span className="visually-hidden"> (full time, match statistics)</span>
      </ResultLink>
    );
  }
  return (
    <Upcoming data-testid="upcoming">
      <Teams fixture={fixture}>
        <Middle>
          <strong>
            <time dateTime={fixture.eventDate} data-testid="kickoff">
              {kickoffTime(fixture.eventDate)}
            </time>
          </strong>
          <small>{fixture.status === 'postponed' ? 'Postponed' : 'Kick-off'}</small>
        </Middle>
      </Teams>
    </Upcoming>
  );
}

/**
 * The league hub's Matches tab: the season's fixtures by round or matchday, opening on the current round
 * (?round= keeps another one in the URL). Results link to their statistics; upcoming matches show their
 * kick-off in the viewer's local time. Spoiler-free mode hides a result's score until the fan reveals it.
 */
export function MatchesTab({ leagueId, season }: { leagueId: string; season: string }) {
  const [search, setSearch] = useSearchParams();
  const { data, error, isLoading, mutate } = useLeagueFixtures(leagueId, season);
  const { hidden } = useSpoilers();
  const feed = useLiveMatches(true);
  const groups = useMemo(() => groupByRound(data ?? []), [data]);
  if (isLoading) return <LoadingBlock rows={8} label="Loading matches" />;
  const notice = matchesNotice(Boolean(error), groups);
  if (notice) {
    return (
      <MessageCard title={notice.title} message={notice.message}>
        {notice.retry && (
          <Button type="button" onClick={() => void mutate()}>
            Try again
          </Button>
        )}
      </MessageCard>
    );
  }

  const requested = groups.findIndex((g) => g.key === search.get('round'));
  const index = requested >= 0 ? requested : currentRoundIndex(groups);
  const group = groups[index]!;
  const go = (to: number) => {
    const next = new URLSearchParams(search);
    next.set('round', groups[to]!.key);
    setSearch(next, { replace: true });
  };
  const days: Array<{ day: string; fixtures: Fixture[] }> = [];
  for (const fixture of group.fixtures) {
    const day = kickoffDay(fixture.eventDate);
    if (days[days.length - 1]?.day !== day) days.push({ day, fixtures: [] });
    days[days.length - 1]!.fixtures.push(fixture);
  }
  return (
    <Card>
      <Stack $gap="0.6rem">
        <Nav>
          <Button type="button" $variant="outline" onClick={() => go(index - 1)} disabled={index === 0} aria-label="Previous round">
            <span aria-hidden="true">‹</span>
          </Button>
          <select
            aria-label="Round"
            value={group.key}
            onChange={(event) => go(groups.findIndex((g) => g.key === event.target.value))}
            data-testid="round-select"
          >
            {groups.map((g) => (
              <option key={g.key} value={g.key}>
                {g.label}
              </option>
            ))}
          </select>
          <Button
            type="button"
            $variant="outline"
            onClick={() => go(index + 1)}
            disabled={index === groups.length - 1}
            aria-label="Next round"
          >
            <span aria-hidden="true">›</span>
          </Button>
        </Nav>
        <section aria-label={group.label} data-testid="round">
          {days.map(({ day, fixtures }) => (
            <div key={day}>
              <Day>{day}</Day>
              <PlainList $gap="0.4rem">
                {fixtures.map((fixture) => (
                  <li key={fixture.id}>
                    <MatchRow fixture={fixture} hidden={hidden(fixture)} entry={feed.matches.get(fixture.id)} feed={feed} />
                  </li>
                ))}
              </PlainList>
            </div>
          ))}
        </section>
        <Muted as="p" style={{ margin: 0, fontSize: '0.8rem' }}>
          Kick-off times in your local time.
        </Muted>
      </Stack>
    </Card>
  );
}
