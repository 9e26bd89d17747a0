import { useSearchParams } from 'react-router-dom';
import styled from 'styled-components';
import { Badge, Button, Heading, Page, usePageMeta } from '@matchday/ui';
import { errorDetail, MessageCard, Muted, Row, Stack, type TabOption, Tabs } from '@matchday/ui/unshared';
import { CardGrid, CardsSkeleton, Panel, ResponsibleGambling, SectionTitle } from '../../../lib/ui';
import { EmptyDay } from '../../../lib/next-day';
import { useDream11Day } from '../api/dream11';
import { Dream11RecordSection } from './Dream11RecordView';
import { FantasyCard } from './FantasyCard';
import { TeamView } from './TeamView';

type TabValue = 'today' | 'tomorrow' | 'grand';

const TABS: ReadonlyArray<TabOption<TabValue> & { label: string }> = [
  { value: 'today', label: "Today's Teams" },
  { value: 'tomorrow', label: "Tomorrow's Picks" },
  { value: 'grand', label: 'Grand League' },
];

const Header = styled.div`
  display: grid;
  gap: 0.75rem;
  margin-bottom: 1.25rem;
`;

function Cards({ day, variant, tab }: { day: 'today' | 'tomorrow'; variant: 'safe' | 'differential'; tab: TabValue }) {
  const { data, error, isLoading, mutate } = useDream11Day(day);
  if (isLoading) return <CardsSkeleton label="Loading Dream11 teams" />;
  if (error) {
    return (
      <MessageCard title="Failed to fetch Dream11 teams" message={errorDetail(error)}>
        <Button type="button" $variant="outline" onClick={() => void mutate()}>
          Retry
        </Button>
      </MessageCard>
    );
  }
  if (!data || data.cards.length === 0)
    return (
      <EmptyDay
        title="No teams for this day"
        message="There are no fixtures with squads on this day. Check the other tabs or come back later."
        next={data?.next}
        screen="dream11-predictions"
      />
    );
  return (
    <Stack>
      {data.demo && (
        <Row>
          <Badge data-testid="demo-badge">Demo data</Badge>
          <Muted>Teams from the same model, on the demo season.</Muted>
        </Row>
      )}
      {variant === 'differential' && (
        <Muted>
          Grand League: differential teams for today&apos;s fixtures, built on expected points minus a penalty for each player&apos;s
          ownership, so that a good day lifts you above the crowd. Safe teams are under Today&apos;s Teams.
        </Muted>
      )}
      <CardGrid data-testid="fantasy-list">
        {data.cards.map((card) => (
          <FantasyCard
            key={card.fixtureId}
            card={card}
            variant={variant}
            teamHref={`/dream11-predictions?tab=${tab}&fixture=${card.fixtureId}`}
          />
        ))}
      </CardGrid>
    </Stack>
  );
}

/** Spec §2 Dream11 guide: the 100-credit budget split. */
function Guide() {
  return (
    <Panel as="section" aria-labelledby="dream11-guide" data-testid="guide">
      <SectionTitle id="dream11-guide">Team Building Guide</SectionTitle>
      <Stack $gap="0.5rem">
        <p style={{ margin: 0 }}>
          Budget: 100 credits for 11 players. A balanced split: <strong>GK 20-25</strong>, <strong>DEF 25-30</strong>,{' '}
          <strong>MID 30-35</strong>, <strong>FWD 15-25</strong> credits.
        </p>
        <p style={{ margin: 0 }}>
          Rules: 1 goalkeeper, 3-5 defenders, 3-5 midfielders, 1-3 forwards, at most 7 players from one team. The captain scores double, the
          vice-captain one and a half times.
        </p>
        <Muted>
          Expected points come from recent minutes, goals, assists, clean sheets, saves and cards, scored with Dream11&apos;s football
          points and adjusted for the opponent; the team is the best one the rules allow, found by an integer program.
        </Muted>
      </Stack>
    </Panel>
  );
}

/** Spec §2 Dream11 predictions: tabs Today's Teams, Tomorrow's Picks, Grand League; cards; guide; View Full Team. */
export function Dream11PredictionsScreen() {
  const [search, setSearch] = useSearchParams();
  const tabParam = search.get('tab');
  const tab: TabValue = tabParam === 'tomorrow' || tabParam === 'grand' ? tabParam : 'today';
  const fixture = search.get('fixture');
  usePageMeta({
    title: 'Dream11 Predictions',
    description: 'Dream11 teams for upcoming fixtures: safe and differential picks with captain and vice-captain.',
  });
  if (fixture) {
    return (
      <Page>
        <TeamView fixtureId={fixture} backTo={`/dream11-predictions?tab=${tab}`} />
      </Page>
    );
  }
  return (
    <Page>
      <Header>
        <Heading>Dream11 Predictions</Heading>
        <Tabs label="Dream11 teams" value={tab} options={TABS} onChange={(value) => setSearch({ tab: value })} />
      </Header>
      <Stack $gap="1.5rem">
        <div role="tabpanel" aria-label={TABS.find((t) => t.value === tab)!.label}>
          <Cards key={tab} day={tab === 'tomorrow' ? 'tomorrow' : 'today'} variant={tab === 'grand' ? 'differential' : 'safe'} tab={tab} />
        </div>
        <Dream11RecordSection />
        <Guide />
      </Stack>
      <ResponsibleGambling />
    </Page>
  );
}
