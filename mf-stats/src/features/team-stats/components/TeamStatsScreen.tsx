import { lazy } from 'react';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import styled from 'styled-components';
import { seasonName, type TeamStatsRecord } from '@matchday/contracts';
import { Button, Card, media, Page, safeReturnPath, usePageMeta } from '@matchday/ui';
import {
  BackLink,
  counted,
  Figure,
  FormLetters,
  isId,
  MessageCard,
  Muted,
  Row,
  ScreenState,
  Stack,
  Tabs,
  TileGrid,
} from '@matchday/ui/unshared';
import { ChartSlot } from '../../../lib/chart-slot';
import { HeaderCard, SectionTitle, Title } from '../../../lib/components';
import { ratingText } from '../../../lib/numbers';
import { ResultsCover, useResultsCovered, useShownOnce } from '../../../lib/spoiler-parts';
import { playsNationalTeams, TeamBadge } from '../../../lib/team-badge';
import { useTeamStats, type TeamStatsParams } from '../api/team-stats';
import { combined, figuresOf, teamRating, type TeamFigures } from '../rules/combine';

const FormChart = lazy(() => import('./FormChart'));
const CHART_HEIGHT = 240;
const FORM_LETTERS = 10;

type View = 'overview' | 'home' | 'away';

const Columns = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 3fr) minmax(0, 2fr);
  gap: 1rem;
  align-items: start;
  ${media.mobile} {
    grid-template-columns: 1fr;
  }
`;

const FormRow = styled.div`
  display: grid;
  gap: 0.35rem;
  & + & {
    margin-top: 0.9rem;
  }
`;

const Verdict = styled.p`
  margin: 0;
  font-size: 1.05rem;
  strong {
    color: ${({ theme }) => theme.accent};
  }
`;

function Figures({ figures }: { figures: TeamFigures }) {
  return (
    <TileGrid data-testid="team-figures">
      <Figure label="Played" value={figures.matchPlayed} testId="figure-played" />
      <Figure label="Wins" value={figures.wins} testId="figure-wins" />
      <Figure label="Draws" value={figures.draws} testId="figure-draws" />
      <Figure label="Losses" value={figures.loses} testId="figure-losses" />
      <Figure label="Goals for" value={figures.goalsFor} testId="figure-goals-for" />
      <Figure label="Goals against" value={figures.goalsAgainst} testId="figure-goals-against" />
      <Figure label="Avg scored" value={figures.goalsAvgFor.toFixed(2)} />
      <Figure label="Avg conceded" value={figures.goalsAvgAgainst.toFixed(2)} />
      <Figure label="Clean sheets" value={figures.cleanSheet} testId="figure-clean-sheets" />
      <Figure label="Failed to score" value={figures.failedToScore} />
      <Figure label="Biggest win" value={figures.biggestWin ?? '–'} />
      <Figure label="Biggest loss" value={figures.biggestLose ?? '–'} />
    </TileGrid>
  );
}

function FormBlock({ label, form }: { label: string; form: string }) {
  return (
    <FormRow>
      <Muted>{label}</Muted>
      {form ? <FormLetters form={form} max={FORM_LETTERS} /> : <Muted data-testid="no-form">No recent form data available</Muted>}
    </FormRow>
  );
}

/**
 * Team stats (spec §2): Overview, Home and Away, recent form, rating text, points over the season. In spoiler-free
 * mode, when it covers the team or its league, a cover with "Show results" (for this page) stands in for them.
 */
export function TeamStatsScreen() {
  const { teamId, leagueId, season } = useParams();
  const [search, setSearch] = useSearchParams();
  const tabParam = search.get('tab');
  const view: View = tabParam === 'home' || tabParam === 'away' ? tabParam : 'overview';
  const params: TeamStatsParams | null = isId(teamId) && isId(leagueId) && isId(season) ? { teamId, leagueId, season } : null;
  const { data, error, isLoading } = useTeamStats(params);
  const records = data ?? [];
  const home = records.find((r) => r.is_Home_Stats === 1);
  const away = records.find((r) => r.is_Home_Stats === 0);
  const any: TeamStatsRecord | undefined = home ?? away;
  // spoiler-free mode: every figure here is made of results (form, points, wins, goals)
  const covered = useResultsCovered(params ? { leagueId: Number(params.leagueId), teamIds: [Number(params.teamId)] } : null);
  const [shown, show] = useShownOnce(params ? `${params.teamId}/${params.leagueId}/${params.season}` : '');
  const returnTo = safeReturnPath(search.get('returnTo'), `/standings?leagueId=${leagueId}&season=${season}`);
  usePageMeta({
    title: any ? `${any.teamName} Team Stats ${seasonName(Number(season), Number(leagueId))}` : 'Team Stats',
    description: any
      ? `${any.teamName} ${seasonName(Number(season), Number(leagueId))}: results, goals, clean sheets and form at home and away.`
      : undefined,
  });

  const back = <BackLink to={returnTo}>{returnTo.startsWith('/standings') ? 'Back to Standings' : 'Back'}</BackLink>;
  if (params && isLoading) {
    return <ScreenState back={back} loading="Loading team stats" />;
  }
  if (!params || error || !any) {
    return (
      <ScreenState title="No Team Stats found." message="The Requested data could not be found">
        <Button as={Link} to={returnTo} $variant="outline">
          Go Back
        </Button>
      </ScreenState>
    );
  }

  const setView = (next: View) => {
    const query = new URLSearchParams(search);
    if (next === 'overview') query.delete('tab');
    else query.set('tab', next);
    setSearch(query, { replace: true });
  };
  const record = view === 'home' ? home : view === 'away' ? away : undefined;
  const figures = view === 'overview' ? combined(home, away) : record ? figuresOf(record) : null;
  const hasFigures = !!figures && figures.matchPlayed > 0;
  const rating = figures ? teamRating(figures) : 0;
  const series =
    view === 'overview'
      ? [
          { name: 'Home' as const, form: home?.recentForm ?? '' },
          { name: 'Away' as const, form: away?.recentForm ?? '' },
        ]
      : [{ name: view === 'home' ? ('Home' as const) : ('Away' as const), form: record?.recentForm ?? '' }];
  const hasCurve = series.some((s) => s.form.length > 0);
  return (
    <Page>
      {back}
      <HeaderCard>
        <Row $gap="1rem">
          <TeamBadge name={any.teamName} logo={any.teamLogo} size={72} national={playsNationalTeams(Number(leagueId))} />
          <div style={{ minWidth: 0 }}>
            <Title>{any.teamName}</Title>
            <Muted>{[any.country, `Season ${seasonName(Number(season), Number(leagueId))}`].filter(Boolean).join(' · ')}</Muted>
          </div>
        </Row>
      </HeaderCard>
      <Stack>
        <div>
          <Tabs
            label="Matches"
            value={view}
            onChange={setView}
            options={[
              { value: 'overview', label: 'Overview' },
              { value: 'home', label: 'Home' },
              { value: 'away', label: 'Away' },
            ]}
          />
        </div>
        <div role="tabpanel" aria-label={view === 'overview' ? 'Overview' : view === 'home' ? 'Home' : 'Away'}>
          {covered && !shown ? (
            <ResultsCover title="Results hidden (spoiler-free mode)" showLabel="Show results" onShow={show} />
          ) : !hasFigures ? (
            <MessageCard
              title={
                view === 'home' ? 'No home statistics available' : view === 'away' ? 'No away statistics available' : 'No Team Stats found.'
              }
            />
          ) : (
            <Columns>
              <Stack>
                <Card>
                  <Verdict data-testid="rating-text">
                    {view === 'home' ? 'At home, ' : view === 'away' ? 'Away from home, ' : ''}
                    {any.teamName} {any.teamName.endsWith('s') ? 'have' : 'has'} shown <strong>{ratingText(rating)}</strong> form: rated{' '}
                    {rating.toFixed(1)} out of 10 from {counted(figures.wins * 3 + figures.draws, 'point')} in{' '}
                    {counted(figures.matchPlayed, 'match', 'matches')}.
                  </Verdict>
                </Card>
                <Card>
                  <Figures figures={figures} />
                </Card>
              </Stack>
              <Stack>
                <Card data-testid="recent-form">
                  <SectionTitle>Recent form</SectionTitle>
                  {view === 'overview' ? (
                    <>
                      <FormBlock label="Home" form={home?.recentForm ?? ''} />
                      <FormBlock label="Away" form={away?.recentForm ?? ''} />
                    </>
                  ) : (
                    <FormBlock label={view === 'home' ? 'Home matches' : 'Away matches'} form={record?.recentForm ?? ''} />
                  )}
                </Card>
                {hasCurve && (
                  <Card>
                    <SectionTitle>Points over the season</SectionTitle>
                    <ChartSlot caption="Cumulative points after each match, oldest first" height={CHART_HEIGHT}>
                      <FormChart series={series} height={CHART_HEIGHT} />
                    </ChartSlot>
                  </Card>
                )}
              </Stack>
            </Columns>
          )}
        </div>
      </Stack>
    </Page>
  );
}
