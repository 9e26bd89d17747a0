import type { FeedOdds, TipCard, TipMarket } from '@matchday/contracts';
import type { Markets } from '../../model/dixon-coles';

export const TIP_TYPES: Record<TipMarket, TipCard['tipType']> = {
  home: 'Match Winner',
  draw: 'Match Winner',
  away: 'Match Winner',
  over25: 'Over/Under 2.5',
  under25: 'Over/Under 2.5',
  bttsYes: 'Both Teams Score',
  bttsNo: 'Both Teams Score',
  homeMinus1: 'Handicap',
};

export const PREDICTIONS: Record<TipMarket, string> = {
  home: 'Home Win',
  draw: 'Draw',
  away: 'Away Win',
  over25: 'Over 2.5 Goals',
  under25: 'Under 2.5 Goals',
  bttsYes: 'Yes',
  bttsNo: 'No',
  homeMinus1: 'Home -1',
};

const ORDER: TipMarket[] = ['home', 'draw', 'away', 'over25', 'under25', 'bttsYes', 'bttsNo', 'homeMinus1'];

/** The bookmaker's decimal price for a market, where imported (no both-teams-score prices in the sources). */
export function priceOf(market: TipMarket, odds: FeedOdds | null): number | null {
  if (!odds) return null;
  switch (market) {
    case 'home':
      return odds.home;
    case 'draw':
      return odds.draw;
    case 'away':
      return odds.away;
    case 'over25':
      return odds.over25;
    case 'under25':
      return odds.under25;
    case 'homeMinus1':
      return odds.ahLine === -1 ? odds.ahHome : null;
    default:
      return null;
  }
}

/** The tip: the market the model is most confident in (the handicap counts its outright win only). */
export function chooseMarket(markets: Markets): { market: TipMarket; probability: number } {
  let best: TipMarket = 'home';
  for (const market of ORDER) if (markets[market] > markets[best]) best = market;
  return { market: best, probability: markets[best] };
}

/** p x odds - 1, with the handicap's push (won by exactly one) returning the stake. */
export function edgeOf(market: TipMarket, probability: number, odds: number | null, push: number): number | null {
  if (odds === null) return null;
  return probability * odds + (market === 'homeMinus1' ? push : 0) - 1;
}

/** won | lost | push of a market given the 90-minute score. */
export function settle(market: TipMarket, home: number, away: number): 'won' | 'lost' | 'push' {
  const won = (() => {
    switch (market) {
      case 'home':
        return home > away;
      case 'draw':
        return home === away;
      case 'away':
        return home < away;
      case 'over25':
        return home + away >= 3;
      case 'under25':
        return home + away <= 2;
      case 'bttsYes':
        return home > 0 && away > 0;
      case 'bttsNo':
        return home === 0 || away === 0;
      case 'homeMinus1':
        if (home - away === 1) return null;
        return home - away >= 2;
    }
  })();
  return won === null ? 'push' : won ? 'won' : 'lost';
}
