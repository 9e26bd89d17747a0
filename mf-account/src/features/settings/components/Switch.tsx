import type { ReactNode } from 'react';
import styled from 'styled-components';

/** An on/off switch (a button with role="switch" and aria-checked). */
export const Switch = styled.button<{ $on: boolean }>`
  flex: none;
  position: relative;
  width: 3rem;
  height: 1.7rem;
  border-radius: 999px;
  border: 1px solid ${({ theme }) => theme.border};
  background: ${({ $on, theme }) => ($on ? theme.accent : theme.surfaceRaised)};
  cursor: pointer;
  &::after {
    content: '';
    position: absolute;
    top: 0.15rem;
    left: ${({ $on }) => ($on ? '1.45rem' : '0.15rem')};
    width: 1.3rem;
    height: 1.3rem;
    border-radius: 50%;
    background: #fff;
    transition: left 0.15s ease;
  }
  &:disabled {
    opacity: 0.55;
    cursor: not-allowed;
  }
  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.accent};
    outline-offset: 2px;
  }
`;

const Row = styled.label`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: 1rem;
  min-height: 2.75rem;
  cursor: pointer;
  small {
    display: block;
    color: ${({ theme }) => theme.textMuted};
  }
`;

/** A labelled switch row: the whole row toggles it; the hint is its description, not part of its name. */
export function SwitchRow({
  id,
  label,
  hint,
  checked,
  disabled,
  onChange,
}: {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  checked: boolean;
  disabled?: boolean;
  onChange(next: boolean): void;
}) {
  return (
    <Row htmlFor={id}>
      <span>
        <span id={`${id}-label`}>{label}</span>
        {hint && <small id={`${id}-hint`}>{hint}</small>}
      </span>
      <Switch
        id={id}
        type="button"
        role="switch"
        aria-checked={checked}
        aria-labelledby={`${id}-label`}
        aria-describedby={hint ? `${id}-hint` : undefined}
        disabled={disabled}
        $on={checked}
        onClick={() => onChange(!checked)}
      />
    </Row>
  );
}
