import type { Bracket, BracketTie } from '@matchday/contracts';

/**
 * Where a place of the bracket comes from, in words: "Winner of match 74", "Loser of match 101", "Group A winner",
 * "Group A runner-up", "3rd of A/B/C/D/F"; a Champions League tie ("Winner of tie 3"); "To be decided" without a label.
 */
export function placeText(slot: string | null, ties: 'match' | 'tie' = 'match'): string {
  if (!slot) return 'To be decided';
  const fed = /^([WL])(\d+)$/.exec(slot);
  if (fed) return `${fed[1] === 'W' ? 'Winner' : 'Loser'} of ${ties} ${fed[2]}`;
  const group = /^([123])([A-L](?:\/[A-L])*)$/.exec(slot);
  if (!group) return slot;
  if (group[1] === '1') return `Group ${group[2]} winner`;
  if (group[1] === '2') return `Group ${group[2]} runner-up`;
  return `3rd of ${group[2]}`;
}

/** The tie a place comes from (`W74` -> tie 74), if it is in the bracket. */
export function feederOf(bracket: Pick<Bracket, 'rounds'>, slot: string | null): BracketTie | undefined {
  const number = slot ? /^[WL](\d+)$/.exec(slot)?.[1] : undefined;
  if (number === undefined) return undefined;
  return bracket.rounds.flatMap((round) => round.ties).find((tie) => tie.matchNumber === Number(number));
}

/** The round to open on a phone: the one being played (a live tie), else the first with a tie still to play, else the last. */
export function currentRound(bracket: Pick<Bracket, 'rounds'>): number {
  const live = bracket.rounds.findIndex((round) => round.ties.some((tie) => tie.status === 'live'));
  if (live !== -1) return live;
  const open = bracket.rounds.findIndex((round) => round.ties.some((tie) => tie.status !== 'finished'));
  return open !== -1 ? open : bracket.rounds.length - 1;
}

/** "a.e.t.", "3-4 pens", both, or nothing: how a tie was decided beyond its score. */
export function decidedText(tie: Pick<BracketTie, 'afterExtraTime' | 'penaltiesHome' | 'penaltiesAway'>): string {
  const parts: string[] = [];
  if (tie.afterExtraTime) parts.push('a.e.t.');
  if (tie.penaltiesHome !== null && tie.penaltiesAway !== null) parts.push(`${tie.penaltiesHome}-${tie.penaltiesAway} pens`);
  return parts.join(', ');
}
