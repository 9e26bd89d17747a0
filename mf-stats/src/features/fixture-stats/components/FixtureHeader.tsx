import { memo } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import type { FixtureStats } from '@matchday/contracts';
import { Badge, Button, kickoffDateTime, media, TeamLogo } from '@matchday/ui';
import { HiddenScore, Muted } from '@matchday/ui/unshared';
import { CONNECTION_TEXT, dataAge, LiveMarker, liveView, updatedAgo, useNow, type LiveEntry, type LiveState } from '@matchday/ui/live';
import { HeaderCard } from '../../../lib/components';
import { attendanceText } from '../../../lib/numbers';
import { AWAY_COLOUR, HOME_COLOUR } from './ComparisonCard';
import { TeamBadge } from '../../../lib/team-badge';

const League = styled.div`
  display: flex;
  align-items: center;
  gap: 0.6rem;
  flex-wrap: wrap;
  margin-bottom: 1rem;
  strong {
    font-size: 1rem;
  }
`;

const Scoreboard = styled.div`
  display: grid;
  grid-template-columns: 1fr auto 1fr;
  align-items: center;
  gap: 1rem;
  ${media.mobile} {
    gap: 0.5rem;
  }
`;

const Side = styled.div<{ $colour: string }>`
  display: grid;
  justify-items: center;
  gap: 0.5rem;
  text-align: center;
  min-width: 0;
  h2 {
    margin: 0;
    font-size: 1.1rem;
    overflow-wrap: break-word;
    border-bottom: 3px solid ${({ $colour }) => $colour};
    padding-bottom: 0.2rem;
  }
  ${media.mobile} {
    h2 {
      /* one long word ("Southampton") fits whole in its third of a 320 px screen */
      font-size: min(0.95rem, 4.3vw);
    }
  }
`;

const Centre = styled.div`
  display: grid;
  justify-items: center;
  gap: 0.4rem;
`;

const Score = styled.p`
  margin: 0;
  font-size: 2.6rem;
  font-weight: 900;
  line-height: 1;
  font-variant-numeric: tabular-nums;
  white-space: nowrap;
  ${media.mobile} {
    font-size: 2rem;
  }
`;

const Where = styled.p`
  margin: 1rem 0 0;
  display: flex;
  flex-wrap: wrap;
  justify-content: center;
  gap: 0.25rem 1rem;
  font-size: 0.9rem;
`;

const Note = styled.p`
  margin: 0;
  font-weight: 700;
  font-size: 0.9rem;
  white-space: nowrap;
`;

const LiveLine = styled.p`
  margin: 0.75rem 0 0;
  text-align: center;
  font-size: 0.85rem;
`;

const Actions = styled.div`
  display: flex;
  justify-content: center;
  margin-top: 1rem;
`;

const STATUS_TEXT = { finished: 'Full Time', live: 'Live', scheduled: 'Not Started', postponed: 'Postponed' } as const;

/** What the header shows of the live feed: the match's entry (if the feed has it) and the stream's state. */
export interface HeaderLive {
  entry: LiveEntry | undefined;
  feed: LiveState;
}

/**
 * Fixture header (spec §2): league, type, date, venue and city (and the attendance where known), both teams and the score with its status badge.
 * While the match is live the score and status come from the live feed: a red dot and the clock while
 * the stream is current, "Updated N s ago" and the stream's state (reconnecting, offline) always, and once nothing
 * has been heard for a minute the score is no longer labelled live. `note` follows a final score: "(4–2 pens)", "a.e.t.".
 * In spoiler-free mode (`scoreHidden`) a played or live score is a reveal button, without its note. Memoised: a
 * finished match's header is not drawn again when its timeline arrives.
 */
export const FixtureHeader = memo(function FixtureHeader({
  stats,
  fixtureId,
  title,
  live,
  note,
  scoreHidden = false,
}: {
  stats: FixtureStats;
  fixtureId: string;
  title: string;
  live?: HeaderLive | undefined;
  note?: string | null;
  /** Spoiler-free mode: the score (and its a.e.t./pens note) stays behind a reveal button. */
  scoreHidden?: boolean;
}) {
  const now = useNow(5000, live !== undefined);
  const view = live?.entry ? liveView(live.entry, live.feed, now) : null;
  const status = live?.entry?.match.status ?? stats.status;
  const home = view ? view.goalsHome : stats.homeTeamGoalScored;
  const away = view ? view.goalsAway : stats.awayTeamGoalScored;
  const played = home !== null && away !== null;
  // not heard yet (the first connection): the statistics read says live; anything else without news is paused
  const stale = status === 'live' && (view ? view.phase === 'stale' : live !== undefined && live.feed.connection !== 'connecting');
  const finalNote = view?.note ?? note ?? null;
  const attendance = attendanceText(stats.attendance);
  return (
    <HeaderCard data-testid="fixture-header">
      <h1 className="visually-hidden">{title}</h1>
      <League>
        <TeamLogo name={stats.leagueName} src={stats.logo} size={32} />
        <strong>{stats.leagueName}</strong>
        <Badge>{stats.leagueType === 'cup' ? 'Cup' : 'League'}</Badge>
        <Muted>
          <time dateTime={stats.eventDate}>{kickoffDateTime(stats.eventDate)}</time>
        </Muted>
      </League>
      <Scoreboard>
        <Side $colour={HOME_COLOUR}>
          <TeamBadge name={stats.homeTeamName} logo={stats.homeTeamLogo} size={64} national />
          <h2>{stats.homeTeamName}</h2>
        </Side>
        <Centre>
          {played && scoreHidden ? (
            <HiddenScore fixtureId={stats.fixtureId} label={`${stats.homeTeamName} vs ${stats.awayTeamName}`} />
          ) : (
            <Score data-testid="score">
              {played ? (
                <>
                  {home} - {away}
                </>
              ) : status === 'live' ? (
                '–'
              ) : (
                'VS'
              )}
            </Score>
          )}
          <Badge
            $colour={status === 'finished' ? '#15803d' : status === 'live' && !stale ? '#b91c1c' : '#475569'}
            data-testid="status-badge"
          >
            {stale ? 'Score paused' : STATUS_TEXT[status]}
          </Badge>
          {view?.phase === 'live' && <LiveMarker clock={view.clock} />}
          {status === 'finished' && finalNote && !scoreHidden && <Note data-testid="result-note">{finalNote}</Note>}
        </Centre>
        <Side $colour={AWAY_COLOUR}>
          <TeamBadge name={stats.awayTeamName} logo={stats.awayTeamLogo} size={64} national />
          <h2>{stats.awayTeamName}</h2>
        </Side>
      </Scoreboard>
      {live && status === 'live' && (
        <LiveLine data-testid="live-status">
          <Muted>
            {[
              live.feed.currentAt === null ? null : updatedAgo(dataAge(live.feed, now)),
              live.feed.connection === 'open' ? null : CONNECTION_TEXT[live.feed.connection],
            ]
              .filter(Boolean)
              .join(' · ')}
          </Muted>
        </LiveLine>
      )}
      {(stats.venue || stats.venueCity || attendance) && (
        <Where>
          {(stats.venue || stats.venueCity) && (
            <Muted data-testid="venue">{[stats.venue, stats.venueCity].filter(Boolean).join(', ')}</Muted>
          )}
          {attendance && <Muted data-testid="attendance">{attendance}</Muted>}
        </Where>
      )}
      <Actions>
        <Button as={Link} to={`/fixture-players/${fixtureId}`} $variant="outline">
          Line-ups
        </Button>
      </Actions>
    </HeaderCard>
  );
});
