import { lazy, Suspense, useEffect, useRef } from 'react';
import styled from 'styled-components';
import { TREND_PERIODS, type TrendPeriod } from '@matchday/contracts';
import { Button, Skeleton, Tab, TabList, useAppDispatch, useAppSelector } from '@matchday/ui';
import { useAdminTrends } from '../api/trends';
import { choosePeriod, closeTrend, selectTrend, type TrendMetric } from '../store/admin-slice';

const TrendChart = lazy(() => import('./TrendChart'));

export const METRIC_LABELS: Record<TrendMetric, { title: string; unit: string }> = {
  signIns: { title: 'Sign-ins', unit: 'sign-ins' },
  newUsers: { title: 'New users', unit: 'new users' },
};
const PERIOD_LABELS: Record<TrendPeriod, string> = { '7d': 'last 7 days', '30d': 'last 30 days', '90d': 'last 90 days', '1y': 'last year' };
const CHART_HEIGHT = 260;

const Backdrop = styled.div`
  position: fixed;
  inset: 0;
  z-index: 50;
  display: grid;
  place-items: center;
  padding: 1rem;
  background: rgb(0 0 0 / 0.6);
`;

const Box = styled.div`
  width: min(44rem, 100%);
  max-height: calc(100vh - 2rem);
  overflow: auto;
  background: ${({ theme }) => theme.surface};
  color: ${({ theme }) => theme.text};
  border: 1px solid ${({ theme }) => theme.border};
  border-radius: 14px;
  padding: 1.2rem;
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

const Top = styled.div`
  display: flex;
  justify-content: space-between;
  align-items: center;
  gap: 0.5rem;
`;

/**
 * A trend dialog (spec §2: periods 7d, 30d, 90d, 1y): the real series per day from
 * /api/admin/trends, drawn as bars. Escape or Close closes it and focus returns where it was.
 */
export function TrendDialog() {
  const trend = useAppSelector(selectTrend);
  const dispatch = useAppDispatch();
  const { data, error, isLoading } = useAdminTrends(trend?.period ?? null);
  const close = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!trend) return;
    const opener = document.activeElement as HTMLElement | null;
    close.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') dispatch(closeTrend());
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      opener?.focus();
    };
    // Only opening and closing move focus; changing the period keeps it on the period buttons.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [trend === null, dispatch]);

  if (!trend) return null;
  const { title, unit } = METRIC_LABELS[trend.metric];
  const total = data ? data.totals[trend.metric] : null;
  return (
    <Backdrop onClick={(event) => event.target === event.currentTarget && dispatch(closeTrend())}>
      <Box role="dialog" aria-modal="true" aria-labelledby="trend-title" aria-describedby="trend-summary" data-testid="trend-dialog">
        <Top>
          <h2 id="trend-title">{title} per day</h2>
          <Button ref={close} type="button" $variant="outline" onClick={() => dispatch(closeTrend())}>
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
          {error
            ? `Could not load the trend: ${error instanceof Error ? error.message : String(error)}`
            : isLoading || !data
              ? 'Loading...'
              : `${total} ${unit} in the ${PERIOD_LABELS[trend.period]} (${data.from} to ${data.to}).`}
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
      </Box>
    </Backdrop>
  );
}
