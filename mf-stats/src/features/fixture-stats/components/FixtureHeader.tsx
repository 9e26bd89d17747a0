import { Link } from 'react-router-dom';
import styled from 'styled-components';
import type { FixtureStats } from '@matchday/contracts';
import { Badge, Button, media, TeamLogo } from '@matchday/ui';
import { Muted } from '@matchday/ui/unshared';
import { HeaderCard } from '../../../lib/components';
import { kickoffDateTime } from '../../../lib/dates';
import { AWAY_COLOUR, HOME_COLOUR } from './ComparisonCard';

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
    overflow-wrap: anywhere;
    border-bottom: 3px solid ${({ $colour }) => $colour};
    padding-bottom: 0.2rem;
  }
  ${media.mobile} {
    h2 {
      font-size: 0.95rem;
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

const Actions = styled.div`
  display: flex;
  justify-content: center;
  margin-top: 1rem;
`;

const STATUS_TEXT = { finished: 'Full Time', live: 'Live', scheduled: 'Not Started', postponed: 'Postponed' } as const;

/** Fixture header (spec §2): league, type, date, venue and city, both teams and the score with its status badge. */
export function FixtureHeader({ stats, fixtureId, title }: { stats: FixtureStats; fixtureId: string; title: string }) {
  const played = stats.homeTeamGoalScored !== null && stats.awayTeamGoalScored !== null;
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
          <TeamLogo name={stats.homeTeamName} src={stats.homeTeamLogo} size={64} />
          <h2>{stats.homeTeamName}</h2>
        </Side>
        <Centre>
          <Score data-testid="score">
            {played ? (
              <>
                {stats.homeTeamGoalScored} - {stats.awayTeamGoalScored}
              </>
            ) : (
              'VS'
            )}
          </Score>
          <Badge
            $colour={stats.status === 'finished' ? '#15803d' : stats.status === 'live' ? '#b91c1c' : '#475569'}
            data-testid="status-badge"
          >
            {STATUS_TEXT[stats.status]}
          </Badge>
        </Centre>
        <Side $colour={AWAY_COLOUR}>
          <TeamLogo name={stats.awayTeamName} src={stats.awayTeamLogo} size={64} />
          <h2>{stats.awayTeamName}</h2>
        </Side>
      </Scoreboard>
      {(stats.venue || stats.venueCity) && (
        <Where>
          <Muted data-testid="venue">{[stats.venue, stats.venueCity].filter(Boolean).join(', ')}</Muted>
        </Where>
      )}
      <Actions>
        <Button as={Link} to={`/fixture-players/${fixtureId}`} $variant="outline">
          Player Statistics
        </Button>
      </Actions>
    </HeaderCard>
  );
}
