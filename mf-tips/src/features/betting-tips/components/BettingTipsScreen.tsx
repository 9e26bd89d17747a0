import { Link, useSearchParams } from 'react-router-dom';
import styled from 'styled-components';
import { Badge, Button, Heading, Page, usePageMeta } from '@matchday/ui';
import { errorDetail, MessageCard, Muted, Row, Stack, type TabOption, Tabs } from '@matchday/ui/unshared';
import { CardGrid, CardsSkeleton, Panel, pct, ResponsibleGambling, SectionTitle } from '../../../lib/ui';
import { EmptyDay } from '../../../lib/next-day';
import { useRecords, useTips, useWeekend } from '../api/tips';
import { AnalysisView } from './AnalysisView';
import { BettingGuide } from './Guide';
import { RecordList } from './RecordView';
import { analysisHref } from '../rules/figures';
import { TipCard } from './TipCard';

type TabValue = 'today' | 'tomorrow' | 'weekend';

const TABS: ReadonlyArray<TabOption<TabValue> & { label: string }> = [
  { value: 'today', label: "Today's Tips" },
  { value: 'tomorrow', label: "Tomorrow's Tips" },
  { value: 'weekend', label: 'Weekend Special' },
];

const Header = styled.div`
  display: grid;
  gap: 0.75rem;
  margin-bottom: 1.25rem;
`;

function DayTips({ day }: { day: 'today' | 'tomorrow' }) {
  const { data, error, isLoading, mutate } = useTips(day);
  if (isLoading) return <CardsSkeleton label={`Loading ${day === 'today' ? "today's" : "tomorrow's"} tips`} />;
  if (error) {
    return (
      <MessageCard title="Failed to fetch tips" message={errorDetail(error)}>
        <Button type="button" $variant="outline" onClick={() => void mutate()}>
          Retry
        </Button>
      </MessageCard>
    );
  }
  if (!data || data.tips.length === 0)
    return (
      <EmptyDay
        title="No tips for this day"
        message="There are no fixtures to tip on this day. Check the other tabs or come back later."
        next={data?.next}
        screen="betting-tips"
      />
    );
  return (
    <Stack>
      {data.demo && (
        <Row>
          <Badge data-testid="demo-badge">Demo data</Badge>
          <Muted>Tips from the same model, on the demo season.</Muted>
        </Row>
      )}
      <CardGrid data-testid="tip-list">
        {data.tips.map((tip) => (
          <TipCard key={tip.id} tip={tip} analysisHref={analysisHref(tip, day)} />
        ))}
      </CardGrid>
    </Stack>
  );
}

function WeekendSpecial() {
  const { data, error, isLoading, mutate } = useWeekend(true);
  if (isLoading) return <CardsSkeleton label="Loading the weekend special" count={3} />;
  if (error) {
    return (
      <MessageCard title="Failed to fetch tips" message={errorDetail(error)}>
        <Button type="button" $variant="outline" onClick={() => void mutate()}>
          Retry
        </Button>
      </MessageCard>
    );
  }
  if (!data || data.picks.length === 0)
    return (
      <EmptyDay title="No tips for this day" message={data?.note ?? 'No weekend fixtures yet.'} next={data?.next} screen="betting-tips" />
    );
  return (
    <Stack>
      <Panel data-testid="accumulator">
        <Stack $gap="0.5rem">
          <SectionTitle>{data.picks.length}-fold accumulator</SectionTitle>
          <Row $wrap $gap="1.5rem">
            <div>
              <Muted>Combined odds</Muted>
              <div style={{ fontSize: '1.5rem', fontWeight: 800 }} data-testid="combined-odds">
                {data.combinedOdds === null ? '–' : data.combinedOdds.toFixed(2)}
              </div>
            </div>
            <div>
              <Muted>Combined probability</Muted>
              <div style={{ fontSize: '1.5rem', fontWeight: 800 }} data-testid="combined-probability">
                {pct(data.combinedProbability, 1)}
              </div>
            </div>
          </Row>
          <p style={{ margin: 0 }} data-testid="accumulator-note">
            {data.note}
          </p>
        </Stack>
      </Panel>
      <CardGrid data-testid="tip-list">
        {data.picks.map((tip) => (
          <TipCard key={tip.id} tip={tip} analysisHref={analysisHref(tip, 'weekend')} />
        ))}
      </CardGrid>
    </Stack>
  );
}

function TrackRecord() {
  const { data, error, isLoading } = useRecords();
  return (
    <section aria-labelledby="track-record" data-testid="track-record">
      <SectionTitle id="track-record">Our Track Record</SectionTitle>
      {isLoading ? (
        <CardsSkeleton label="Loading the record" count={1} />
      ) : error ? (
        <MessageCard title="Failed to fetch the record" message={errorDetail(error)} />
      ) : !data || data.length === 0 ? (
        <MessageCard title="No graded tips yet" message="Every tip is graded after its match; the record starts with the first result." />
      ) : (
        <RecordList records={data} />
      )}
    </section>
  );
}

/** Spec §2 Betting tips: heading, tabs, tip cards, guide; plus the analysis view and the public record. */
export function BettingTipsScreen() {
  const [search, setSearch] = useSearchParams();
  const tabParam = search.get('tab');
  const tab: TabValue = tabParam === 'tomorrow' || tabParam === 'weekend' ? tabParam : 'today';
  const fixture = search.get('fixture');
  usePageMeta({
    title: 'Football Betting Tips & Predictions',
    description: 'Model-based football tips with fair odds, edges and a public track record.',
  });
  if (fixture) {
    return (
      <Page>
        <AnalysisView fixtureId={fixture} backTo={`/betting-tips?tab=${tab}`} />
      </Page>
    );
  }
  return (
    <Page>
      <Header>
        <Heading>Football Betting Tips & Predictions</Heading>
        <Tabs label="Tips" value={tab} options={TABS} onChange={(value) => setSearch({ tab: value })} />
      </Header>
      <Stack $gap="1.5rem">
        <div role="tabpanel" aria-label={TABS.find((t) => t.value === tab)!.label}>
          {tab === 'weekend' ? <WeekendSpecial /> : <DayTips key={tab} day={tab} />}
        </div>
        <BettingGuide />
        <TrackRecord />
        <Row>
          <Button as={Link} to="/dream11-predictions" $variant="ghost">
            Dream11 predictions →
          </Button>
        </Row>
      </Stack>
      <ResponsibleGambling />
    </Page>
  );
}
