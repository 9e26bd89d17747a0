import { memo } from 'react';
import styled from 'styled-components';
import { Card } from '@matchday/ui';
import { SectionTitle } from '../../../lib/components';
import { split } from '../../../lib/numbers';
import type { ComparisonGroup } from '../rules/comparison';

export const HOME_COLOUR = '#3b82f6';
export const AWAY_COLOUR = '#f97316';

const Rows = styled.div`
  display: grid;
  gap: 0.85rem;
  margin: 0;
`;

const Line = styled.div`
  display: grid;
  grid-template-columns: 3.5rem 1fr 3.5rem;
  align-items: baseline;
  gap: 0.5rem;
  margin-bottom: 0.35rem;
  .label {
    text-align: center;
    font-size: 0.85rem;
    color: ${({ theme }) => theme.textMuted};
  }
`;

const Value = styled.span<{ $lead: boolean; $align: 'left' | 'right' }>`
  margin: 0;
  text-align: ${({ $align }) => $align};
  font-weight: ${({ $lead }) => ($lead ? 800 : 500)};
  font-variant-numeric: tabular-nums;
`;

const Track = styled.div`
  display: flex;
  height: 8px;
  border-radius: 4px;
  overflow: hidden;
  background: ${({ theme }) => theme.surfaceRaised};
  span {
    height: 100%;
  }
`;

/**
 * The bar under a comparison row, drawn in CSS: the home share on the left, the away share on the
 * right, 50/50 when both values are 0 (spec §9).
 */
function SplitBar({ home, away }: { home: number; away: number }) {
  const [homeShare, awayShare] = split(home, away);
  return (
    <Track aria-hidden="true" data-testid="split-bar">
      <span data-testid="split-segment" style={{ width: `${homeShare}%`, background: HOME_COLOUR }} />
      <span data-testid="split-segment" style={{ width: `${awayShare}%`, background: AWAY_COLOUR }} />
    </Track>
  );
}

/** One of the four comparison cards: home value, statistic, away value, and the split bar below (memoised). */
export const ComparisonCard = memo(function ComparisonCard({
  group,
  homeName,
  awayName,
}: {
  group: ComparisonGroup;
  homeName: string;
  awayName: string;
}) {
  return (
    <Card data-testid="comparison-card">
      <SectionTitle>{group.title}</SectionTitle>
      <Rows>
        {group.rows.map((row) => {
          const show = (value: number) => (row.percent ? `${value}%` : String(value));
          return (
            <div key={row.label} data-testid="comparison-row">
              <Line>
                <Value $lead={row.home > row.away} $align="left">
                  <span className="visually-hidden">{homeName} </span>
                  <span data-testid="home-value">{show(row.home)}</span>
                </Value>
                <span className="label">{row.label}</span>
                <Value $lead={row.away > row.home} $align="right">
                  <span className="visually-hidden">{awayName} </span>
                  <span data-testid="away-value">{show(row.away)}</span>
                </Value>
              </Line>
              <SplitBar home={row.home} away={row.away} />
            </div>
          );
        })}
      </Rows>
    </Card>
  );
});
