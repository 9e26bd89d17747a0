import type { LineupPlayer, PlayerPosition } from '@matchday/contracts';

/** What the line-ups screen decides from the reply: the XI by position, what each substitute's line says. */

const GROUPS: ReadonlyArray<{ position: PlayerPosition; label: string }> = [
  { position: 'Goalkeeper', label: 'Goalkeeper' },
  { position: 'Defender', label: 'Defenders' },
  { position: 'Midfielder', label: 'Midfielders' },
  { position: 'Attacker', label: 'Forwards' },
];

export interface PlayerGroup {
  /** Null where the source gives no positions at all (one list, no headings). */
  label: string | null;
  players: LineupPlayer[];
}

/**
 * The starting XI grouped goalkeeper, defenders, midfielders, forwards, in the reply's order within each group;
 * players without a position after them ("Position not given"), or all in one list when none has one. Empty groups
 * are left out. No formation is claimed: the groups are the players' positions, not their places on the pitch.
 */
export function positionGroups(starters: readonly LineupPlayer[]): PlayerGroup[] {
  if (starters.every((p) => p.position === null)) return starters.length > 0 ? [{ label: null, players: [...starters] }] : [];
  const groups: PlayerGroup[] = GROUPS.map(({ position, label }) => ({
    label: position === 'Goalkeeper' && starters.filter((p) => p.position === position).length > 1 ? 'Goalkeepers' : label,
    players: starters.filter((p) => p.position === position),
  }));
  groups.push({ label: 'Position not given', players: starters.filter((p) => p.position === null) });
  return groups.filter((group) => group.players.length > 0);
}

/** When a substitute came on ("On 63'"), else how long he played ("Played 27 min") where the minute is not known. */
export function substituteNote(player: LineupPlayer): string | null {
  if (player.cameOn !== null) return `On ${player.cameOn}'`;
  if (player.minutes !== null && player.minutes > 0) return `Played ${player.minutes} min`;
  return null;
}

/** A starter who went off ("Off 70'"), where the source gives the minute. */
export function wentOffNote(player: LineupPlayer): string | null {
  return player.wentOff !== null ? `Off ${player.wentOff}'` : null;
}

/** xG to two decimals where known; null where the source has none (not shown, never 0.00). */
export function xgText(player: LineupPlayer): string | null {
  return player.xg === null ? null : player.xg.toFixed(2);
}
