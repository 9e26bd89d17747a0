import { useEffect, useRef, useState, type ReactNode } from 'react';
import styled from 'styled-components';

const Backdrop = styled.div`
  position: fixed;
  inset: 0;
  z-index: 50;
  display: grid;
  place-items: center;
  padding: 1rem;
  background: rgb(0 0 0 / 0.6);
`;

const Box = styled.div<{ $width: string }>`
  width: min(${({ $width }) => $width}, 100%);
  max-height: calc(100vh - 2rem);
  overflow: auto;
  background: ${({ theme }) => theme.surface};
  color: ${({ theme }) => theme.text};
  border: 1px solid ${({ theme }) => theme.border};
  border-radius: 14px;
  padding: 1.3rem;
  display: grid;
  gap: 0.9rem;
  h2 {
    margin: 0;
    font-size: 1.2rem;
  }
  p {
    margin: 0;
    color: ${({ theme }) => theme.textMuted};
  }
`;

const FOCUSABLE =
  'button:not([disabled]), [href], input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

export interface DialogFrameProps {
  /** 'alertdialog' for a confirmation. */
  role?: 'dialog' | 'alertdialog';
  /** Ids of the title and of the text that describes the dialog. */
  labelledBy: string;
  describedBy?: string;
  /** The widest the dialog grows (30rem). */
  width?: string;
  /** Escape closes the dialog through it; undefined while it may not close (an action is pending). */
  onClose?: () => void;
  /** A click outside the dialog closes it too (never for a confirmation: spec §4). */
  closeOnBackdrop?: boolean;
  testId?: string;
  backdropTestId?: string;
  children: ReactNode;
}

/**
 * The frame of a modal dialog: the dimmed backdrop and the box, Escape to close, Tab kept inside, and focus back
 * where it was when the dialog goes. The dialog moves focus into itself (autoFocus on its first control).
 */
export function DialogFrame({
  role = 'dialog',
  labelledBy,
  describedBy,
  width = '30rem',
  onClose,
  closeOnBackdrop,
  testId,
  backdropTestId,
  children,
}: DialogFrameProps) {
  const box = useRef<HTMLDivElement>(null);
  // Read while rendering, before the dialog's own control takes focus.
  const [opener] = useState(() => (typeof document === 'undefined' ? null : (document.activeElement as HTMLElement | null)));
  useEffect(() => () => opener?.focus(), [opener]);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && onClose) onClose();
      if (event.key !== 'Tab' || !box.current) return;
      const focusable = [...box.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
      const first = focusable[0];
      const last = focusable[focusable.length - 1];
      if (!first || !last) return;
      if (event.shiftKey && document.activeElement === first) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && document.activeElement === last) {
        event.preventDefault();
        first.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [onClose]);
  return (
    <Backdrop data-testid={backdropTestId} onClick={(event) => closeOnBackdrop && event.target === event.currentTarget && onClose?.()}>
      <Box
        ref={box}
        $width={width}
        role={role}
        aria-modal="true"
        aria-labelledby={labelledBy}
        aria-describedby={describedBy}
        data-testid={testId}
      >
        {children}
      </Box>
    </Backdrop>
  );
}
