import type { StandingRow } from '@matchday/contracts';
import { LoadingBlock, MessageCard } from '@matchday/ui/unshared';
import type { LeagueSeasonTabProps } from '../../../lib/league-tabs';
import { useStandings } from '../api/standings';
import { StandingsView } from './StandingsView';

/** The league hub's Table tab (composed into the hub by exposes/App.tsx). */
export function StandingsTab({ leagueId, season }: LeagueSeasonTabProps) {
  const { data, error, isLoading } = useStandings(leagueId, season);
  if (isLoading) return <LoadingBlock rows={10} label="Loading standings" />;
  if (error || !data || data.length === 0) return <MessageCard title="No Standings Data" message="League standings are not available" />;
  return <StandingsView rows={data} linkFor={(row: StandingRow) => `/team/${row.teamId}/${leagueId}/${season}`} />;
}
