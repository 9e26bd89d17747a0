import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { media, Skeleton } from '@matchday/ui';
import { Figure, FigureList, PlayerPhoto, Stack } from '@matchday/ui/unshared';
import { num } from '../../../lib/numbers';
import { playsNationalTeams, TeamBadge } from '../../../lib/team-badge';
import { rankColours, type RankedScorer } from '../rules/rank';

const SKELETON_ROWS = 10;

const List = styled.ol`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: 0.6rem;
`;

const Item = styled.li`
  display: grid;
  grid-template-columns: auto auto 1fr auto;
  grid-template-areas: 'rank photo who goals' 'rank photo figures goals';
  align-items: center;
  gap: 0.2rem 0.9rem;
  padding: 0.8rem 1rem;
  border-radius: 12px;
  background: ${({ theme }) => theme.surface};
  border: 1px solid ${({ theme }) => theme.border};
  ${media.mobile} {
    grid-template-areas: 'rank photo who goals' 'figures figures figures figures';
    gap: 0.5rem 0.7rem;
    padding: 0.7rem;
  }
`;

const RankBadge = styled.span<{ $background: string; $text: string }>`
  grid-area: rank;
  display: inline-grid;
  place-items: center;
  width: 2.1rem;
  height: 2.1rem;
  border-radius: 50%;
  font-weight: 900;
  background: ${({ $background }) => $background};
  color: ${({ $text }) => $text};
`;

const Photo = styled.span`
  grid-area: photo;
`;

const Who = styled.div`
  grid-area: who;
  min-width: 0;
  a {
    font-weight: 700;
    text-decoration: none;
    display: block;
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
  }
  a:hover {
    text-decoration: underline;
  }
`;

const TeamLine = styled.span`
  display: flex;
  align-items: center;
  gap: 0.35rem;
  font-size: 0.85rem;
  color: ${({ theme }) => theme.textMuted};
  min-width: 0;
  span {
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
  }
`;

const Figures = styled(FigureList)`
  grid-area: figures;
`;

const Goals = styled.div`
  grid-area: goals;
  text-align: center;
  strong {
    display: block;
    font-size: 1.7rem;
    line-height: 1;
    font-variant-numeric: tabular-nums;
  }
  small {
    color: ${({ theme }) => theme.textMuted};
  }
`;

/** Ten skeleton rows (spec §9) while the top scorers load. */
export function TopScorersLoading() {
  return (
    <Stack $gap="0.6rem" role="status" aria-busy="true" aria-label="Loading top scorers" data-testid="loading">
      {Array.from({ length: SKELETON_ROWS }, (_, index) => (
        <Skeleton key={index} $height="4.2rem" data-testid="scorer-skeleton" />
      ))}
    </Stack>
  );
}

/** The ranked scorers with their coloured rank badges; each name links to the player page of this league and season. */
export function TopScorersList({ scorers, leagueId, season }: { scorers: readonly RankedScorer[]; leagueId: string; season: string }) {
  return (
    <List aria-label="Top scorers">
      {scorers.map((scorer) => {
        const colours = rankColours(scorer.rank);
        return (
          <Item key={scorer.id} data-testid="scorer">
            <RankBadge $background={colours.background} $text={colours.text} data-testid="rank">
              <span className="visually-hidden">Rank </span>
              {scorer.rank}
            </RankBadge>
            <Photo>
              <PlayerPhoto name={scorer.playerName} src={scorer.playerPhoto} size={44} />
            </Photo>
            <Who>
              <Link to={`/player/${scorer.playerId}/${leagueId}/${season}`} data-testid="scorer-name">
                {scorer.playerName}
              </Link>
              <TeamLine>
                <TeamBadge name={scorer.teamName} logo={scorer.teamLogo} size={18} national={playsNationalTeams(leagueId)} />
                <span>
                  {scorer.teamName}
                  {scorer.games_Position ? ` · ${scorer.games_Position}` : ''}
                  {scorer.nationality ? ` · ${scorer.nationality}` : ''}
                </span>
              </TeamLine>
            </Who>
            <Goals>
              <strong data-testid="goals">{num(scorer.goals_Total)}</strong>
              <small>goals</small>
            </Goals>
            <Figures>
              <Figure label="Assists" value={num(scorer.goals_Assists)} valueTestId="assists" />
              <Figure label="Apps" value={num(scorer.games_Appearences)} />
              <Figure label="Minutes" value={num(scorer.games_MinutesPlayed)} />
              <Figure label="Yellow" value={num(scorer.cards_Yellow)} />
              <Figure label="Red" value={num(scorer.cards_Red)} />
            </Figures>
          </Item>
        );
      })}
    </List>
  );
}
