import { preload } from 'swr';
import { isId, standingsQuery } from '@matchday/ui/unshared';

/**
 * The API read a deep-linked screen draws first, asked by the shell as soon as the visitor is known to be signed in,
 * alongside the remote's code rather than after it: the screen's query then takes this read (SWR's preload, one
 * use, the same key and reader) instead of starting its own once its chunks have run. Only for screens whose first
 * read is known from the URL alone and shared with the remote (`@matchday/ui/unshared`'s queries); the Standings
 * table, the largest first paint among them, is the one asked so far. A URL the screen would refuse (an id that is
 * not one) asks nothing.
 */
export function preloadFirstRead(location: Pick<Location, 'pathname' | 'search'>): void {
  if (location.pathname !== '/standings') return;
  const search = new URLSearchParams(location.search);
  const leagueId = search.get('leagueId');
  const season = search.get('season');
  // a failure is the screen's to show, when its query takes the read
  if (isId(leagueId) && isId(season)) preload(standingsQuery.key(leagueId, season), standingsQuery.read).catch(() => undefined);
}
