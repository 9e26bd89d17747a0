import { lazy, Suspense } from 'react';
import styled from 'styled-components';
import type { RecordPart, RecordSummary } from '@matchday/contracts';
import { Skeleton } from '@matchday/ui';
import { Figure, Muted, Stack, TileGrid } from '@matchday/ui/unshared';
import { Panel, pct } from '../../../lib/ui';
import { partTitle, roiText } from '../rules/figures';

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

const PartTitle = styled.h4`
  margin: 0;
  font-size: 0.95rem;
`;

/** One kind of tips (frozen live, or backfilled): its figures and its calibration. */
function PartView({ part }: { part: RecordPart }) {
  return (
    <section data-testid={`record-${part.origin}`} aria-label={partTitle(part)}>
      <Stack $gap="0.5rem">
        <PartTitle>{partTitle(part)}</PartTitle>
        <TileGrid $min="7rem">
          <Figure label="Tips made" value={part.tips} valueTestId={part.origin === 'live' ? 'record-tips' : 'record-backfill-tips'} />
          <Figure label="Graded" value={part.graded} />
          <Figure
            label="Hit rate"
            value={part.hitRate === null ? '–' : pct(part.hitRate, 1)}
            valueTestId={part.origin === 'live' ? 'record-hit-rate' : 'record-backfill-hit-rate'}
          />
          <Figure label="ROI at odds shown" value={roiText(part.roi)} />
          <Figure label="Model RPS" value={part.modelRps === null ? '–' : part.modelRps.toFixed(3)} />
          <Figure label="Bookmaker RPS" value={part.bookmakerRps === null ? '–' : part.bookmakerRps.toFixed(3)} />
        </TileGrid>
        {part.graded > 0 && (
          <Muted>
            Won {part.won}, lost {part.lost}
            {part.pushed ? `, push ${part.pushed}` : ''}.
            {part.rpsMatches > 0 && ` RPS (lower is better) on the ${part.rpsMatches} graded matches with bookmaker prices.`}
          </Muted>
        )}
        {part.calibration.length > 0 ? (
          <Chart data-testid="calibration-chart">
            <figcaption>Calibration: how often outcomes happened at each predicted probability (the dashed line is perfect)</figcaption>
            <Suspense fallback={<Skeleton $height={`${CHART_HEIGHT}px`} />}>
              <CalibrationChart bins={part.calibration} height={CHART_HEIGHT} />
            </Suspense>
          </Chart>
        ) : part.origin === 'live' ? (
          <Muted data-testid="no-graded">No graded tips yet: the record fills as results come in.</Muted>
        ) : null}
      </Stack>
    </section>
  );
}

/** The parts a record shows: the live one always, the backfilled one when it has tips. */
function shownParts(record: RecordSummary): RecordPart[] {
  // a service from before the backfill sends the live figures only, at the top level
  return (record.parts ?? [{ ...record, origin: 'live', label: 'frozen before kick-off' }]).filter(
    (part) => part.origin === 'live' || part.tips > 0,
  );
}

/** The sentence on how frozen and backfilled tips differ, once for all the records given (none without backfilled tips). */
function RecordNote({ records }: { records: readonly RecordSummary[] }) {
  const note = records.find((record) => record.note && shownParts(record).length > 1)?.note;
  return note ? <Muted data-testid="record-note">{note}</Muted> : null;
}

/**
 * One league's public record, computed by the service: the tips frozen live and the tips backfilled afterwards from
 * data before kick-off, side by side and never merged. The sentence saying how they differ comes with it unless
 * `note` is false (a list of records shows it once: RecordNote).
 */
export function RecordView({ record, note = true }: { record: RecordSummary; note?: boolean }) {
  const parts = shownParts(record);
  return (
    <Panel data-testid="record" aria-label={`${record.league} record`}>
      <Stack $gap="0.75rem">
        <h3 style={{ margin: 0 }}>{record.league}</h3>
        {parts.map((part) => (
          <PartView key={part.origin} part={part} />
        ))}
        {note && <RecordNote records={[record]} />}
      </Stack>
    </Panel>
  );
}

/** Every league's record, in the order the service gives them, with the sentence on the difference once above them. */
export function RecordList({ records }: { records: readonly RecordSummary[] }) {
  return (
    <Stack>
      <RecordNote records={records} />
      {records.map((record) => (
        <RecordView key={record.leagueId} record={record} note={false} />
      ))}
    </Stack>
  );
}
