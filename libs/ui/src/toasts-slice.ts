import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

export type ToastVariant = 'default' | 'success' | 'destructive';

export interface Toast {
  id: number;
  title: string;
  description?: string;
  variant: ToastVariant;
  durationMs: number;
}

/** One visible toast at a time (spec §9): a new one replaces the current one. */
export const toastsSlice = createSlice({
  name: 'toasts',
  initialState: { current: null as Toast | null, nextId: 1 },
  reducers: {
    show(state, action: PayloadAction<Omit<Toast, 'id'>>) {
      state.current = { ...action.payload, id: state.nextId };
      state.nextId += 1;
    },
    dismiss(state, action: PayloadAction<number | undefined>) {
      if (action.payload === undefined || state.current?.id === action.payload) state.current = null;
    },
  },
});
