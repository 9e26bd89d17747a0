import { Suspense, type ReactNode } from 'react';
import { useInView } from 'react-intersection-observer';
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
 * the place meanwhile. The chart is drawn once the slot comes within 200 px of the viewport: drawing
 * one (recharts, its store and the entry animation) is the largest piece of main-thread work on a
 * phone, and a chart below the fold need not delay the first screen. The caption says in words what
 * the chart shows, drawn or not.
 */
export function ChartSlot({ caption, height, children }: { caption: string; height: number; children: ReactNode }) {
  // Where IntersectionObserver is missing (old browsers, jsdom), the chart is drawn at once.
  const { ref, inView } = useInView({ rootMargin: '200px 0px', triggerOnce: true, fallbackInView: true });
  const placeholder = <Skeleton $height={`${height}px`} />;
  return (
    <Figure data-testid="chart" ref={ref}>
      <figcaption>{caption}</figcaption>
      {inView ? <Suspense fallback={placeholder}>{children}</Suspense> : placeholder}
    </Figure>
  );
}
