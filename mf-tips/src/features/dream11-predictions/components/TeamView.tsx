import { Link } from 'react-router-dom';
import styled from 'styled-components';
import type { Dream11Card, Dream11Team } from '@matchday/contracts';
import { Button, kickoffDateTime, shortPlayerName, usePageMeta } from '@matchday/ui';
import { BackLink, errorDetail, Muted, ScreenState, Stack } from '@matchday/ui/unshared';
import { BLOCK_SKELETON, Panel, ResponsibleGambling, SectionTitle } from '../../../lib/ui';
import { useDream11Card } from '../api/dream11';
import { lineupChangesText, pitchLines } from '../rules/pitch';

/*
 * The pitch and each line are one grid column that may be narrower than its content's longest words
 * (minmax(0, 1fr)): an auto column grows to the sum of a line's chips' longest words, which at 320 px pushed a line of
 * four 14 px past the pitch's edge and the page 3 px wider than the phone. The chips (one such column each) shrink and
 * break their words instead.
 */
const Pitch = styled.div`
  position: relative;
  display: grid;
  grid-template-columns: minmax(0, 1fr);
  gap: 1rem;
  padding: 1.25rem 0.5rem;
  border-radius: 14px;
  background: repeating-linear-gradient(180deg, #166534 0 44px, #15803d 44px 88px);
  border: 2px solid rgb(255 255 255 / 0.5);
  color: #ffffff;
`;

/** One line of the formation: its name (GK, DEF, MID, FWD) above its players, all on one row. */
const LineBlock = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 1fr);
  gap: 0.25rem;
  justify-items: center;
`;

const LineName = styled.span`
  padding: 0 0.5rem;
  border-radius: 999px;
  background: rgb(255 255 255 / 0.9);
  color: #14532d;
  font-size: 0.7rem;
  font-weight: 800;
  letter-spacing: 0.04em;
`;

/** Up to five players share the row (a 5-man line at 390 px: five chips of about 4.3rem): never wraps. */
const Line = styled.ul`
  display: flex;
  justify-content: center;
  gap: 0.3rem;
  list-style: none;
  margin: 0;
  padding: 0;
  width: 100%;
  flex-wrap: nowrap;
`;

const Chip = styled.li`
  display: grid;
  grid-template-columns: minmax(0, 1fr);
  justify-items: center;
  overflow-wrap: anywhere;
  gap: 0.1rem;
  flex: 0 1 6.2rem;
  min-width: 0;
  padding: 0.35rem 0.2rem;
  border-radius: 10px;
  background: rgb(5 46 22 / 0.78);
  text-align: center;
  font-size: 0.72rem;
  /* one line each, shortened as fans write names ("B. Fernandes"), an ellipsis rather than a word cut in two */
  strong,
  .team {
    justify-self: stretch;
    min-width: 0;
    max-width: 100%;
    overflow: hidden;
    white-space: nowrap;
    text-overflow: ellipsis;
  }
  strong {
    font-size: 0.76rem;
  }
  .tag {
    display: inline-grid;
    place-items: center;
    min-width: 1.5rem;
    padding: 0 0.3rem;
    border-radius: 999px;
    background: #facc15;
    color: #1c1917;
    font-weight: 800;
  }
`;

/** Line-ups confirmed or predicted, and what their arrival changed. */
function LineupNote({ card }: { card: Dream11Card }) {
  if (card.lineups === 'confirmed') {
    return (
      <p style={{ margin: '0.4rem 0 0' }} data-testid="lineups">
        <strong>Line-ups confirmed</strong> · every pick is in his side's starting XI.{' '}
        <span data-testid="lineup-changes">{lineupChangesText(card.changes)}</span>
      </p>
    );
  }
  return (
    <p style={{ margin: '0.4rem 0 0' }} data-testid="lineups">
      <strong>Predicted XI</strong> · line-ups are announced about an hour before kick-off, and the picks are made again then. On their last
      matches these players started {card.safetyScore.toFixed(1)} times in 10 on average.
    </p>
  );
}

/** The XI on a pitch, goalkeeper at the back: name, team, credits, expected points, C and VC. */
export function PitchView({ team, label, testId }: { team: Dream11Team; label: string; testId: string }) {
  return (
    <Pitch role="group" aria-label={label} data-testid={testId}>
      {pitchLines(team).map(({ role, name, players }) => (
        <LineBlock key={role}>
          <LineName aria-hidden="true" data-testid="pitch-line-name">
            {role}
          </LineName>
          <Line aria-label={name} data-testid={`pitch-line-${role}`}>
            {players.map((p) => (
              <Chip key={p.playerId} data-testid="pitch-player">
                {p.tag && <span className="tag">{p.tag}</span>}
                <strong title={p.name}>{shortPlayerName(p.name)}</strong>
                <span className="team" title={p.team}>
                  {p.team}
                </span>
                <span>
                  {p.credits.toFixed(1)} cr · {p.expectedPoints.toFixed(1)} pts
                </span>
              </Chip>
            ))}
          </Line>
        </LineBlock>
      ))}
    </Pitch>
  );
}

/** 'View Full Team': the safe XI and the differential XI on a pitch. */
export function TeamView({ fixtureId, backTo }: { fixtureId: string; backTo: string }) {
  const { data, error, isLoading, mutate } = useDream11Card(/^\d{1,12}$/.test(fixtureId) ? fixtureId : null);
  usePageMeta({ title: data ? `${data.match}: Dream11 team` : 'Dream11 team' });
  const back = <BackLink to={backTo}>Back to Dream11 Teams</BackLink>;
  if (isLoading) {
    return <ScreenState page={false} back={back} loading="Loading team" heights={BLOCK_SKELETON} />;
  }
  if (error || !data) {
    return (
      <ScreenState
        page={false}
        back={back}
        after={<ResponsibleGambling />}
        title={error ? 'Failed to fetch the team' : 'Team not found'}
        message={error ? errorDetail(error) : undefined}
      >
        {error ? (
          <Button type="button" $variant="outline" onClick={() => void mutate()}>
            Retry
          </Button>
        ) : (
          <Button as={Link} to={backTo} $variant="outline">
            Back to Dream11 Teams
          </Button>
        )}
      </ScreenState>
    );
  }
  return (
    <Stack data-testid="team-view">
      <div>{back}</div>
      <Panel>
        <h1 style={{ margin: 0, fontSize: '1.45rem' }}>{data.match}</h1>
        <Muted>
          {data.league} · {kickoffDateTime(data.kickoffAt)}
        </Muted>
        <LineupNote card={data} />
      </Panel>
      <Panel as="section" aria-labelledby="safe-team">
        <SectionTitle id="safe-team">Safe team (most expected points)</SectionTitle>
        <p style={{ marginTop: 0 }}>
          <Muted>
            {data.safe.credits.toFixed(1)} of 100 credits · {data.safe.expectedPoints.toFixed(1)} expected points with captain ×2 and
            vice-captain ×1.5
          </Muted>
        </p>
        <PitchView team={data.safe} label="Safe team on the pitch" testId="pitch-safe" />
      </Panel>
      <Panel as="section" aria-labelledby="differential-team">
        <SectionTitle id="differential-team">Differential team (Grand Leagues)</SectionTitle>
        <p style={{ marginTop: 0 }}>
          <Muted>
            Expected points minus a penalty for popular picks: fewer shared players with the crowd. {data.differential.credits.toFixed(1)}{' '}
            credits · {data.differential.expectedPoints.toFixed(1)} expected points
          </Muted>
        </p>
        <PitchView team={data.differential} label="Differential team on the pitch" testId="pitch-differential" />
      </Panel>
      <ResponsibleGambling />
    </Stack>
  );
}
