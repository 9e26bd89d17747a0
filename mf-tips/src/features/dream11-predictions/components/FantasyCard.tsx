import { Link } from 'react-router-dom';
import styled from 'styled-components';
import type { Dream11Card } from '@matchday/contracts';
import { Badge, Button, kickoffDateTime, TeamLogo } from '@matchday/ui';
import { Figure, Muted, Row, Stack, TileGrid } from '@matchday/ui/unshared';
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

const Points = styled.div`
  text-align: right;
  font-variant-numeric: tabular-nums;
  font-weight: 800;
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
      <Points>{pick.points.toFixed(1)} pts</Points>
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
  return (
    <Panel as="article" data-testid="fantasy-card" aria-label={`${card.match} Dream11 team`}>
      <Stack $gap="0.75rem">
        <Row $justify="space-between">
          <Row $gap="0.4rem">
            <TeamLogo name={card.homeTeam} src={card.homeTeamLogo} size={32} />
            <TeamLogo name={card.awayTeam} src={card.awayTeamLogo} size={32} />
          </Row>
          <Badge
            data-testid="lineups"
            title={
              card.lineups === 'confirmed'
                ? 'Picked from the announced starting XIs'
                : 'Picked before the line-ups are announced (about an hour before kick-off)'
            }
          >
            {card.lineups === 'confirmed' ? 'Line-ups confirmed' : 'Predicted XI'}
          </Badge>
        </Row>
        <div>
          <strong>{card.match}</strong>
          <div>
            <Muted>
              {card.league} · {kickoffDateTime(card.kickoffAt)}
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
        <TileGrid $columns={3} $size="compact">
          <Figure label="Credits" value={team.credits.toFixed(1)} valueTestId="credits" />
          <Figure label="Expected points" value={team.expectedPoints.toFixed(1)} valueTestId="expected-points" />
          <Figure label="Players" value={team.players.length} />
        </TileGrid>
        <Button as={Link} to={teamHref} $variant="outline" data-testid="view-team" aria-label={`View Full Team: ${card.match}`}>
          View Full Team
        </Button>
      </Stack>
    </Panel>
  );
}
