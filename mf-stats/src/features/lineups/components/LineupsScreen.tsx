import { Link, useParams } from 'react-router-dom';
import styled from 'styled-components';
import type { FixtureStats, LineupPlayer, LineupSide } from '@matchday/contracts';
import { Card, media, Page, usePageMeta } from '@matchday/ui';
import { BackLink, Figure, FigureList, HiddenScore, isId, Muted, PlainList, ScreenState, useSpoilers } from '@matchday/ui/unshared';
import { Count, HeaderCard, Title } from '../../../lib/components';
import { rating, RATING_LABEL } from '../../../lib/numbers';
import { fixtureStatsMatch } from '../../../lib/spoilers';
import { isNotAvailable, useFixtureSummary, useLineups } from '../api/lineups';
import { positionGroups, substituteNote, wentOffNote, xgText } from '../rules/lineup';
import { TeamBadge } from '../../../lib/team-badge';

/** Names break only at spaces (never inside a word), on every line of this screen. */
const Words = `
  overflow-wrap: normal;
  word-break: normal;
  hyphens: none;
`;

const ScreenTitle = styled(Title)`
  ${Words}
`;

const Columns = styled.div`
  display: grid;
  grid-template-columns: repeat(2, minmax(0, 1fr));
  gap: 1rem;
  ${media.mobile} {
    grid-template-columns: minmax(0, 1fr);
  }
`;

const HiddenLine = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 0.5rem 0.75rem;
  margin-top: 0.6rem;
`;

const SideCard = styled(Card)`
  min-width: 0;
  ${media.mobile} {
    padding: 0.75rem;
  }
`;

const TeamTitle = styled.h2`
  display: flex;
  align-items: center;
  gap: 0.6rem;
  font-size: 1.05rem;
  margin: 0 0 0.75rem;
  ${Words}
`;

const Section = styled.h3`
  font-size: 0.95rem;
  margin: 1rem 0 0.4rem;
`;

const Group = styled.h4`
  font-size: 0.75rem;
  font-weight: 600;
  letter-spacing: 0.04em;
  text-transform: uppercase;
  margin: 0.6rem 0 0.3rem;
  color: ${({ theme }) => theme.textMuted};
`;

const Item = styled.li`
  display: grid;
  grid-template-columns: minmax(0, 1fr) auto;
  gap: 0.25rem 0.6rem;
  align-items: start;
  padding: 0.5rem 0.6rem;
  margin-bottom: 0.35rem;
  border-radius: 10px;
  background: ${({ theme }) => theme.surfaceRaised};
`;

const Who = styled.div`
  min-width: 0;
  a,
  strong {
    font-weight: 700;
    text-decoration: none;
    ${Words}
  }
  a:hover {
    text-decoration: underline;
  }
`;

const Badge = styled.span`
  display: inline-block;
  margin-left: 0.35rem;
  padding: 0 0.35rem;
  border-radius: 4px;
  font-size: 0.7rem;
  font-weight: 700;
  white-space: nowrap;
  vertical-align: 0.1em;
  background: ${({ theme }) => (theme.mode === 'dark' ? 'rgb(255 255 255 / 0.14)' : 'rgb(15 23 42 / 0.08)')};
`;

const Star = styled(Badge)`
  color: #1c1917;
  background: #facc15;
`;

const Note = styled.small`
  display: block;
  color: ${({ theme }) => theme.textMuted};
`;

const RatingChip = styled.span<{ $value: number | null }>`
  min-width: 2.4rem;
  text-align: center;
  padding: 0.15rem 0.4rem;
  border-radius: 6px;
  font-weight: 800;
  font-variant-numeric: tabular-nums;
  color: #fff;
  background: ${({ $value }) => ($value === null ? '#475569' : $value >= 7 ? '#15803d' : $value >= 6 ? '#a16207' : '#b91c1c')};
`;

const Figures = styled(FigureList)`
  grid-column: 1 / -1;
  font-size: 0.8rem;
  gap: 0.15rem 0.8rem;
`;

interface RowContext {
  fixture: FixtureStats | null | undefined;
  /** Spoiler-free mode: goals, assists and the player of the match tell the score, so they wait for the reveal. */
  scoreHidden: boolean;
}

function PlayerRow({ player, note, context }: { player: LineupPlayer; note: string | null; context: RowContext }) {
  const { fixture, scoreHidden } = context;
  const best = !scoreHidden && player.playerId !== null && fixture?.playerOfTheMatch?.playerId === player.playerId;
  const name =
    fixture && player.playerId !== null ? (
      <Link to={`/player/${player.playerId}/${fixture.leagueId}/${fixture.season}?tab=fixtures`} data-testid="player-name">
        {player.name}
      </Link>
    ) : (
      <strong data-testid="player-name">{player.name}</strong>
    );
  const off = wentOffNote(player);
  const xg = xgText(player);
  return (
    <Item data-testid="fixture-player">
      <Who>
        {name}
        {player.captain && (
          <Badge title="Captain" aria-label="Captain">
            C
          </Badge>
        )}
        {best && (
          <Star title="Player of the match" data-testid="player-of-the-match">
            ★ Player of the match
          </Star>
        )}
        {(note || off) && <Note>{[note, off].filter(Boolean).join(' · ')}</Note>}
      </Who>
      <RatingChip
        $value={player.rating}
        title={RATING_LABEL}
        aria-label={`${RATING_LABEL}: ${rating(player.rating)}`}
        data-testid="player-rating"
      >
        {rating(player.rating)}
      </RatingChip>
      <Figures>
        <Figure label="Min" value={player.minutes ?? '–'} valueTestId="minutes" />
        {!scoreHidden && (
          <>
            <Figure label="Goals" value={player.goals} valueTestId="goals" />
            <Figure label="Assists" value={player.assists} />
          </>
        )}
        <Figure
          label="Cards"
          value={
            <>
              {player.yellow} <Muted>Y</Muted> · {player.red} <Muted>R</Muted>
            </>
          }
        />
        {xg !== null && <Figure label="xG" value={xg} />}
      </Figures>
    </Item>
  );
}

function SideLineup({ side, logo, source, context }: { side: LineupSide; logo: string | null; source: string; context: RowContext }) {
  const title = (
    <TeamTitle>
      <TeamBadge name={side.teamName} logo={logo} size={32} national />
      <span>{side.teamName}</span>
    </TeamTitle>
  );
  if (!side.available) {
    // the source gave no line-up of this side that holds together (the other side's did)
    return (
      <SideCard data-testid="fixture-team">
        {title}
        <Muted as="p" data-testid="lineup-not-available">
          {side.teamName}&apos;s line-up is not available.
        </Muted>
      </SideCard>
    );
  }
  return (
    <SideCard data-testid="fixture-team">
      {title}
      <Section>
        Starting XI<Count>{side.starters.length}</Count>
      </Section>
      {positionGroups(side.starters).map((group) => (
        <div key={group.label ?? 'all'} data-testid="lineup-group">
          {group.label && <Group>{group.label}</Group>}
          <PlainList>
            {group.players.map((player) => (
              <PlayerRow key={`${player.playerId ?? player.name}`} player={player} note={null} context={context} />
            ))}
          </PlainList>
        </div>
      ))}
      <Section>
        Substitutes<Count>{side.substitutes.length}</Count>
      </Section>
      {side.substitutes.length === 0 ? (
        <Muted as="p">No substitutes came on.</Muted>
      ) : (
        <PlainList data-testid="lineup-substitutes">
          {side.substitutes.map((player) => (
            <PlayerRow key={`${player.playerId ?? player.name}`} player={player} note={substituteNote(player)} context={context} />
          ))}
        </PlainList>
      )}
      {side.bench ? (
        <>
          <Section>
            Bench<Count>{side.bench.length}</Count>
          </Section>
          <PlainList data-testid="lineup-bench">
            {side.bench.map((player) => (
              <PlayerRow key={`${player.playerId ?? player.name}`} player={player} note={null} context={context} />
            ))}
          </PlainList>
        </>
      ) : (
        <Note>{source} does not list the unused substitutes.</Note>
      )}
    </SideCard>
  );
}

/** The line-ups of a fixture (route /fixture-players/:fixtureId): each side's XI, substitutes and bench. */
export function LineupsScreen() {
  const { fixtureId: rawId } = useParams();
  const fixtureId = isId(rawId) ? rawId : null;
  const { data, error, isLoading } = useLineups(fixtureId);
  const { data: fixture } = useFixtureSummary(fixtureId);
  // spoiler-free mode: until the fixture is known, the mode as last seen decides
  const { hidden, active } = useSpoilers();
  const scoreHidden = fixture ? hidden(fixtureStatsMatch(fixture)) : fixture === undefined && active;
  const title = fixture ? `${fixture.homeTeamName} vs ${fixture.awayTeamName} Line-ups` : 'Line-ups';
  usePageMeta({
    title,
    description: fixture
      ? `Starting line-ups, substitutes, minutes and ratings of ${fixture.homeTeamName} vs ${fixture.awayTeamName}.`
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
    return <ScreenState back={back} loading="Loading line-ups" />;
  }
  if (!data) {
    return isNotAvailable(error) || !error ? (
      <ScreenState back={back} title="Line-ups not available" message="The sources of this match do not say who played." />
    ) : (
      <ScreenState back={back} title="Line-ups could not be loaded" message="Please try again in a moment." />
    );
  }

  const context: RowContext = { fixture, scoreHidden };
  return (
    <Page>
      {back}
      <HeaderCard>
        <ScreenTitle>{title}</ScreenTitle>
        {fixture && fixture.homeTeamGoalScored !== null && !scoreHidden && (
          <Muted as="p" style={{ margin: '0.35rem 0 0' }} data-testid="fixture-score">
            {fixture.leagueName} · {fixture.homeTeamName} {fixture.homeTeamGoalScored} - {fixture.awayTeamGoalScored} {fixture.awayTeamName}
          </Muted>
        )}
        {fixture && fixture.homeTeamGoalScored !== null && scoreHidden && (
          <HiddenLine>
            <Muted>Score, goals, assists and the player of the match hidden (spoiler-free mode)</Muted>
            <HiddenScore fixtureId={fixture.fixtureId} label={`${fixture.homeTeamName} vs ${fixture.awayTeamName}`} />
          </HiddenLine>
        )}
        <Muted as="p" style={{ margin: '0.35rem 0 0' }} data-testid="lineups-source">
          Line-ups: {data.source} · {RATING_LABEL}
        </Muted>
      </HeaderCard>
      <Columns>
        <SideLineup side={data.home} logo={fixture?.homeTeamLogo ?? null} source={data.source} context={context} />
        <SideLineup side={data.away} logo={fixture?.awayTeamLogo ?? null} source={data.source} context={context} />
      </Columns>
    </Page>
  );
}

export default LineupsScreen;
