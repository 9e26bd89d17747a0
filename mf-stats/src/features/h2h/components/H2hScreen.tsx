import { lazy, Suspense } from 'react';
import { useSearchParams } from 'react-router-dom';
import styled from 'styled-components';
import { Card, kickoffDate, media, Page, Skeleton, usePageMeta } from '@matchday/ui';
import { BackLink, counted, FormLetters, isId, Muted, ScreenState, Stack, useSpoilers } from '@matchday/ui/unshared';
import { HeaderCard, SectionTitle, Title } from '../../../lib/components';
import { ResultsCover, useShownOnce } from '../../../lib/spoiler-parts';
import { h2hMatch } from '../../../lib/spoilers';
import { useH2h } from '../api/h2h';
import { goalsFor, summarise, SUMMARY_MATCHES, WIN_COLOURS, type H2hSummary } from '../rules/summary';
import { MatchList } from './MatchList';
import { TeamBadge } from '../../../lib/team-badge';

const WinsBar = lazy(() => import('./WinsBar'));

const Teams = styled.div`
  display: grid;
  grid-template-columns: 1fr auto 1fr;
  align-items: center;
  gap: 1rem;
`;

const Side = styled.div`
  display: grid;
  justify-items: center;
  gap: 0.4rem;
  text-align: center;
  min-width: 0;
  h2 {
    margin: 0;
    font-size: 1.1rem;
    overflow-wrap: anywhere;
  }
  ${media.mobile} {
    h2 {
      font-size: 0.95rem;
    }
  }
`;

const Tally = styled.dl`
  display: grid;
  grid-template-columns: repeat(3, 1fr);
  gap: 0.5rem;
  margin: 1.25rem 0 0.6rem;
  text-align: center;
  dt {
    font-size: 0.8rem;
    color: ${({ theme }) => theme.textMuted};
  }
  dd {
    margin: 0;
    font-size: 1.8rem;
    font-weight: 900;
    font-variant-numeric: tabular-nums;
  }
`;

const Dot = styled.span<{ $colour: string }>`
  display: inline-block;
  width: 0.6rem;
  height: 0.6rem;
  border-radius: 50%;
  margin-right: 0.3rem;
  background: ${({ $colour }) => $colour};
`;

const Panels = styled.div`
  display: grid;
  grid-template-columns: repeat(2, minmax(0, 1fr));
  gap: 1rem;
  ${media.mobile} {
    grid-template-columns: 1fr;
  }
`;

const Biggest = styled.dl`
  display: grid;
  gap: 0.75rem;
  margin: 0;
  dt {
    font-size: 0.85rem;
    color: ${({ theme }) => theme.textMuted};
  }
  dd {
    margin: 0.15rem 0 0;
    font-weight: 700;
  }
`;

function scoreline(summary: H2hSummary, match: H2hSummary['biggestWin']): string {
  if (!match) return 'None';
  const [a, b] = goalsFor(match, summary.teamA.id);
  return `${summary.teamA.name} ${a} - ${b} ${summary.teamB.name} (${kickoffDate(match.eventDate)})`;
}

/**
 * Head-to-head (spec §2): wins per team over all completed meetings, last-5 summary, biggest win/loss, completed and
 * upcoming. In spoiler-free mode the figures made of results are covered while any meeting's score is hidden
 * ("Show results" for this page), and each hidden meeting's score is revealed on its own.
 */
export function H2hScreen() {
  const [search] = useSearchParams();
  const homeTeamId = isId(search.get('homeTeamId')) ? search.get('homeTeamId') : null;
  const awayTeamId = isId(search.get('awayTeamId')) ? search.get('awayTeamId') : null;
  const tab = search.get('tab') || 'today';
  const { data, error, isLoading } = useH2h(homeTeamId, awayTeamId);
  const matches = data ?? [];
  const summary = homeTeamId && awayTeamId && matches.length > 0 ? summarise(matches, Number(homeTeamId), Number(awayTeamId)) : null;
  const title = summary ? `${summary.teamA.name} vs ${summary.teamB.name} Head to Head` : 'Head to Head';
  // spoiler-free mode: the tally, last five and biggest results wait while any meeting's score is hidden
  const { hidden } = useSpoilers();
  const [summaryShown, showSummary] = useShownOnce(`${homeTeamId}/${awayTeamId}`);
  const summaryHidden = Boolean(summary?.completed.some((match) => hidden(h2hMatch(match)))) && !summaryShown;
  usePageMeta({
    title,
    description:
      summary && !summaryHidden
        ? `${summary.teamA.name} ${counted(summary.winsA, 'win')}, ${counted(summary.draws, 'draw')}, ${summary.teamB.name} ${counted(summary.winsB, 'win')}: every meeting of the two clubs.`
        : undefined,
  });

  const back = <BackLink to={`/?tab=${encodeURIComponent(tab)}`}>Back to Fixtures</BackLink>;
  if (homeTeamId && awayTeamId && isLoading) {
    return <ScreenState back={back} loading="Loading head to head" />;
  }
  if (!summary || error) {
    return <ScreenState back={back} title="No H2H Data Available" message="Head-to-head matches are not available for these teams" />;
  }

  const lastFiveOldestFirst = [...summary.lastFive].reverse();
  return (
    <Page>
      {back}
      <HeaderCard>
        <Title className="visually-hidden">{title}</Title>
        <Teams>
          <Side>
            <TeamBadge name={summary.teamA.name} logo={summary.teamA.logo} size={64} national />
            <h2>{summary.teamA.name}</h2>
          </Side>
          <Muted aria-hidden="true" style={{ fontWeight: 800 }}>
            VS
          </Muted>
          <Side>
            <TeamBadge name={summary.teamB.name} logo={summary.teamB.logo} size={64} national />
            <h2>{summary.teamB.name}</h2>
          </Side>
        </Teams>
        {summaryHidden ? (
          <div style={{ marginTop: '1rem' }}>
            <ResultsCover title="Results hidden (spoiler-free mode)" showLabel="Show results" onShow={showSummary} testId="h2h-cover" />
          </div>
        ) : (
          <>
            <Tally data-testid="h2h-tally">
              <div>
                <dt>
                  <Dot $colour={WIN_COLOURS.a} aria-hidden="true" />
                  {summary.teamA.name} wins
                </dt>
                <dd data-testid="wins-a">{summary.winsA}</dd>
              </div>
              <div>
                <dt>
                  <Dot $colour={WIN_COLOURS.draw} aria-hidden="true" />
                  Draws
                </dt>
                <dd data-testid="draws">{summary.draws}</dd>
              </div>
              <div>
                <dt>
                  <Dot $colour={WIN_COLOURS.b} aria-hidden="true" />
                  {summary.teamB.name} wins
                </dt>
                <dd data-testid="wins-b">{summary.winsB}</dd>
              </div>
            </Tally>
            <div aria-hidden="true">
              <Suspense fallback={<Skeleton $height="14px" />}>
                <WinsBar winsA={summary.winsA} draws={summary.draws} winsB={summary.winsB} />
              </Suspense>
            </div>
          </>
        )}
        <Muted as="p" style={{ margin: '0.5rem 0 0', textAlign: 'center', fontSize: '0.85rem' }}>
          {counted(summary.completed.length, 'completed meeting')}
        </Muted>
      </HeaderCard>
      <Stack>
        {summary.lastFive.length > 0 && !summaryHidden && (
          <Panels>
            <Card data-testid="last-five">
              <SectionTitle>
                Last {Math.min(SUMMARY_MATCHES, summary.lastFive.length)} meetings: {summary.teamA.name}
              </SectionTitle>
              <FormLetters form={lastFiveOldestFirst.map((entry) => entry.letter).join('')} max={SUMMARY_MATCHES} size={28} />
              <Muted as="p" style={{ margin: '0.75rem 0 0' }} data-testid="last-five-goals">
                Goals: {summary.teamA.name} {summary.lastFiveGoalsA} - {summary.lastFiveGoalsB} {summary.teamB.name}
              </Muted>
            </Card>
            <Card data-testid="biggest">
              <SectionTitle>Biggest win / loss</SectionTitle>
              <Biggest>
                <div>
                  <dt>Biggest {summary.teamA.name} win</dt>
                  <dd data-testid="biggest-win">{scoreline(summary, summary.biggestWin)}</dd>
                </div>
                <div>
                  <dt>Biggest {summary.teamA.name} loss</dt>
                  <dd data-testid="biggest-loss">{scoreline(summary, summary.biggestLoss)}</dd>
                </div>
              </Biggest>
            </Card>
          </Panels>
        )}
        {summary.upcoming.length > 0 && (
          <Card>
            <SectionTitle>Upcoming</SectionTitle>
            <MatchList matches={summary.upcoming} />
          </Card>
        )}
        <Card data-testid="completed">
          <SectionTitle>Completed matches</SectionTitle>
          {summary.completed.length === 0 ? <Muted>No completed matches yet.</Muted> : <MatchList matches={summary.completed} />}
        </Card>
      </Stack>
    </Page>
  );
}
