import { useEffect, useState } from 'react';
import { MOBILE_QUERY } from '@matchday/ui';
import { LoadingBlock, MessageCard, useSpoilers } from '@matchday/ui/unshared';
import type { LeagueSeasonTabProps } from '../../../lib/league-tabs';
import { playsNationalTeams } from '../../../lib/team-badge';
import { useBracket } from '../api/bracket';
import { useBracketLive } from '../api/live';
import { currentRound } from '../rules/places';
import { tieHidden } from '../rules/spoilers';
import { RoundsView } from './RoundsView';
import type { TieContext } from './TieCard';
import { TreeView } from './TreeView';

/** A phone's width (libs/ui's MOBILE_BREAKPOINT), followed as the window is resized. */
function useNarrow(): boolean {
  const [narrow, setNarrow] = useState(() => typeof window !== 'undefined' && window.matchMedia(MOBILE_QUERY).matches);
  useEffect(() => {
    const list = window.matchMedia(MOBILE_QUERY);
    const change = () => setNarrow(list.matches);
    list.addEventListener('change', change);
    return () => list.removeEventListener('change', change);
  }, []);
  return narrow;
}

/**
 * The league hub's Bracket tab (every cup): the knockout stage as a tree at 1280 px, one round at a time on a phone.
 * A tie shows its teams or where they come from, the score (the aggregate of two legs), a.e.t. and penalties; a live
 * tie its clock, refreshed on every change the live stream brings; a tap opens the match. Spoiler-free mode hides a
 * tie's score and the team it sends through until the tie is revealed (rules/spoilers).
 */
export default function BracketTab({ leagueId, season }: LeagueSeasonTabProps) {
  const { data, error, isLoading, mutate } = useBracket(leagueId, season);
  const narrow = useNarrow();
  const { hidden } = useSpoilers();
  const { live, now } = useBracketLive(data, mutate);
  if (isLoading) return <LoadingBlock rows={8} label="Loading bracket" />;
  if (error || !data) {
    const none = error instanceof Error && /^404/.test(error.message);
    return none ? (
      <MessageCard title="No bracket" message="This competition has no knockout stage." />
    ) : (
      <MessageCard title="No bracket" message="The bracket is not available right now." />
    );
  }
  const context: TieContext = {
    bracket: data,
    national: playsNationalTeams(leagueId),
    hidden: (tie) => tieHidden(tie, Number(leagueId), hidden),
    live,
    now,
    ties: data.rounds.some((round) => round.ties.some((tie) => tie.legs.length > 1)) ? 'tie' : 'match',
  };
  return narrow ? (
    <RoundsView rounds={data.rounds} context={context} start={currentRound(data)} />
  ) : (
    <TreeView rounds={data.rounds} context={context} />
  );
}
