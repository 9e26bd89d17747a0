import type { FeedMatch } from '@matchday/contracts';

/** Seeded PRNG (mulberry32). */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function poisson(random: () => number, lambda: number): number {
  const limit = Math.exp(-lambda);
  let k = 0;
  let p = random();
  while (p > limit) {
    k += 1;
    p *= random();
  }
  return k;
}

const DAY = 86_400_000;

/**
 * A league with known strengths: `attack`/`defence` per team (log scale), intercept 0.1, home advantage 0.3,
 * independent Poisson goals. Each season a double round robin from 1 August, one round a week.
 */
export function syntheticLeague(options: {
  attack: number[];
  defence: number[];
  seasons: number[];
  seed: number;
  withOdds?: boolean;
}): FeedMatch[] {
  const random = prng(options.seed);
  const n = options.attack.length;
  const matches: FeedMatch[] = [];
  let id = 1;
  for (const season of options.seasons) {
    const start = Date.UTC(season, 7, 1, 15);
    let round = 0;
    for (let leg = 0; leg < 2; leg++) {
      for (let r = 0; r < n - 1; r++) {
        const teams = Array.from({ length: n }, (_, k) => k);
        const rotated = [teams[0]!, ...teams.slice(1).map((_, k) => teams[1 + ((k + r) % (n - 1))]!)];
        for (let k = 0; k < n / 2; k++) {
          let home = rotated[k]!;
          let away = rotated[n - 1 - k]!;
          if (leg === 1) [home, away] = [away, home];
          const lambda = Math.exp(0.1 + 0.3 + options.attack[home]! + options.defence[away]!);
          const mu = Math.exp(0.1 + options.attack[away]! + options.defence[home]!);
          const hg = poisson(random, lambda);
          const ag = poisson(random, mu);
          matches.push({
            id: id++,
            leagueId: 900,
            season,
            kickoffAt: new Date(start + round * 7 * DAY + k * 3600_000).toISOString(),
            status: 'finished',
            homeTeamId: home + 1,
            awayTeamId: away + 1,
            homeTeam: `Team ${home + 1}`,
            awayTeam: `Team ${away + 1}`,
            homeTeamLogo: null,
            awayTeamLogo: null,
            homeGoals: hg,
            awayGoals: ag,
            homeShotsOnTarget: null,
            awayShotsOnTarget: null,
            opening: options.withOdds
              ? { bookmaker: 'B365', home: 2.2, draw: 3.4, away: 3.3, over25: 1.9, under25: 1.9, ahLine: -1, ahHome: 3, ahAway: 1.4 }
              : null,
            closing: options.withOdds
              ? { bookmaker: 'B365', home: 2.1, draw: 3.5, away: 3.4, over25: 1.9, under25: 1.9, ahLine: -1, ahHome: 3, ahAway: 1.4 }
              : null,
          });
        }
        round += 1;
      }
    }
  }
  return matches;
}
