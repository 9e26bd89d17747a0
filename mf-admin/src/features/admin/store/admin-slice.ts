import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { TrendPeriod } from '@matchday/contracts';
import { rootReducer, type RootState } from '@matchday/ui';

export type TrendMetric = 'signIns' | 'newUsers';

export interface AdminState {
  /** The open trend dialog (null when closed) and its period. */
  trend: { metric: TrendMetric; period: TrendPeriod } | null;
}

const initialState: AdminState = { trend: null };

/** The admin screen's UI state, injected into the app's one store (libs/ui) when mf-admin loads. */
export const adminSlice = createSlice({
  name: 'admin',
  initialState,
  reducers: {
    openTrend(state, action: PayloadAction<TrendMetric>) {
      state.trend = { metric: action.payload, period: state.trend?.period ?? '7d' };
    },
    choosePeriod(state, action: PayloadAction<TrendPeriod>) {
      if (state.trend) state.trend.period = action.payload;
    },
    closeTrend(state) {
      state.trend = null;
    },
  },
});

/** The slice, injected into the one store of @matchday/ui. */
export const injectedAdmin = adminSlice.injectInto(rootReducer);
export const { openTrend, choosePeriod, closeTrend } = adminSlice.actions;
export const selectTrend = (state: RootState & { admin?: AdminState }) => injectedAdmin.selectSlice(state).trend;
