import { useEffect, useRef } from 'react';
import styled from 'styled-components';
import { store, useAppDispatch, useAppSelector } from './store';
import { toastsSlice, type ToastVariant } from './toasts-slice';

export const TOAST_DURATION_MS = 5000;
const SWIPE_THRESHOLD_PX = 50;

export interface ToastInput {
  title: string;
  description?: string;
  variant?: ToastVariant;
  durationMs?: number;
}

/** Shows a toast from anywhere (shell or remote): one visible at a time, 5 s by default. */
export function toast(input: ToastInput): void {
  store.dispatch(
    toastsSlice.actions.show({
      title: input.title,
      description: input.description,
      variant: input.variant ?? 'default',
      durationMs: input.durationMs ?? TOAST_DURATION_MS,
    }),
  );
}

const Region = styled.section`
  position: fixed;
  right: 1rem;
  bottom: 1rem;
  z-index: 100;
  max-width: min(24rem, calc(100vw - 2rem));
  outline: none;
`;

const Card = styled.div<{ $variant: ToastVariant }>`
  background: ${({ theme, $variant }) => ($variant === 'destructive' ? theme.danger : theme.surfaceRaised)};
  color: ${({ theme, $variant }) => ($variant === 'destructive' ? '#fff' : theme.text)};
  border: 1px solid ${({ theme, $variant }) => ($variant === 'success' ? theme.success : theme.border)};
  border-radius: 10px;
  padding: 0.8rem 2.2rem 0.8rem 1rem;
  box-shadow: 0 10px 30px rgb(0 0 0 / 0.35);
  position: relative;
  touch-action: pan-y;
  strong {
    display: block;
  }
  p {
    margin: 0.2rem 0 0;
    font-size: 0.9rem;
    opacity: 0.9;
  }
`;

const Close = styled.button`
  position: absolute;
  top: 0.4rem;
  right: 0.4rem;
  border: 0;
  background: transparent;
  color: inherit;
  cursor: pointer;
  font-size: 1rem;
`;

/** Rendered once by the shell. F8 focuses the toast region; swiping right by 50 px dismisses. */
export function Toaster() {
  const current = useAppSelector((state) => state.toasts.current);
  const dispatch = useAppDispatch();
  const region = useRef<HTMLElement>(null);
  const swipeStart = useRef<number | null>(null);

  useEffect(() => {
    if (!current) return;
    const timer = setTimeout(() => dispatch(toastsSlice.actions.dismiss(current.id)), current.durationMs);
    return () => clearTimeout(timer);
  }, [current, dispatch]);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'F8') region.current?.focus();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  return (
    <Region ref={region} tabIndex={-1} aria-label="Notifications (F8)" aria-live="polite">
      {current && (
        <Card
          role="status"
          data-testid="toast"
          $variant={current.variant}
          onPointerDown={(e) => (swipeStart.current = e.clientX)}
          onPointerUp={(e) => {
            if (swipeStart.current !== null && e.clientX - swipeStart.current > SWIPE_THRESHOLD_PX) {
              dispatch(toastsSlice.actions.dismiss(current.id));
            }
            swipeStart.current = null;
          }}
        >
          <strong>{current.title}</strong>
          {current.description && <p>{current.description}</p>}
          <Close type="button" aria-label="Close" onClick={() => dispatch(toastsSlice.actions.dismiss(current.id))}>
            ×
          </Close>
        </Card>
      )}
    </Region>
  );
}
