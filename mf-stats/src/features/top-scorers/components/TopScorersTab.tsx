import { MessageCard } from '@matchday/ui/unshared';
import type { LeagueSeasonTabProps } from '../../../lib/league-tabs';
import { useTopScorers } from '../api/top-scorers';
import { ranked } from '../rules/rank';
import { TopScorersList, TopScorersLoading } from './TopScorersList';

/** The league hub's Top scorers tab (composed into the hub by exposes/App.tsx). */
export function TopScorersTab({ leagueId, season }: LeagueSeasonTabProps) {
  const { data, error, isLoading } = useTopScorers(leagueId, season);
  const scorers = ranked(data ?? []);
  if (isLoading) return <TopScorersLoading />;
  if (error || scorers.length === 0)
    return <MessageCard title="No Top Scorers Data" message="Top scorers data is not available for this league" />;
  return <TopScorersList scorers={scorers} leagueId={leagueId} season={season} />;
}
