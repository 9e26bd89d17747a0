import { plainSlice } from './slice';

export type ToastVariant = 'default' | 'success' | 'destructive';

export interface Toast {
  id: number;
  title: string;
  description?: string;
  variant: ToastVariant;
  durationMs: number;
}

export interface ToastsState {
  current: Toast | null;
  nextId: number;
}

/** One visible toast at a time (spec §9): a new one replaces the current one. No Redux Toolkit (slice.ts). */
export const toastsSlice = plainSlice('toasts', { current: null, nextId: 1 } as ToastsState, {
  show: (state: ToastsState, toast: Omit<Toast, 'id'>): ToastsState => ({
    current: { ...toast, id: state.nextId },
    nextId: state.nextId + 1,
  }),
  dismiss: (state: ToastsState, id: number | undefined): ToastsState =>
    state.current !== null && (id === undefined || state.current.id === id) ? { ...state, current: null } : state,
});
