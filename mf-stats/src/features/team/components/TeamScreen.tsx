import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import styled from 'styled-components';
import { PLAYER_POSITIONS, type SquadPlayer, seasonName } from '@matchday/contracts';
import { Button, Card, Page, usePageMeta } from '@matchday/ui';
import { Abbr, errorDetail, FollowButton, isId, Muted, Row, ScreenState, Stack, Tabs, TooltipProvider } from '@matchday/ui/unshared';
import { AddToCalendar } from '../../../lib/AddToCalendar';
import { teamFeedPath } from '../../../lib/calendar-feeds';
import { Count, HeaderActions, HeaderCard, Title } from '../../../lib/components';
import { byLeagueThenName, noPlayersText, positionFromSearch, withPosition } from '../../../lib/players';
import { SquadList } from '../../../lib/squad-list';
import { playsNationalTeams, TeamBadge } from '../../../lib/team-badge';
import { useTeamPlayers, type TeamParams } from '../api/team-players';

const Facts = styled.p`
  margin: 0.35rem 0 0;
  display: flex;
  flex-wrap: wrap;
  gap: 0.35rem 1rem;
  color: ${({ theme }) => theme.textMuted};
`;

const Empty = styled.p`
  margin: 0;
  padding: 1.5rem 0;
  text-align: center;
  color: ${({ theme }) => theme.textMuted};
`;

/** The most frequent birth country of a squad: the club's country for a fan's eye. */
function mainBirthCountry(players: readonly SquadPlayer[]): string | null {
  const counts = new Map<string, number>();
  for (const player of players) if (player.birthCountry) counts.set(player.birthCountry, (counts.get(player.birthCountry) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1])[0]?.[0] ?? null;
}

/** Team squad (spec §2): header, position tabs with counts, players in this league first then by name. */
export function TeamScreen() {
  const { teamId, leagueId, season } = useParams();
  const [search, setSearch] = useSearchParams();
  const navigate = useNavigate();
  const position = positionFromSearch(search);
  const params: TeamParams | null = isId(teamId) && isId(leagueId) && isId(season) ? { teamId, leagueId, season } : null;
  const { data, error, isLoading } = useTeamPlayers(params);
  const players = data ?? [];
  const team = players[0];
  usePageMeta({
    title: team ? `${team.teamName} Squad ${seasonName(Number(season), Number(leagueId))}` : 'Team Squad',
    description: team
      ? `${team.teamName} squad for the ${seasonName(Number(season), Number(leagueId))} season: every player by position.`
      : undefined,
  });

  if (params && isLoading) {
    return <ScreenState loading="Loading squad" />;
  }
  if (!params || error || !team) {
    // Spec §5/§8: missing route ids -> 'Team not found'; a failed or empty answer -> 'Team data not found'.
    return (
      <ScreenState title={params ? 'Team data not found' : 'Team not found'} message={errorDetail(error)}>
        <Button type="button" $variant="outline" onClick={() => navigate(-1)}>
          Go Back
        </Button>
      </ScreenState>
    );
  }

  const country = mainBirthCountry(players);
  const list = players.filter((p) => p.position === position).sort(byLeagueThenName);
  const query = position === 'Goalkeeper' ? '' : `&position=${position}`;
  return (
    <Page>
      <HeaderCard>
        <Row $gap="1rem">
          <TeamBadge name={team.teamName} logo={team.teamLogo} size={72} national={playsNationalTeams(Number(leagueId))} />
          <div style={{ minWidth: 0 }}>
            <Title>{team.teamName}</Title>
            <Facts data-testid="team-facts">
              {country && <span>{country}</span>}
              <span>Season {seasonName(Number(season), Number(leagueId))}</span>
              <span>{players.length} players</span>
            </Facts>
          </div>
        </Row>
        <HeaderActions>
          <FollowButton kind="team" id={Number(params.teamId)} name={team.teamName} />
          <AddToCalendar feedPath={teamFeedPath(params.teamId)} name={team.teamName} />
        </HeaderActions>
      </HeaderCard>
      <Stack>
        <div>
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
        </div>
        <Card role="tabpanel" aria-label={`${position}s`}>
          {list.length === 0 ? (
            <Empty>{noPlayersText(position)}</Empty>
          ) : (
            <SquadList players={list} linkFor={(p) => `/player/${p.playerId}/${leagueId}/${season}?tab=league${query}`} />
          )}
        </Card>
        <TooltipProvider>
          <Muted>
            <Abbr title="Played last match">PLM</Abbr>: played in the team&apos;s last match.
          </Muted>
        </TooltipProvider>
      </Stack>
    </Page>
  );
}
