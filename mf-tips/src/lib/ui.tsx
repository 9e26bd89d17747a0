import styled from 'styled-components';
import { Card, media, Skeleton } from '@matchday/ui';

export const pct = (value: number, digits = 0) => `${(value * 100).toFixed(digits)}%`;

export const SectionTitle = styled.h2`
  font-size: 1.1rem;
  margin: 0 0 0.75rem;
`;

export const CardGrid = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(min(100%, 340px), 1fr));
  gap: 1rem;
`;

export const Panel = styled(Card)`
  padding: 1.25rem;
  min-width: 0;
  ${media.mobile} {
    padding: 1rem;
  }
`;

/** Six card skeletons while a list loads (the fixtures list's pattern). */
export function CardsSkeleton({ label, count = 6 }: { label: string; count?: number }) {
  return (
    <CardGrid role="status" aria-busy="true" aria-label={label} data-testid="loading">
      {Array.from({ length: count }, (_, index) => (
        <Skeleton key={index} $height="15rem" />
      ))}
    </CardGrid>
  );
}

/** The skeleton of a detail view (analysis, Dream11 team): header, main panel, side panel. */
export const BLOCK_SKELETON = ['7rem', '18rem', '10rem'];

const Responsible = styled.p`
  margin: 1.5rem 0 0;
  padding: 0.75rem 1rem;
  border-radius: 10px;
  border: 1px solid ${({ theme }) => theme.border};
  color: ${({ theme }) => theme.textMuted};
  font-size: 0.9rem;
  strong {
    color: ${({ theme }) => theme.text};
  }
`;

/** On every tips view. */
export function ResponsibleGambling() {
  return (
    <Responsible data-testid="responsible-gambling">
      <strong>18+ only. Please play responsibly.</strong> Tips and picks are a model's estimates, never a certainty: stake only what you can
      afford to lose, and take a break if it stops being fun.
    </Responsible>
  );
}
