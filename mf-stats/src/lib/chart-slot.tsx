import { Suspense, type ReactNode } from 'react';
import styled from 'styled-components';
import { Skeleton } from '@matchday/ui';

const Figure = styled.figure`
  margin: 0;
  min-width: 0;
  figcaption {
    font-size: 0.85rem;
    color: ${({ theme }) => theme.textMuted};
    margin-bottom: 0.5rem;
  }
`;

/**
 * Where a chart goes: the chart components import recharts and are loaded with React.lazy, so a
 * screen pays for the chart library only when it shows a chart; a skeleton of the same height holds
 * the place meanwhile. The caption says in words what the chart shows.
 */
export function ChartSlot({ caption, height, children }: { caption: string; height: number; children: ReactNode }) {
  return (
    <Figure data-testid="chart">
      <figcaption>{caption}</figcaption>
      <Suspense fallback={<Skeleton $height={`${height}px`} />}>{children}</Suspense>
    </Figure>
  );
}
