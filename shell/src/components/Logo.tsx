import styled from 'styled-components';

const Mark = styled.span`
  display: inline-flex;
  align-items: center;
  gap: 0.5rem;
  font-weight: 800;
  font-size: 1.2rem;
  letter-spacing: -0.02em;
  svg {
    flex: none;
  }
`;

/** Below this width the header has room only for the mark: the name would run under the buttons. */
const NARROW = '@media (max-width: 520px)';

const Word = styled.span<{ $hideWhenNarrow: boolean }>`
  ${({ $hideWhenNarrow }) =>
    $hideWhenNarrow
      ? `${NARROW} {
    position: absolute;
    width: 1px;
    height: 1px;
    overflow: hidden;
    clip-path: inset(50%);
    white-space: nowrap;
  }`
      : ''}
`;

export function Logo({ size = 28, compactWhenNarrow = false }: { size?: number; compactWhenNarrow?: boolean }) {
  return (
    <Mark>
      <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true">
        <circle cx="16" cy="16" r="15" fill="#22c55e" />
        <path d="M16 7l6 4.5-2.3 7h-7.4L10 11.5z" fill="#052e16" />
        <path d="M16 7v-4M22 11.5l4-1.5M19.7 18.5l2.8 4.5M12.3 18.5l-2.8 4.5M10 11.5l-4-1.5" stroke="#052e16" strokeWidth="1.6" />
      </svg>
      <Word $hideWhenNarrow={compactWhenNarrow}>Matchday</Word>
    </Mark>
  );
}
