import type { Dream11Card, Dream11Player, Dream11Team, FantasyRole } from '@matchday/contracts';

const ROLE_NAMES: Record<FantasyRole, string> = { GK: 'Goalkeeper', DEF: 'Defenders', MID: 'Midfielders', FWD: 'Forwards' };

/** How an XI stands on the pitch, forwards first and the goalkeeper at the back, each player with his C or VC tag. */
export function pitchLines(team: Dream11Team): Array<{
  role: FantasyRole;
  name: string;
  players: Array<Dream11Player & { tag: 'C' | 'VC' | null }>;
}> {
  return (['FWD', 'MID', 'DEF', 'GK'] as const).map((role) => ({
    role,
    name: ROLE_NAMES[role],
    players: team.players
      .filter((player) => player.role === role)
      .map((player) => ({
        ...player,
        tag: player.playerId === team.captainId ? 'C' : player.playerId === team.viceCaptainId ? 'VC' : null,
      })),
  }));
}

/** What the confirmed line-ups changed in the safe XI, in a sentence. */
export function lineupChangesText(changes: Dream11Card['changes']): string {
  return changes && changes.out.length > 0
    ? `Changed since the line-ups: out ${changes.out.join(', ')}; in ${changes.in.join(', ')}.`
    : 'The line-ups changed none of the predicted picks.';
}
