import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router-dom';
import styled from 'styled-components';
import { leagueHubPath, seasonName, type StandingRow } from '@matchday/contracts';
import { Button, media, Page, usePageMeta } from '@matchday/ui';
import { useLiveMatches } from '@matchday/ui/live';
import { BackLink, FollowButton, isId, Muted, Row, ScreenState, useLeagues } from '@matchday/ui/unshared';
import { HeaderCard, Title } from '../../../lib/components';
import { isHighlighted } from '../../../lib/names';
import { useStandings } from '../api/standings';
import { StandingsView } from './StandingsView';

const Top = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: 1rem;
  flex-wrap: wrap;
  ${media.mobile} {
    a {
      width: 100%;
    }
  }
`;

/** Standings (spec §2): highlighted teams, links to team stats and top scorers carrying returnTo, zones, groups. */
export function StandingsScreen() {
  const [search] = useSearchParams();
  const location = useLocation();
  const leagueId = isId(search.get('leagueId')) ? search.get('leagueId') : null;
  const season = isId(search.get('season')) ? search.get('season') : null;
  const tab = search.get('tab') || 'today';
  const highlightParam = search.get('highlightTeams') ?? '';
  // "As it stands": offered while a match of this league is live; refreshed on every change of one.
  const live = useLiveMatches(Boolean(leagueId));
  const liveHere = [...live.matches.values()].filter((e) => e.match.leagueId === Number(leagueId) && e.match.status === 'live');
  const [finalTable, setFinalTable] = useState(false);
  const asItStands = liveHere.length > 0 && !finalTable;
  // The final table is read first and stays on screen while the table as it stands is read (and after, when the fan
  // asks for the table without live matches): the title and the table are never replaced by the loading state.
  const { data: final, error, isLoading } = useStandings(leagueId, season);
  const { data: liveTable, mutate: refreshLive } = useStandings(asItStands ? leagueId : null, season, true);
  const showingLive = asItStands && liveTable !== undefined && liveTable !== null;
  const data = showingLive ? liveTable : final;
  const moved = liveHere.map((e) => `${e.match.fixtureId}:${e.match.lastSeq}`).join(',');
  // A live match's change reads the table as it stands again; its first read is the one its query makes.
  const readFor = useRef<string | null>(null);
  useEffect(() => {
    if (!asItStands) readFor.current = null;
    else if (readFor.current === null) readFor.current = moved;
    else if (readFor.current !== moved) {
      readFor.current = moved;
      void refreshLive();
    }
  }, [asItStands, moved, refreshLive]);
  const rows = data ?? [];
  // A live match that no table counts (a knockout): the tables stay final and the bracket is where it is followed.
  const knockoutOnly = showingLive && !liveTable.some((row) => row.playingNow);
  const { data: leagues } = useLeagues();
  const cup = leagues?.find((l) => String(l.id) === leagueId)?.type === 'cup';
  // stable while the page stays: the table (memoised) is not drawn again when only the live stream's state moves
  const returnTo = encodeURIComponent(`${location.pathname}${location.search}`);
  const linkFor = useCallback(
    (row: StandingRow) => `/team-stats/${row.teamId}/${leagueId}/${season}?returnTo=${returnTo}`,
    [leagueId, season, returnTo],
  );
  const highlightTeams = useMemo(() => highlightParam.split(',').filter((name) => name.trim()), [highlightParam]);
  const highlighted = useCallback((row: StandingRow) => isHighlighted(row.teamName, highlightTeams), [highlightTeams]);
  const first = rows[0];
  const title = first ? `${first.leagueName} Standings ${seasonName(first.season, first.leagueId)}` : 'Standings';
  usePageMeta({
    title,
    description: first
      ? `${first.leagueName} (${first.country}) table ${seasonName(first.season, first.leagueId)}: points, goal difference, form and movement.`
      : undefined,
  });

  const back = <BackLink to={`/?tab=${encodeURIComponent(tab)}`}>Back to Fixtures</BackLink>;
  if (leagueId && season && isLoading) {
    return <ScreenState back={back} rows={10} loading="Loading standings" />;
  }
  if (!leagueId || !season || error || !first) {
    return <ScreenState back={back} title="No Standings Data" message="League standings are not available" />;
  }

  return (
    <Page>
      {back}
      <HeaderCard>
        <Top>
          <div>
            <Title>
              {first.leagueName} Standings <Muted>· {first.country}</Muted>
            </Title>
            <Muted>Season {seasonName(first.season, first.leagueId)}</Muted>
          </div>
          <Row $gap="0.5rem" $wrap>
            <FollowButton kind="league" id={Number(leagueId)} name={first.leagueName} />
            <Button as={Link} to={leagueHubPath(leagueId, season)} $variant="outline" data-testid="league-hub-link">
              League page
            </Button>
            {cup && (
              <Button as={Link} to={leagueHubPath(leagueId, season, 'bracket')} $variant="outline" data-testid="bracket-link">
                Bracket
              </Button>
            )}
            <Button as={Link} to={`/top-scorers/${leagueId}/${season}?returnTo=${returnTo}`} $variant="outline">
              Top Scorers
            </Button>
          </Row>
        </Top>
      </HeaderCard>
      {knockoutOnly ? (
        <Row $gap="0.5rem" $wrap data-testid="knockout-live">
          <Muted>A knockout match is being played: it changes no table.</Muted>
          <Button as={Link} to={leagueHubPath(leagueId, season, 'bracket')} $variant="primary">
            Follow it in the bracket
          </Button>
        </Row>
      ) : (
        liveHere.length > 0 && (
          <Row $gap="0.5rem" $wrap role="group" aria-label="Which table">
            <Button
              $variant={asItStands ? 'primary' : 'outline'}
              aria-pressed={asItStands}
              onClick={() => setFinalTable(false)}
              data-testid="as-it-stands"
            >
              As it stands
            </Button>
            <Button $variant={asItStands ? 'outline' : 'primary'} aria-pressed={!asItStands} onClick={() => setFinalTable(true)}>
              Without live matches
            </Button>
            {showingLive && <Muted data-testid="as-it-stands-legend">● playing now, counted with the current score</Muted>}
          </Row>
        )
      )}
      <StandingsView
        rows={rows}
        linkFor={linkFor}
        highlighted={highlighted}
        asItStands={showingLive && !knockoutOnly}
        liveVersion={moved}
      />
    </Page>
  );
}
