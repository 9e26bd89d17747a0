import type { PlayerPosition } from '@matchday/contracts';
import { PLAYER_POSITIONS } from '@matchday/contracts';

interface Sortable {
  playerName: string;
  is_Played_In_This_League: 0 | 1;
}

/** Players within a position (spec §5): those who played in this league first, then by name. */
export function byLeagueThenName(a: Sortable, b: Sortable): number {
  if (a.is_Played_In_This_League !== b.is_Played_In_This_League) return b.is_Played_In_This_League - a.is_Played_In_This_League;
  return a.playerName.localeCompare(b.playerName, 'en', { sensitivity: 'base' });
}

/** The position tab of a URL: ?position=Defender; absent (the default) means Goalkeeper. */
export function positionFromSearch(search: URLSearchParams): PlayerPosition {
  const value = search.get('position');
  return PLAYER_POSITIONS.find((position) => position === value) ?? 'Goalkeeper';
}

/** Writes the position tab into a query string, leaving it out for Goalkeeper (spec §2). */
export function withPosition(search: URLSearchParams, position: PlayerPosition): URLSearchParams {
  const next = new URLSearchParams(search);
  if (position === 'Goalkeeper') next.delete('position');
  else next.set('position', position);
  return next;
}

/** 'No Goalkeepers found' (spec §2). */
export function noPlayersText(position: PlayerPosition): string {
  return `No ${position}s found`;
}
