import styled from 'styled-components';

/** Form colours (spec §9): W green, L red, D grey; text on them keeps a 4.5:1 contrast. */
export const FORM_COLOURS: Record<string, string> = { W: '#15803d', L: '#b91c1c', D: '#64748b' };
const FORM_WORDS: Record<string, string> = { W: 'Won', L: 'Lost', D: 'Drawn' };

const Letters = styled.span`
  display: inline-flex;
  gap: 0.25rem;
  flex-wrap: nowrap;
`;

const Letter = styled.span<{ $letter: string; $size: number }>`
  display: inline-grid;
  place-items: center;
  width: ${({ $size }) => $size}px;
  height: ${({ $size }) => $size}px;
  border-radius: 6px;
  font-size: ${({ $size }) => Math.round($size * 0.5)}px;
  font-weight: 800;
  color: #fff;
  background: ${({ $letter }) => FORM_COLOURS[$letter] ?? '#64748b'};
`;

/** Form letters, oldest first, at most `max` of the most recent (spec §9: W green, L red, D grey). */
export function FormLetters({ form, max = 10, size = 22 }: { form: string; max?: number; size?: number }) {
  const letters = form
    .toUpperCase()
    .split('')
    .filter((letter) => letter in FORM_COLOURS)
    .slice(-max);
  return (
    <Letters role="img" aria-label={`Form: ${letters.map((l) => FORM_WORDS[l]).join(', ') || 'none'}`} data-testid="form">
      {letters.map((letter, index) => (
        <Letter key={index} $letter={letter} $size={size} aria-hidden="true">
          {letter}
        </Letter>
      ))}
    </Letters>
  );
}
