import type { Bracket, BracketSide, BracketTie } from '@matchday/contracts';
import type { SpoilerMatch } from '@matchday/ui/unshared';
import { decidedText, feederOf, placeText } from './places';

/** Spoiler-free mode's verdict on one match (useSpoilers' `hidden`). */
export type HidesMatch = (match: SpoilerMatch) => boolean;

/** A tie is hidden while any of its legs that has kicked off, both teams known, is hidden by spoiler-free mode. */
export function tieHidden(tie: Pick<BracketTie, 'legs'>, leagueId: number, hides: HidesMatch): boolean {
  return tie.legs.some(
    (leg) =>
      leg.status !== 'scheduled' &&
      leg.fixtureId !== null &&
      leg.homeTeamId !== null &&
      leg.awayTeamId !== null &&
      hides({ id: leg.fixtureId, homeTeamId: leg.homeTeamId, awayTeamId: leg.awayTeamId, leagueId }),
  );
}

/** What one side of a tie card shows. `known`: its team is named (else where it comes from, in `name`). */
export interface SideFace {
  known: boolean;
  name: string;
  score: string;
  winner: boolean;
}

/** What a tie card shows under spoiler-free mode: nothing a hidden tie, or the hidden tie that fed a side, gives away. */
export interface TieFace {
  hidden: boolean;
  home: SideFace;
  away: SideFace;
  /** "a.e.t.", "3-4 pens"; empty while hidden. */
  decided: string;
  /** The card's name ("Match 101: Winner of match 97 v Winner of match 98"): no more than the card shows. */
  label: string;
  /** A played tie whose score is hidden: the card offers to reveal it. */
  revealable: boolean;
}

/**
 * The face of a tie: a hidden tie shows no score and no winner; a side whose team advanced from a hidden tie is not
 * named (it would give away who won that tie), only where it comes from. `ties`: the bracket's word ("match", "tie").
 */
export function tieFace(
  bracket: Pick<Bracket, 'rounds'>,
  tie: BracketTie,
  isHidden: (tie: BracketTie) => boolean,
  ties: 'match' | 'tie',
): TieFace {
  const hidden = isHidden(tie);
  const played = tie.goalsHome !== null && tie.goalsAway !== null;
  const side = (of: BracketSide, goals: number | null): SideFace => {
    const feeder = feederOf(bracket, of.slot);
    const masked = feeder !== undefined && isHidden(feeder);
    const known = of.teamId !== null && of.teamName !== null && !masked;
    return {
      known,
      name: known ? of.teamName! : placeText(of.slot, ties),
      score: !played || hidden ? '' : String(goals),
      winner: !hidden && tie.winner !== null && tie.winner.teamId === of.teamId,
    };
  };
  const home = side(tie.home, tie.goalsHome);
  const away = side(tie.away, tie.goalsAway);
  return {
    hidden,
    home,
    away,
    decided: hidden ? '' : decidedText(tie),
    label: `${home.name} v ${away.name}`,
    revealable: hidden && played && tie.fixtureId !== null,
  };
}
