import { Link } from 'react-router-dom';
import styled, { css } from 'styled-components';
import type { HeadToHeadMatch } from '@matchday/contracts';
import { kickoffDate, kickoffDateTime, media } from '@matchday/ui';
import { HiddenScore, PlainList, useSpoilers } from '@matchday/ui/unshared';
import { AboveLink, StretchedLink } from '../../../lib/spoiler-parts';
import { h2hMatch } from '../../../lib/spoilers';
import { TeamBadge } from '../../../lib/team-badge';

const item = css`
  display: grid;
  grid-template-columns: 1fr auto 1fr;
  grid-template-areas: 'meta meta meta' 'home score away';
  gap: 0.35rem 0.75rem;
  align-items: center;
  padding: 0.7rem 0.9rem;
  border-radius: 12px;
  text-decoration: none;
  background: ${({ theme }) => theme.surfaceRaised};
  border: 1px solid transparent;
  &:hover {
    border-color: ${({ theme }) => theme.accent};
  }
`;

const Item = styled(Link)`
  ${item}
`;

/** A meeting whose score spoiler-free mode hides: the row opens the match, the reveal button sits above the link. */
const HiddenItem = styled.div`
  ${item}
  position: relative;
`;

const Meta = styled.span`
  grid-area: meta;
  font-size: 0.8rem;
  color: ${({ theme }) => theme.textMuted};
  text-align: center;
`;

const Team = styled.span<{ $side: 'home' | 'away'; $winner: boolean }>`
  grid-area: ${({ $side }) => $side};
  display: flex;
  flex-direction: ${({ $side }) => ($side === 'home' ? 'row-reverse' : 'row')};
  align-items: center;
  gap: 0.5rem;
  min-width: 0;
  text-align: ${({ $side }) => ($side === 'home' ? 'right' : 'left')};
  font-weight: ${({ $winner }) => ($winner ? 800 : 500)};
  span {
    overflow-wrap: break-word;
    min-width: 0;
  }
  ${media.mobile} {
    flex-direction: column;
    text-align: center;
    gap: 0.25rem;
    font-size: 0.85rem;
  }
`;

const Score = styled.span`
  grid-area: score;
  font-weight: 900;
  font-size: 1.15rem;
  font-variant-numeric: tabular-nums;
  white-space: nowrap;
  padding: 0.15rem 0.6rem;
  border-radius: 8px;
  background: ${({ theme }) => theme.surface};
`;

/**
 * Meetings of the two teams; each opens the fixture's statistics (spec §2). In spoiler-free mode a covered
 * meeting's score is a reveal button and neither side is drawn as the winner.
 */
export function MatchList({ matches }: { matches: readonly HeadToHeadMatch[] }) {
  const { hidden } = useSpoilers();
  return (
    <PlainList>
      {matches.map((match) => {
        const played = match.goalsHome !== null && match.goalsAway !== null;
        if (played && hidden(h2hMatch(match))) {
          return (
            <li key={match.id} data-testid="h2h-match">
              <HiddenItem>
                <Meta>
                  {match.leagueName} · <time dateTime={match.eventDate}>{kickoffDate(match.eventDate)}</time>
                </Meta>
                <Team $side="home" $winner={false}>
                  <TeamBadge name={match.homeTeam} logo={match.homeTeamLogo} size={28} national />
                  <span>{match.homeTeam}</span>
                </Team>
                <AboveLink style={{ gridArea: 'score' }}>
                  <HiddenScore fixtureId={match.fixtureId} label={`${match.homeTeam} vs ${match.awayTeam}`} />
                </AboveLink>
                <Team $side="away" $winner={false}>
                  <TeamBadge name={match.awayTeam} logo={match.awayTeamLogo} size={28} national />
                  <span>{match.awayTeam}</span>
                </Team>
                <StretchedLink to={`/fixture-stats/${match.fixtureId}`}>
                  <span className="visually-hidden">
                    {match.homeTeam} vs {match.awayTeam}, match statistics
                  </span>
                </StretchedLink>
              </HiddenItem>
            </li>
          );
        }
        const homeWon = played && match.goalsHome! > match.goalsAway!;
        const awayWon = played && match.goalsAway! > match.goalsHome!;
        return (
          <li key={match.id} data-testid="h2h-match">
            <Item to={`/fixture-stats/${match.fixtureId}`}>
              <Meta>
                {match.leagueName} ·{' '}
                <time dateTime={match.eventDate}>{played ? kickoffDate(match.eventDate) : kickoffDateTime(match.eventDate)}</time>
              </Meta>
              <Team $side="home" $winner={homeWon}>
                <TeamBadge name={match.homeTeam} logo={match.homeTeamLogo} size={28} national />
                <span>{match.homeTeam}</span>
              </Team>
              <Score data-testid="h2h-score">{played ? `${match.goalsHome} - ${match.goalsAway}` : 'VS'}</Score>
              <Team $side="away" $winner={awayWon}>
                <TeamBadge name={match.awayTeam} logo={match.awayTeamLogo} size={28} national />
                <span>{match.awayTeam}</span>
              </Team>
            </Item>
          </li>
        );
      })}
    </PlainList>
  );
}
