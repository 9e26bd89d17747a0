import { adminSlice, choosePeriod, closeTrend, openTrend, type AdminState } from '../src/features/admin/store/admin-slice';

const reduce = (state: AdminState, ...actions: Array<ReturnType<typeof openTrend | typeof choosePeriod | typeof closeTrend>>) =>
  actions.reduce((s, action) => adminSlice.reducer(s, action), state);

const closed: AdminState = { trend: null };

describe('the trend dialog state', () => {
  it('starts closed', () => {
    expect(adminSlice.reducer(undefined, { type: 'init' })).toEqual(closed);
  });

  it('opens on a metric over the last 7 days', () => {
    expect(reduce(closed, openTrend('signIns'))).toEqual({ trend: { metric: 'signIns', period: '7d' } });
  });

  it('changes only the period while open, and keeps it when another metric is opened', () => {
    const chosen = reduce(closed, openTrend('newUsers'), choosePeriod('90d'));
    expect(chosen).toEqual({ trend: { metric: 'newUsers', period: '90d' } });
    expect(reduce(chosen, openTrend('signIns'))).toEqual({ trend: { metric: 'signIns', period: '90d' } });
  });

  it('ignores a period while closed, and opens again on 7 days after closing', () => {
    expect(reduce(closed, choosePeriod('1y'))).toEqual(closed);
    const reopened = reduce(closed, openTrend('newUsers'), choosePeriod('30d'), closeTrend(), openTrend('newUsers'));
    expect(reopened).toEqual({ trend: { metric: 'newUsers', period: '7d' } });
  });
});
