import type { Dream11Record } from '@matchday/contracts';
import { kickoffDateTime } from '@matchday/ui';
import { errorDetail, Figure, MessageCard, Muted, Stack, TileGrid } from '@matchday/ui/unshared';
import { Panel, SectionTitle } from '../../../lib/ui';
import { useDream11Record } from '../api/dream11';

const points = (value: number | null) => (value === null ? '–' : value.toFixed(1));

/**
 * The model's past teams for the season's played matches against the form pick: averages, how often the model was
 * ahead, the latest matches, labelled as computed afterwards from data before kick-off. Nothing without matches.
 */
export function Dream11RecordPanel({ record }: { record: Dream11Record }) {
  if (record.matches === 0) return null;
  return (
    <Panel as="section" aria-labelledby="dream11-record" data-testid="dream11-record">
      <Stack $gap="0.5rem">
        <SectionTitle id="dream11-record">Our Dream11 Record</SectionTitle>
        <Muted>
          Teams {record.label}, {record.matches} matches
        </Muted>
        <TileGrid $min="7rem" $size="compact">
          <Figure label="Model's team, points a match" value={points(record.modelAverage)} valueTestId="dream11-record-model" />
          <Figure label="Form pick, points a match" value={points(record.formAverage)} valueTestId="dream11-record-form" />
          <Figure label="Model ahead" value={`${record.modelAhead} of ${record.matches}`} />
        </TileGrid>
        <ul style={{ margin: 0, paddingLeft: '1.1rem' }} data-testid="dream11-record-recent">
          {record.recent.map((m) => (
            <li key={m.fixtureId}>
              {m.match} ({kickoffDateTime(m.kickoffAt)}): model {points(m.modelPoints)}, form pick {points(m.formPoints)}, captain{' '}
              {m.captain}
            </li>
          ))}
        </ul>
        <Muted>{record.note}</Muted>
      </Stack>
    </Panel>
  );
}

/** The record section of the Dream11 page (nothing while it loads or when it is empty). */
export function Dream11RecordSection() {
  const { data, error } = useDream11Record();
  if (error) return <MessageCard title="Failed to fetch the Dream11 record" message={errorDetail(error)} />;
  return data ? <Dream11RecordPanel record={data} /> : null;
}
