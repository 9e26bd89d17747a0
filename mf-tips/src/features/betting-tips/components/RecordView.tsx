import { lazy, Suspense } from 'react';
import styled from 'styled-components';
import type { RecordSummary } from '@matchday/contracts';
import { Skeleton } from '@matchday/ui';
import { Figure, Muted, Stack, TileGrid } from '@matchday/ui/unshared';
import { Panel, pct } from '../../../lib/ui';

const CalibrationChart = lazy(() => import('./CalibrationChart'));
const CHART_HEIGHT = 220;

const Chart = styled.figure`
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
        <TileGrid $min="7rem">
          <Figure label="Tips made" value={record.tips} valueTestId="record-tips" />
          <Figure label="Graded" value={record.graded} />
          <Figure label="Hit rate" value={record.hitRate === null ? '–' : pct(record.hitRate, 1)} valueTestId="record-hit-rate" />
          <Figure
            label="ROI at odds shown"
            value={record.roi === null ? '–' : `${record.roi >= 0 ? '+' : ''}${(record.roi * 100).toFixed(1)}%`}
          />
          <Figure label="Model RPS" value={record.modelRps === null ? '–' : record.modelRps.toFixed(3)} />
          <Figure label="Bookmaker RPS" value={record.bookmakerRps === null ? '–' : record.bookmakerRps.toFixed(3)} />
        </TileGrid>
        {record.graded > 0 && (
          <Muted>
            Won {record.won}, lost {record.lost}
            {record.pushed ? `, push ${record.pushed}` : ''}. RPS (lower is better) on the {record.rpsMatches} graded matches with bookmaker
            prices.
          </Muted>
        )}
        {record.calibration.length > 0 ? (
          <Chart data-testid="calibration-chart">
            <figcaption>Calibration: how often outcomes happened at each predicted probability (the dashed line is perfect)</figcaption>
            <Suspense fallback={<Skeleton $height={`${CHART_HEIGHT}px`} />}>
              <CalibrationChart bins={record.calibration} height={CHART_HEIGHT} />
            </Suspense>
          </Chart>
        ) : (
          <Muted data-testid="no-graded">No graded tips yet: the record fills as results come in.</Muted>
        )}
      </Stack>
    </Panel>
  );
}
