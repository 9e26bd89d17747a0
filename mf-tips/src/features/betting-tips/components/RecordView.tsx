import { lazy, Suspense } from 'react';
import styled from 'styled-components';
import type { RecordSummary } from '@matchday/contracts';
import { Skeleton } from '@matchday/ui';
import { Muted, Stack } from '@matchday/ui/unshared';
import { Panel, pct } from '../../../lib/ui';

const CalibrationChart = lazy(() => import('./CalibrationChart'));
const CHART_HEIGHT = 220;

const Tiles = styled.dl`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(7rem, 1fr));
  gap: 0.5rem;
  margin: 0;
  div {
    background: ${({ theme }) => theme.surfaceRaised};
    border-radius: 8px;
    padding: 0.5rem 0.6rem;
  }
  dt {
    font-size: 0.75rem;
    color: ${({ theme }) => theme.textMuted};
  }
  dd {
    margin: 0.1rem 0 0;
    font-size: 1.15rem;
    font-weight: 800;
    font-variant-numeric: tabular-nums;
  }
`;

const Figure = styled.figure`
  margin: 0;
  figcaption {
    font-size: 0.85rem;
    color: ${({ theme }) => theme.textMuted};
    margin-bottom: 0.4rem;
  }
`;

/** One league's public record: computed by the service from frozen tips only. */
export function RecordView({ record }: { record: RecordSummary }) {
  return (
    <Panel data-testid="record" aria-label={`${record.league} record`}>
      <Stack $gap="0.75rem">
        <h3 style={{ margin: 0 }}>{record.league}</h3>
        <Tiles>
          <div>
            <dt>Tips made</dt>
            <dd data-testid="record-tips">{record.tips}</dd>
          </div>
          <div>
            <dt>Graded</dt>
            <dd>{record.graded}</dd>
          </div>
          <div>
            <dt>Hit rate</dt>
            <dd data-testid="record-hit-rate">{record.hitRate === null ? '–' : pct(record.hitRate, 1)}</dd>
          </div>
          <div>
            <dt>ROI at odds shown</dt>
            <dd>{record.roi === null ? '–' : `${record.roi >= 0 ? '+' : ''}${(record.roi * 100).toFixed(1)}%`}</dd>
          </div>
          <div>
            <dt>Model RPS</dt>
            <dd>{record.modelRps === null ? '–' : record.modelRps.toFixed(3)}</dd>
          </div>
          <div>
            <dt>Bookmaker RPS</dt>
            <dd>{record.bookmakerRps === null ? '–' : record.bookmakerRps.toFixed(3)}</dd>
          </div>
        </Tiles>
        {record.graded > 0 && (
          <Muted>
            Won {record.won}, lost {record.lost}
            {record.pushed ? `, push ${record.pushed}` : ''}. RPS (lower is better) on the {record.rpsMatches} graded matches with bookmaker
            prices.
          </Muted>
        )}
        {record.calibration.length > 0 ? (
          <Figure data-testid="calibration-chart">
            <figcaption>Calibration: how often outcomes happened at each predicted probability (the dashed line is perfect)</figcaption>
            <Suspense fallback={<Skeleton $height={`${CHART_HEIGHT}px`} />}>
              <CalibrationChart bins={record.calibration} height={CHART_HEIGHT} />
            </Suspense>
          </Figure>
        ) : (
          <Muted data-testid="no-graded">No graded tips yet: the record fills as results come in.</Muted>
        )}
      </Stack>
    </Panel>
  );
}
