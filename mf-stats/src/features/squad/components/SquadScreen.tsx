import { useParams, useSearchParams } from 'react-router-dom';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { PLAYER_POSITIONS, type SquadPlayer, seasonName } from '@matchday/contracts';
import { Card, media, Page, usePageMeta } from '@matchday/ui';
import { BackLink, errorDetail, isId, Muted, ScreenState, Tabs } from '@matchday/ui/unshared';
import { Count, HeaderCard, Title } from '../../../lib/components';
import { byLeagueThenName, noPlayersText, positionFromSearch, withPosition } from '../../../lib/players';
import { SquadList } from '../../../lib/squad-list';
import { playsNationalTeams, TeamBadge } from '../../../lib/team-badge';
import { useSquadPlayers, type SquadParams } from '../api/squad-players';

const Teams = styled.div`
  display: grid;
  grid-template-columns: 1fr auto 1fr;
  align-items: center;
  gap: 1rem;
  margin-bottom: 0.75rem;
`;

const TeamHead = styled(Link)<{ $align: 'start' | 'end' }>`
  display: flex;
  flex-direction: ${({ $align }) => ($align === 'start' ? 'row' : 'row-reverse')};
  align-items: center;
  gap: 0.75rem;
  text-decoration: none;
  min-width: 0;
  text-align: ${({ $align }) => ($align === 'start' ? 'left' : 'right')};
  h2 {
    margin: 0;
    font-size: 1.25rem;
    overflow-wrap: anywhere;
  }
  &:hover h2 {
    text-decoration: underline;
  }
  ${media.mobile} {
    flex-direction: column;
    text-align: center;
    gap: 0.4rem;
    h2 {
      font-size: 1rem;
    }
  }
`;

const Versus = styled.span`
  font-weight: 800;
  color: ${({ theme }) => theme.textMuted};
`;

const Columns = styled.div`
  display: grid;
  grid-template-columns: 1fr 1fr;
  gap: 1rem;
  margin-top: 1rem;
  ${media.mobile} {
    grid-template-columns: 1fr;
  }
`;

const ColumnTitle = styled.h3`
  display: flex;
  align-items: center;
  gap: 0.5rem;
  font-size: 1rem;
  margin: 0 0 0.75rem;
`;

const Empty = styled.p`
  margin: 0;
  padding: 1rem 0;
  text-align: center;
  color: ${({ theme }) => theme.textMuted};
`;

function teamOf(players: readonly SquadPlayer[], teamId: number) {
  const player = players.find((p) => p.teamId === teamId);
  return player ? { name: player.teamName, logo: player.teamLogo } : null;
}

/** Match squad (spec §2): both squads of a fixture by position, PLM badges, back to the fixtures tab. */
export function SquadScreen() {
  const { homeTeamId, awayTeamId, leagueId, season } = useParams();
  const [search, setSearch] = useSearchParams();
  const tab = search.get('tab') || 'today';
  const position = positionFromSearch(search);
  const valid = isId(homeTeamId) && isId(awayTeamId) && isId(leagueId) && isId(season);
  const params: SquadParams | null = valid ? { homeTeamId, awayTeamId, leagueId, season } : null;
  const { data, error, isLoading } = useSquadPlayers(params);
  const players = data ?? [];
  const home = valid ? teamOf(players, Number(homeTeamId)) : null;
  const away = valid ? teamOf(players, Number(awayTeamId)) : null;
  // a World Cup or Euro squad: the nations wear their flags
  const national = playsNationalTeams(Number(leagueId));
  const title = home && away ? `${home.name} vs ${away.name} Squads` : 'Match Squad';
  usePageMeta({
    title,
    description: home && away ? `Squads of ${home.name} and ${away.name}: goalkeepers, defenders, midfielders and attackers.` : undefined,
  });

  const back = <BackLink to={`/?tab=${encodeURIComponent(tab)}`}>Back to Fixtures</BackLink>;
  if (!params) {
    return <ScreenState back={back} title="Fixture not found" message="No fixture data available" />;
  }
  if (isLoading) {
    return <ScreenState back={back} loading="Loading squads" />;
  }
  if (error || players.length === 0) {
    // no squads at all (a source with results only, such as the Indian Super League's): say so rather than nothing
    const message = error
      ? errorDetail(error)
      : 'No squads are known for these teams in this league and season: its data has results only.';
    return <ScreenState back={back} title="Match data not found" message={message} />;
  }

  const sides = [
    { id: Number(homeTeamId), team: home },
    { id: Number(awayTeamId), team: away },
  ];
  const playerLink = (player: SquadPlayer) => {
    const query = new URLSearchParams({ tab: 'league', fromSquad: `${homeTeamId}/${awayTeamId}/${leagueId}/${season}`, fromTab: tab });
    if (position !== 'Goalkeeper') query.set('position', position);
    return `/player/${player.playerId}/${leagueId}/${season}?${query.toString()}`;
  };
  return (
    <Page>
      {back}
      <HeaderCard>
        <Title className="visually-hidden">{title}</Title>
        <Teams>
          {sides.map((side, index) => (
            <div key={side.id} style={{ display: 'contents' }}>
              {index === 1 && <Versus aria-hidden="true">VS</Versus>}
              <TeamHead to={`/team/${side.id}/${leagueId}/${season}`} $align={index === 0 ? 'start' : 'end'}>
                <TeamBadge name={side.team?.name ?? '?'} logo={side.team?.logo ?? null} size={56} national={national} />
                <h2>{side.team?.name ?? 'Unknown team'}</h2>
              </TeamHead>
            </div>
          ))}
        </Teams>
        <Muted data-testid="squad-summary">
          Season {seasonName(Number(season), Number(leagueId))} · {players.length} players
        </Muted>
      </HeaderCard>
      <Tabs
        label="Position"
        value={position}
        onChange={(next) => setSearch(withPosition(search, next), { replace: true })}
        options={PLAYER_POSITIONS.map((p) => ({
          value: p,
          label: (
            <>
              {p}
              <Count>{players.filter((player) => player.position === p).length}</Count>
            </>
          ),
        }))}
      />
      <Columns role="tabpanel" aria-label={`${position}s`}>
        {sides.map((side) => {
          const list = players.filter((p) => p.teamId === side.id && p.position === position).sort(byLeagueThenName);
          return (
            <Card key={side.id} data-testid="squad-column">
              <ColumnTitle>
                <TeamBadge name={side.team?.name ?? '?'} logo={side.team?.logo ?? null} size={28} national={national} />
                {side.team?.name ?? 'Unknown team'}
                <Count>{list.length}</Count>
              </ColumnTitle>
              {list.length === 0 ? <Empty>{noPlayersText(position)}</Empty> : <SquadList players={list} linkFor={playerLink} />}
            </Card>
          );
        })}
      </Columns>
    </Page>
  );
}
