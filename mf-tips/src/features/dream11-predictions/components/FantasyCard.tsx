import { Link } from 'react-router-dom';
import styled from 'styled-components';
import type { Dream11Card } from '@matchday/contracts';
import { Badge, Button, TeamLogo } from '@matchday/ui';
import { Muted, Row, Stack } from '@matchday/ui/unshared';
import { Panel } from '../../../lib/ui';

const Pick = styled.div`
  display: grid;
  grid-template-columns: auto 1fr auto;
  gap: 0.6rem;
  align-items: center;
  background: ${({ theme }) => theme.surfaceRaised};
  border-radius: 10px;
  padding: 0.55rem 0.7rem;
  strong {
    overflow-wrap: anywhere;
  }
`;

const Figure = styled.div`
  text-align: right;
  font-variant-numeric: tabular-nums;
  font-weight: 800;
`;

const Tiles = styled.dl`
  display: grid;
  grid-template-columns: repeat(3, minmax(0, 1fr));
  gap: 0.5rem;
  margin: 0;
  div {
    background: ${({ theme }) => theme.surfaceRaised};
    border-radius: 8px;
    padding: 0.4rem 0.55rem;
  }
  dt {
    font-size: 0.72rem;
    color: ${({ theme }) => theme.textMuted};
  }
  dd {
    margin: 0;
    font-weight: 800;
    font-size: 1.1rem;
    font-variant-numeric: tabular-nums;
  }
`;

export function PickRow({ label, pick, testId }: { label: 'C' | 'VC'; pick: Dream11Card['captain']; testId: string }) {
  return (
    <Pick data-testid={testId}>
      <Badge>{label}</Badge>
      <div>
        <strong>{pick.name}</strong>
        <div>
          <Muted>
            {pick.team} · owned {pick.ownership.toFixed(1)}%
          </Muted>
        </div>
      </div>
      <Figure>{pick.points.toFixed(1)} pts</Figure>
    </Pick>
  );
}

/** Spec §2 fantasy card: safety score /10, credits, C and VC with ownership and expected points, total, View Full Team. */
export function FantasyCard({
  card,
  teamHref,
  variant = 'safe',
}: {
  card: Dream11Card;
  teamHref: string;
  variant?: 'safe' | 'differential';
}) {
  const team = variant === 'safe' ? card.safe : card.differential;
  const byId = new Map(team.players.map((p) => [p.playerId, p]));
  const c = byId.get(team.captainId)!;
  const vc = byId.get(team.viceCaptainId)!;
  const kickoff = new Date(card.kickoffAt).toISOString();
  return (
    <Panel as="article" data-testid="fantasy-card" aria-label={`${card.match} Dream11 team`}>
      <Stack $gap="0.75rem">
        <Row $justify="space-between">
          <Row $gap="0.4rem">
            <TeamLogo name={card.homeTeam} src={card.homeTeamLogo} size={32} />
            <TeamLogo name={card.awayTeam} src={card.awayTeamLogo} size={32} />
          </Row>
          <Badge data-testid="safety-score">Safety {card.safetyScore.toFixed(1)}/10</Badge>
        </Row>
        <div>
          <strong>{card.match}</strong>
          <div>
            <Muted>
              {card.league} · {kickoff.slice(0, 10)} · {kickoff.slice(11, 16)} UTC
              {variant === 'differential' ? ' · Grand League differential' : ''}
            </Muted>
          </div>
        </div>
        <PickRow label="C" testId="captain" pick={{ name: c.name, team: c.team, points: c.expectedPoints, ownership: c.ownership }} />
        <PickRow
          label="VC"
          testId="vice-captain"
          pick={{ name: vc.name, team: vc.team, points: vc.expectedPoints, ownership: vc.ownership }}
        />
        <Tiles>
          <div>
            <dt>Credits</dt>
            <dd data-testid="credits">{team.credits.toFixed(1)}</dd>
          </div>
          <div>
            <dt>Expected points</dt>
            <dd data-testid="expected-points">{team.expectedPoints.toFixed(1)}</dd>
          </div>
          <div>
            <dt>Players</dt>
            <dd>{team.players.length}</dd>
          </div>
        </Tiles>
        <Button as={Link} to={teamHref} $variant="outline" data-testid="view-team" aria-label={`View Full Team: ${card.match}`}>
          View Full Team
        </Button>
      </Stack>
    </Panel>
  );
}
