import { LEAGUE_IDS, type League } from '@matchday/contracts';

/** The competitions the product is about come first, in this order. */
const FEATURED: readonly number[] = [LEAGUE_IDS.indianSuperLeague, LEAGUE_IDS.premierLeague, LEAGUE_IDS.championsLeague];

/** Leagues page order: ISL, Premier League, Champions League, then the rest by country, then by name. */
export function orderLeagues(leagues: readonly League[]): League[] {
  const featured = (league: League) => {
    const index = FEATURED.indexOf(league.id);
    return index === -1 ? FEATURED.length : index;
  };
  return [...leagues].sort(
    (a, b) => featured(a) - featured(b) || a.country.localeCompare(b.country) || a.displayName.localeCompare(b.displayName),
  );
}
