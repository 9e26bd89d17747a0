import { memo } from 'react';
import styled from 'styled-components';
import type { PlayerLeagueStats } from '@matchday/contracts';
import { Badge, media } from '@matchday/ui';
import { FollowButton, Muted, PlayerPhoto } from '@matchday/ui/unshared';
import { HeaderActions, HeaderCard, Title } from '../../../lib/components';
import { num, rating, RATING_LABEL, ratingText } from '../../../lib/numbers';
import { playsNationalTeams, TeamBadge } from '../../../lib/team-badge';

const Layout = styled.div`
  display: grid;
  grid-template-columns: auto 1fr auto;
  gap: 1.25rem;
  align-items: center;
  ${media.mobile} {
    grid-template-columns: auto 1fr;
    gap: 0.9rem;
  }
`;

const Facts = styled.dl`
  display: flex;
  flex-wrap: wrap;
  gap: 0.4rem 1.25rem;
  margin: 0.6rem 0 0;
  font-size: 0.9rem;
  div {
    display: flex;
    gap: 0.35rem;
    align-items: center;
  }
  dt {
    color: ${({ theme }) => theme.textMuted};
  }
  dd {
    margin: 0;
    font-weight: 600;
    display: inline-flex;
    gap: 0.35rem;
    align-items: center;
  }
`;

const RatingBox = styled.div`
  text-align: center;
  padding: 0.75rem 1rem;
  border-radius: 12px;
  background: ${({ theme }) => theme.surfaceRaised};
  strong {
    display: block;
    font-size: 2rem;
    line-height: 1;
    font-variant-numeric: tabular-nums;
  }
  small {
    color: ${({ theme }) => theme.textMuted};
  }
  ${media.mobile} {
    grid-column: 1 / -1;
    display: flex;
    align-items: center;
    gap: 0.75rem;
    text-align: left;
    strong {
      font-size: 1.5rem;
    }
  }
`;

/** The player's header card (spec §2); memoised, so his recent fixtures arriving do not draw it again. */
export const PlayerHeader = memo(function PlayerHeader({ stats, season }: { stats: PlayerLeagueStats; season: string }) {
  const fullName = [stats.firstName, stats.lastName].filter(Boolean).join(' ');
  const average = num(stats.games_Rating);
  return (
    <HeaderCard data-testid="player-header">
      <Layout>
        <PlayerPhoto name={stats.playerName} src={stats.playerPhoto} size={88} />
        <div style={{ minWidth: 0 }}>
          <Title>{stats.playerName}</Title>
          {fullName && fullName !== stats.playerName && <Muted>{fullName}</Muted>}
          <Facts>
            <div>
              <dt className="visually-hidden">Position</dt>
              <dd>
                <Badge>{stats.position}</Badge>
              </dd>
            </div>
            <div>
              <dt className="visually-hidden">Team</dt>
              <dd data-testid="player-team">
                <TeamBadge name={stats.teamName} logo={stats.teamLogo} size={22} national={playsNationalTeams(stats.leagueId)} />
                {stats.teamName}
              </dd>
            </div>
            <div>
              <dt>Age</dt>
              <dd>{stats.age ?? '–'}</dd>
            </div>
            <div>
              <dt>Nationality</dt>
              <dd>{stats.nationality ?? '–'}</dd>
            </div>
            <div>
              <dt>Born in</dt>
              <dd>{stats.birthCountry ?? '–'}</dd>
            </div>
            <div>
              <dt>Season</dt>
              <dd>{season}</dd>
            </div>
          </Facts>
          <HeaderActions>
            <FollowButton kind="player" id={stats.playerId} name={stats.playerName} />
          </HeaderActions>
        </div>
        <RatingBox data-testid="player-rating" title={RATING_LABEL}>
          <strong>{rating(stats.games_Rating)}</strong>
          {/* No rated match (a source without per-player data): no rating and no verdict on one that does not exist. */}
          <small>
            {stats.games_Rating === null ? 'No match ratings yet' : `Average rating: ${ratingText(average)} (from FPL's bonus points)`}
          </small>
        </RatingBox>
      </Layout>
    </HeaderCard>
  );
});
