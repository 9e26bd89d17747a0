import { Link } from 'react-router-dom';
import styled from 'styled-components';
import type { TipCard as Tip } from '@matchday/contracts';
import { Badge, Button, kickoffDateTime } from '@matchday/ui';
import { Figure, FlagOrLogo, Muted, Row, Stack, teamNameText, TileGrid } from '@matchday/ui/unshared';
import { Panel, pct } from '../../../lib/ui';
import { edgeText } from '../rules/figures';

const Top = styled(Row)`
  justify-content: space-between;
`;

const Confidence = styled.span`
  font-size: 1.6rem;
  font-weight: 800;
  color: ${({ theme }) => theme.accent};
  font-variant-numeric: tabular-nums;
`;

const Teams = styled.div`
  display: grid;
  grid-template-columns: 1fr auto 1fr;
  align-items: center;
  gap: 0.5rem;
  text-align: center;
  font-weight: 700;
  span.name {
    ${teamNameText}
  }
`;

/** Four figures in a row; two by two on the narrowest phones (320 px), where four would not fit their values. */
const TipFigures = styled(TileGrid)`
  @media (max-width: 359px) {
    grid-template-columns: repeat(2, minmax(0, 1fr));
  }
`;

const STATUS_COLOURS = { won: '#15803d', lost: '#b91c1c', push: '#475569' } as const;

/** Spec §2 tip card: confidence, odds, match, date, time, both teams, tip type, prediction, analysis, View Full Analysis. */
export function TipCard({ tip, analysisHref }: { tip: Tip; analysisHref: string }) {
  // a tip carries its kick-off as a UTC day and time of day (spec §2)
  const kickoffAt = `${tip.date}T${tip.time}:00Z`;
  return (
    <Panel as="article" data-testid="tip-card" aria-label={`${tip.match} tip`}>
      <Stack $gap="0.8rem">
        <Top>
          <div>
            <Confidence data-testid="confidence">{tip.confidence.toFixed(1)}%</Confidence> <Muted>confidence</Muted>
          </div>
          <Row $gap="0.4rem">
            {tip.status !== 'upcoming' && (
              <Badge $colour={STATUS_COLOURS[tip.status]} data-testid="tip-status">
                {tip.status === 'won' ? 'Won' : tip.status === 'lost' ? 'Lost' : 'Push'}
              </Badge>
            )}
            <Badge data-testid="odds">Odds {tip.odds === null ? '–' : tip.odds.toFixed(2)}</Badge>
          </Row>
        </Top>
        <div>
          <strong data-testid="match">{tip.match}</strong>
          <div>
            <Muted>
              {tip.league} ·{' '}
              <time data-testid="tip-date" dateTime={kickoffAt}>
                {kickoffDateTime(kickoffAt)}
              </time>
            </Muted>
          </div>
        </div>
        <Teams>
          <Stack $gap="0.3rem" style={{ justifyItems: 'center' }}>
            <FlagOrLogo name={tip.homeTeam} logo={tip.homeTeamLogo} flag={tip.homeTeamFlag} size={40} />
            <span className="name">{tip.homeTeam}</span>
          </Stack>
          <Muted aria-hidden="true">vs</Muted>
          <Stack $gap="0.3rem" style={{ justifyItems: 'center' }}>
            <FlagOrLogo name={tip.awayTeam} logo={tip.awayTeamLogo} flag={tip.awayTeamFlag} size={40} />
            <span className="name">{tip.awayTeam}</span>
          </Stack>
        </Teams>
        <div>
          <Muted>{tip.tipType}</Muted>
          <div style={{ fontSize: '1.15rem', fontWeight: 800 }} data-testid="prediction">
            {tip.prediction}
          </div>
        </div>
        <TipFigures $columns={4} $size="compact">
          <Figure label="Model" value={pct(tip.confidence / 100, 1)} />
          <Figure label="Fair odds" value={tip.fairOdds.toFixed(2)} valueTestId="fair-odds" />
          <Figure label={tip.bookmaker ? `Odds (${tip.bookmaker})` : 'Odds'} value={tip.odds === null ? '–' : tip.odds.toFixed(2)} />
          <Figure label="Edge" value={edgeText(tip.edge)} valueTestId="edge" />
        </TipFigures>
        <p style={{ margin: 0 }} data-testid="analysis">
          {tip.analysis}
        </p>
        <Button as={Link} to={analysisHref} $variant="outline" data-testid="view-analysis" aria-label={`View Full Analysis: ${tip.match}`}>
          View Full Analysis
        </Button>
      </Stack>
    </Panel>
  );
}
