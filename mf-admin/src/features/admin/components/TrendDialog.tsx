import { lazy, Suspense } from 'react';
import styled from 'styled-components';
import { TREND_PERIODS, type TrendPeriod } from '@matchday/contracts';
import { Button, Skeleton, Tab, TabList, useAppDispatch, useAppSelector } from '@matchday/ui';
import { counted, DialogFrame } from '@matchday/ui/unshared';
import { useAdminTrends } from '../api/trends';
import { choosePeriod, closeTrend, selectTrend, type TrendMetric } from '../store/admin-slice';

const TrendChart = lazy(() => import('./TrendChart'));

const METRIC_LABELS: Record<TrendMetric, { title: string; unit: string }> = {
  signIns: { title: 'Sign-ins', unit: 'sign-in' },
  newUsers: { title: 'New users', unit: 'new user' },
};
const PERIOD_LABELS: Record<TrendPeriod, string> = { '7d': 'last 7 days', '30d': 'last 30 days', '90d': 'last 90 days', '1y': 'last year' };
const CHART_HEIGHT = 260;

/** An ISO date kept whole: at 390 px "2026-10-28" broke after its second hyphen. */
const Day = styled.span`
  white-space: nowrap;
`;

const Top = styled.div`
  display: flex;
  justify-content: space-between;
  align-items: center;
  gap: 0.5rem;
`;

/**
 * A trend dialog (spec §2: periods 7d, 30d, 90d, 1y): the real series per day from
 * /api/admin/trends, drawn as bars. Escape, Close or a click outside closes it and focus returns where it
 * was (the kit's DialogFrame).
 */
export function TrendDialog() {
  const trend = useAppSelector(selectTrend);
  const dispatch = useAppDispatch();
  const { data, error, isLoading } = useAdminTrends(trend?.period ?? null);

  if (!trend) return null;
  const close = () => dispatch(closeTrend());
  const { title, unit } = METRIC_LABELS[trend.metric];
  const total = data ? data.totals[trend.metric] : null;
  return (
    <DialogFrame labelledBy="trend-title" describedBy="trend-summary" width="44rem" onClose={close} closeOnBackdrop testId="trend-dialog">
      <Top>
        <h2 id="trend-title">{title} per day</h2>
        <Button autoFocus type="button" $variant="outline" onClick={close}>
          Close
        </Button>
      </Top>
      <TabList role="group" aria-label="Period">
        {TREND_PERIODS.map((period) => (
          <Tab
            key={period}
            type="button"
            $active={period === trend.period}
            aria-pressed={period === trend.period}
            onClick={() => dispatch(choosePeriod(period))}
          >
            {period}
          </Tab>
        ))}
      </TabList>
      <p id="trend-summary" aria-live="polite" data-testid="trend-summary">
        {error ? (
          `Could not load the trend: ${error instanceof Error ? error.message : String(error)}`
        ) : isLoading || !data ? (
          'Loading...'
        ) : (
          <>
            {`${counted(total ?? 0, unit)} in the ${PERIOD_LABELS[trend.period]} (`}
            <Day>{data.from}</Day> to <Day>{data.to}</Day>).
          </>
        )}
      </p>
      <figure style={{ margin: 0 }} aria-label={`${title} per day, ${PERIOD_LABELS[trend.period]}`} data-testid="trend-chart">
        {data ? (
          <Suspense fallback={<Skeleton $height={`${CHART_HEIGHT}px`} />}>
            <TrendChart days={data.days} metric={trend.metric} label={title} height={CHART_HEIGHT} />
          </Suspense>
        ) : (
          !error && <Skeleton $height={`${CHART_HEIGHT}px`} />
        )}
      </figure>
    </DialogFrame>
  );
}
