import { useParams, useSearchParams } from 'react-router-dom';
import { seasonName } from '@matchday/contracts';
import { Page, safeReturnPath, usePageMeta } from '@matchday/ui';
import { BackLink, isId, MessageCard, Muted, ScreenState, useLeagues } from '@matchday/ui/unshared';
import { HeaderCard, Title } from '../../../lib/components';
import { useTopScorers } from '../api/top-scorers';
import { ranked } from '../rules/rank';
import { TopScorersList, TopScorersLoading } from './TopScorersList';

/** Top scorers (spec §2): ranked by goals with coloured rank badges; back to the standings (returnTo, default '/'). */
export function TopScorersScreen() {
  const params = useParams();
  const [search] = useSearchParams();
  const leagueId = isId(params.leagueId) ? params.leagueId : null;
  const season = isId(params.season) ? params.season : null;
  const { data, error, isLoading } = useTopScorers(leagueId, season);
  const { data: leagues } = useLeagues();
  const league = leagues?.find((l) => String(l.id) === leagueId);
  const backTo = safeReturnPath(search.get('returnTo'), '/');
  const title = `${league ? `${league.displayName} ` : ''}Top Scorers${season && leagueId ? ` ${seasonName(Number(season), Number(leagueId))}` : ''}`;
  usePageMeta({
    title,
    description: league
      ? `The leading goal scorers of the ${league.displayName} ${seasonName(Number(season), Number(leagueId))} season.`
      : undefined,
  });

  const back = <BackLink to={backTo}>Back to Standings</BackLink>;
  if (!leagueId || !season) {
    return <ScreenState back={back} title="Invalid Parameters" message="Please provide valid league and season parameters" />;
  }
  const scorers = ranked(data ?? []);
  return (
    <Page>
      {back}
      <HeaderCard>
        <Title>{title}</Title>
        {league && <Muted>{league.country}</Muted>}
      </HeaderCard>
      {isLoading ? (
        <TopScorersLoading />
      ) : error || scorers.length === 0 ? (
        <MessageCard title="No Top Scorers Data" message="Top scorers data is not available for this league" />
      ) : (
        <TopScorersList scorers={scorers} leagueId={leagueId} season={season} />
      )}
    </Page>
  );
}
