import styled from 'styled-components';
import { Card, media, Skeleton } from '@matchday/ui';
import { Row } from '@matchday/ui/unshared';

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
    <CardGrid aria-busy="true" aria-label={label} data-testid="loading">
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

/** Form letters W/D/L with the colours the stats screens use (white text keeps 4.5:1). */
const FORM_COLOURS: Record<string, string> = { W: '#15803d', L: '#b91c1c', D: '#64748b' };
const FORM_WORDS: Record<string, string> = { W: 'Won', L: 'Lost', D: 'Drawn' };
const Letter = styled.span<{ $letter: string }>`
  display: inline-grid;
  place-items: center;
  width: 22px;
  height: 22px;
  border-radius: 6px;
  font-size: 11px;
  font-weight: 800;
  color: #fff;
  background: ${({ $letter }) => FORM_COLOURS[$letter] ?? '#64748b'};
`;

export function FormLetters({ form }: { form: string[] }) {
  return (
    <Row $gap="0.25rem" role="img" aria-label={`Form: ${form.map((l) => FORM_WORDS[l]).join(', ') || 'none'}`} data-testid="form">
      {form.map((letter, index) => (
        <Letter key={index} $letter={letter} aria-hidden="true">
          {letter}
        </Letter>
      ))}
    </Row>
  );
}
