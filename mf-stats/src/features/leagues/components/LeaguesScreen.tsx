import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { leagueHubPath, orderLeagues, seasonName } from '@matchday/contracts';
import { Page, TeamLogo, usePageMeta } from '@matchday/ui';
import { LoadingBlock, MessageCard, Muted, PlainList, useLeagues } from '@matchday/ui/unshared';
import { HeaderCard, Title } from '../../../lib/components';

const List = styled(PlainList)`
  grid-template-columns: repeat(auto-fill, minmax(18rem, 1fr));
`;

const Item = styled(Link)`
  display: flex;
  align-items: center;
  gap: 0.8rem;
  min-height: 3.5rem;
  padding: 0.8rem 1rem;
  border-radius: 12px;
  background: ${({ theme }) => theme.surface};
  border: 1px solid ${({ theme }) => theme.border};
  text-decoration: none;
  color: ${({ theme }) => theme.text};
  &:hover,
  &:focus-visible {
    border-color: ${({ theme }) => theme.accent};
  }
  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.accent};
    outline-offset: 2px;
  }
  strong {
    display: block;
  }
  span.meta {
    display: block;
    font-size: 0.85rem;
    color: ${({ theme }) => theme.textMuted};
  }
`;

/** Leagues (/leagues): every competition with data, ISL, Premier League and Champions League first, then by country. */
export function LeaguesScreen() {
  const { data, error, isLoading } = useLeagues();
  usePageMeta({ title: 'Leagues', description: 'Tables, results, fixtures and top scorers of every competition on Matchday.' });
  const leagues = orderLeagues(data ?? []);
  return (
    <Page>
      <HeaderCard>
        <Title>Leagues</Title>
        <Muted>Tables, results and top scorers</Muted>
      </HeaderCard>
      {isLoading ? (
        <LoadingBlock rows={6} label="Loading leagues" />
      ) : error || leagues.length === 0 ? (
        <MessageCard title="No leagues found" message="No competition has data yet." />
      ) : (
        <List $gap="0.75rem" aria-label="Competitions">
          {leagues.map((league) => (
            <li key={league.id}>
              <Item to={leagueHubPath(league.id, league.currentSeason)} data-testid="league-link">
                <TeamLogo name={league.displayName} src={league.logo} size={40} />
                <span>
                  <strong>{league.displayName}</strong>
                  <span className="meta">
                    {league.country} · {seasonName(league.currentSeason, league.id)}
                  </span>
                </span>
              </Item>
            </li>
          ))}
        </List>
      )}
    </Page>
  );
}
