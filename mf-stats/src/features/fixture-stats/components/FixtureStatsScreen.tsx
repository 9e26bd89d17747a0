import { lazy, Suspense, useMemo } from 'react';
import { useParams, useSearchParams } from 'react-router-dom';
import styled from 'styled-components';
import { media, Page, usePageMeta } from '@matchday/ui';
import { BackLink, isId, MessageCard, ScreenState, useSpoilers } from '@matchday/ui/unshared';
import { hadExtraTime, LiveAnnouncer, mayBeLive, resultNote, useLiveMatch, useLiveTimeline, useNow } from '@matchday/ui/live';
import { fixtureStatsMatch } from '../../../lib/spoilers';
import { useFixtureStats } from '../../../lib/fixture-stats-query';
import { comparisonGroups, hasTeamStatistics } from '../rules/comparison';
import { ComparisonCard } from './ComparisonCard';
import { FixtureHeader } from './FixtureHeader';
import { TimelineSection } from './TimelineSection';

// its own chunk: the scorers, the player of the match, the referee and the sources under the score
const MatchSummary = lazy(() => import('./MatchSummary'));

const Grid = styled.div`
  display: grid;
  grid-template-columns: repeat(2, minmax(0, 1fr));
  gap: 1rem;
  ${media.mobile} {
    grid-template-columns: 1fr;
  }
`;

const StatsNote = styled.p`
  grid-column: 1 / -1;
  margin: 0;
  font-size: 0.9rem;
  color: ${({ theme }) => theme.textMuted};
`;

/**
 * Back link (spec §2): to the player page when playerId, leagueId and season are all present (query
 * or path), otherwise to the fixtures.
 */
function backLink(path: Record<string, string | undefined>, search: URLSearchParams): { to: string; label: string } {
  const playerId = search.get('playerId') ?? path.playerId;
  const leagueId = search.get('leagueId') ?? path.leagueId;
  const season = search.get('season') ?? path.season;
  const tab = search.get('tab') || 'league';
  if (isId(playerId) && isId(leagueId) && isId(season)) {
    return { to: `/player/${playerId}/${leagueId}/${season}?tab=${encodeURIComponent(tab)}`, label: 'Back to Player Stats' };
  }
  return { to: '/', label: 'Back to Fixtures' };
}

/**
 * Fixture stats (spec §2): header with score and status, four comparison cards. The match centre: a
 * live match takes its score, clock and state from the tab's live stream, and a played or live match shows its
 * timeline (goals, HT, extra time, shoot-out, FT), kept current by the stream; goals are read out politely. In
 * spoiler-free mode a covered match shows none of its score (header, timeline goals, the Goals row,
 * read-outs) until the fan reveals it.
 */
export function FixtureStatsScreen() {
  const params = useParams();
  const [search] = useSearchParams();
  const fixtureId = isId(params.fixtureId) ? params.fixtureId : null;
  const { data, error, isLoading } = useFixtureStats(fixtureId);
  const id = fixtureId === null ? null : Number(fixtureId);
  // once a minute: a match reaching kick-off needs the stream
  const minute = useNow(60_000);
  const needsLive = data ? mayBeLive(data, minute) : false;
  const { entry, state: feed } = useLiveMatch(id, needsLive);
  const hasTimeline = data ? data.status === 'live' || data.status === 'finished' || entry !== undefined : false;
  const timeline = useLiveTimeline(hasTimeline ? id : null, needsLive);
  // spoiler-free mode: the score, the goals of the timeline and their read-outs wait for a reveal
  const { hidden } = useSpoilers();
  const scoreHidden = data ? hidden(fixtureStatsMatch(data)) : false;
  const announced = useMemo(
    () =>
      data && id !== null && !scoreHidden
        ? [{ id, homeTeam: data.homeTeamName, awayTeam: data.awayTeamName, homeTeamId: data.homeTeamId }]
        : [],
    [data, id, scoreHidden],
  );
  // the four cards stay the same objects while only the timeline or the stream's state moves (the cards are memoised)
  const liveHome = entry?.match.goalsHome ?? null;
  const liveAway = entry?.match.goalsAway ?? null;
  const groups = useMemo(
    () =>
      data
        ? comparisonGroups(
            // the goals as the live feed has them (the statistics read may be older)
            liveHome !== null && liveAway !== null ? { ...data, homeTeamGoalScored: liveHome, awayTeamGoalScored: liveAway } : data,
            { hideGoals: scoreHidden },
          )
        : [],
    [data, liveHome, liveAway, scoreHidden],
  );
  const back = backLink(params, search);
  const title = data ? `${data.homeTeamName} vs ${data.awayTeamName} Match Stats` : 'Fixture Statistics';
  usePageMeta({
    title,
    description: data
      ? `${data.leagueName}: ${data.homeTeamName} ${scoreHidden ? 'vs' : `${data.homeTeamGoalScored ?? ''}-${data.awayTeamGoalScored ?? ''}`} ${data.awayTeamName}. Shots, possession, passing, defending and discipline compared.`
      : undefined,
  });

  const backElement = <BackLink to={back.to}>{back.label}</BackLink>;
  if (!fixtureId) {
    return <ScreenState back={backElement} title="Fixture not found" message="No fixture data available" />;
  }
  if (isLoading) {
    return <ScreenState back={backElement} loading="Loading fixture statistics" />;
  }
  if (error || !data) {
    return <ScreenState back={backElement} title="Fixture statistics not found" message="No statistics available for this fixture" />;
  }
  return (
    <Page>
      {backElement}
      <FixtureHeader
        stats={data}
        fixtureId={fixtureId}
        title={title}
        live={needsLive ? { entry, feed } : undefined}
        scoreHidden={scoreHidden}
        note={resultNote(
          entry?.match ??
            (data.penaltiesHome !== undefined ? { penaltiesHome: data.penaltiesHome, penaltiesAway: data.penaltiesAway ?? null } : null),
          Boolean(entry?.extraTime) || Boolean(data.afterExtraTime) || hadExtraTime(timeline?.events ?? []),
        )}
      />
      {Boolean(timeline?.events.length || data.playerOfTheMatch || data.referee || data.sources) && (
        <Suspense fallback={null}>
          <MatchSummary stats={data} events={timeline?.events ?? []} scoreHidden={scoreHidden} />
        </Suspense>
      )}
      {hasTimeline && (
        <TimelineSection
          timeline={timeline}
          teams={{ homeTeamId: data.homeTeamId, homeName: data.homeTeamName, awayName: data.awayTeamName }}
          penalties={entry?.match ?? null}
          scoreHidden={scoreHidden}
        />
      )}
      {needsLive && <LiveAnnouncer fixtures={announced} />}
      {(entry ? entry.match.status : data.status) === 'scheduled' || data.status === 'postponed' ? (
        <MessageCard
          title="No statistics yet"
          message={
            data.status === 'postponed'
              ? 'This match has been postponed. Its statistics will appear once it has been played.'
              : 'This match has not started yet. Its statistics will appear once it kicks off.'
          }
        />
      ) : (
        <Grid>
          {!hasTeamStatistics(data) && ((entry ? entry.match.status : data.status) === 'live' || !data.sources) && (
            <StatsNote data-testid="stats-note">
              {(entry ? entry.match.status : data.status) === 'live'
                ? 'Shots, possession and the rest arrive with the full record at the final whistle; the score above is live.'
                : 'The source of this match has no team statistics beyond the goals.'}
            </StatsNote>
          )}
          {groups.map((group) => (
            <ComparisonCard key={group.title} group={group} homeName={data.homeTeamName} awayName={data.awayTeamName} />
          ))}
        </Grid>
      )}
    </Page>
  );
}
