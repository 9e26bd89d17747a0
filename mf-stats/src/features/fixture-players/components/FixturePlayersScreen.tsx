import { Link, useParams } from 'react-router-dom';
import styled from 'styled-components';
import type { FixturePlayer, FixtureStats } from '@matchday/contracts';
import { Card, media, Page, TeamLogo, usePageMeta } from '@matchday/ui';
import { BackLink, Figure, FigureList, HiddenScore, Muted, PlainList, PlayerPhoto, ScreenState, useSpoilers } from '@matchday/ui/unshared';
import { Count, HeaderCard, Title } from '../../../lib/components';
import { num, rating, RATING_LABEL } from '../../../lib/numbers';
import { MatchLineFigures } from '../../../lib/match-line';
import { isId } from '../../../lib/route-ids';
import { fixtureStatsMatch } from '../../../lib/spoilers';
import { useFixturePlayers, useFixtureSummary } from '../api/fixture-players';

const Columns = styled.div`
  display: grid;
  grid-template-columns: repeat(2, minmax(0, 1fr));
  gap: 1rem;
  ${media.mobile} {
    grid-template-columns: 1fr;
  }
`;

const HiddenLine = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 0.5rem 0.75rem;
  margin-top: 0.6rem;
`;

const TeamTitle = styled.h2`
  display: flex;
  align-items: center;
  gap: 0.6rem;
  font-size: 1.05rem;
  margin: 0 0 0.75rem;
`;

const Item = styled.li`
  display: grid;
  grid-template-columns: auto 1fr auto;
  gap: 0.3rem 0.75rem;
  align-items: center;
  padding: 0.6rem 0.7rem;
  border-radius: 10px;
  background: ${({ theme }) => theme.surfaceRaised};
`;

const Who = styled.div`
  min-width: 0;
  a,
  strong {
    display: block;
    font-weight: 700;
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
    text-decoration: none;
  }
  a:hover {
    text-decoration: underline;
  }
  small {
    color: ${({ theme }) => theme.textMuted};
  }
`;

const RatingChip = styled.span<{ $value: number }>`
  min-width: 2.6rem;
  text-align: center;
  padding: 0.2rem 0.45rem;
  border-radius: 6px;
  font-weight: 800;
  font-variant-numeric: tabular-nums;
  color: #fff;
  background: ${({ $value }) => ($value >= 7 ? '#15803d' : $value >= 6 ? '#a16207' : $value > 0 ? '#b91c1c' : '#475569')};
`;

const Figures = styled(FigureList)`
  grid-column: 2 / -1;
  ${media.mobile} {
    grid-column: 1 / -1;
  }
`;

const POSITION_ORDER = ['Goalkeeper', 'Defender', 'Midfielder', 'Attacker'];

function byPositionThenMinutes(a: FixturePlayer, b: FixturePlayer): number {
  const pa = POSITION_ORDER.indexOf(a.position ?? '');
  const pb = POSITION_ORDER.indexOf(b.position ?? '');
  if (pa !== pb) return (pa < 0 ? 99 : pa) - (pb < 0 ? 99 : pb);
  return num(b.minutesPlayed) - num(a.minutesPlayed);
}

function PlayerItem({
  player,
  fixture,
  scoreHidden,
}: {
  player: FixturePlayer;
  fixture: FixtureStats | null | undefined;
  /** Spoiler-free mode: goals and assists tell the score, so they wait for the reveal. */
  scoreHidden: boolean;
}) {
  const value = num(player.rating);
  return (
    <Item data-testid="fixture-player">
      <PlayerPhoto name={player.playerName} src={player.playerPhoto} size={40} />
      <Who>
        {fixture ? (
          <Link to={`/player/${player.playerId}/${fixture.leagueId}/${fixture.season}?tab=fixtures`} data-testid="player-name">
            {player.playerName}
          </Link>
        ) : (
          <strong data-testid="player-name">{player.playerName}</strong>
        )}
        <small>{[player.position, player.nationality].filter(Boolean).join(' · ') || '\u00a0'}</small>
      </Who>
      <RatingChip $value={value} title={RATING_LABEL} aria-label={`${RATING_LABEL}: ${rating(player.rating)}`} data-testid="player-rating">
        {rating(player.rating)}
      </RatingChip>
      <Figures>
        <Figure label="Min" value={num(player.minutesPlayed)} valueTestId="minutes" />
        <MatchLineFigures line={player} hideGoals={scoreHidden} />
      </Figures>
    </Item>
  );
}

/** Fixture players (spec §2): each team's player performances; back to the fixture's statistics. */
export function FixturePlayersScreen() {
  const { fixtureId: rawId } = useParams();
  const fixtureId = isId(rawId) ? rawId : null;
  const { data, error, isLoading } = useFixturePlayers(fixtureId);
  const { data: fixture } = useFixtureSummary(fixtureId);
  const players = data ?? [];
  // spoiler-free mode: until the fixture is known, the mode as last seen decides
  const { hidden, active } = useSpoilers();
  const scoreHidden = fixture ? hidden(fixtureStatsMatch(fixture)) : fixture === undefined && active;
  const title = fixture ? `${fixture.homeTeamName} vs ${fixture.awayTeamName} Player Ratings` : 'Player Statistics';
  usePageMeta({
    title,
    description: fixture
      ? `Ratings, minutes, goals and assists of every player in ${fixture.homeTeamName} vs ${fixture.awayTeamName}.`
      : undefined,
  });

  const back = fixtureId ? (
    <BackLink to={`/fixture-stats/${fixtureId}`}>Back to Fixture Stats</BackLink>
  ) : (
    <BackLink to="/">Back to Fixtures</BackLink>
  );
  if (!fixtureId) {
    return <ScreenState back={back} title="Fixture not found" message="No fixture data available" />;
  }
  if (isLoading) {
    return <ScreenState back={back} loading="Loading player statistics" />;
  }
  if (error || players.length === 0) {
    return (
      <ScreenState
        back={back}
        title="No Player Performance Data Available"
        message="Player statistics for this fixture are not currently available."
      />
    );
  }

  const teamIds = [...new Set(players.map((p) => p.teamId))];
  if (fixture) teamIds.sort((a, b) => (a === fixture.homeTeamId ? -1 : b === fixture.homeTeamId ? 1 : 0));
  return (
    <Page>
      {back}
      <HeaderCard>
        <Title>{title}</Title>
        {fixture && fixture.homeTeamGoalScored !== null && !scoreHidden && (
          <Muted as="p" style={{ margin: '0.35rem 0 0' }} data-testid="fixture-score">
            {fixture.leagueName} · {fixture.homeTeamName} {fixture.homeTeamGoalScored} - {fixture.awayTeamGoalScored} {fixture.awayTeamName}
          </Muted>
        )}
        {fixture && fixture.homeTeamGoalScored !== null && scoreHidden && (
          <HiddenLine>
            <Muted>Score, goals and assists hidden (spoiler-free mode)</Muted>
            <HiddenScore fixtureId={fixture.fixtureId} label={`${fixture.homeTeamName} vs ${fixture.awayTeamName}`} />
          </HiddenLine>
        )}
      </HeaderCard>
      <Columns>
        {teamIds.map((teamId) => {
          const list = players.filter((p) => p.teamId === teamId).sort(byPositionThenMinutes);
          const team = list[0]!;
          return (
            <Card key={teamId} data-testid="fixture-team">
              <TeamTitle>
                <TeamLogo name={team.teamName} src={team.teamLogo} size={32} />
                {team.teamName}
                <Count>{list.length}</Count>
              </TeamTitle>
              <PlainList>
                {list.map((player) => (
                  <PlayerItem key={player.id} player={player} fixture={fixture} scoreHidden={scoreHidden} />
                ))}
              </PlainList>
            </Card>
          );
        })}
      </Columns>
    </Page>
  );
}
