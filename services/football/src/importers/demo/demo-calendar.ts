/** The demo leagues' calendars: which clubs meet in each round (pairs of indexes into a league's clubs). */

/** Circle-method double round robin: rounds of [home, away] index pairs; with an odd count one team rests each round. */
export function doubleRoundRobin(teamCount: number): Array<Array<[number, number]>> {
  const n = teamCount % 2 === 0 ? teamCount : teamCount + 1;
  const ids = Array.from({ length: n }, (_, i) => i);
  const rounds: Array<Array<[number, number]>> = [];
  // Home side: whoever has had fewer home matches so far, else whoever was away last time.
  const homeCount = new Array<number>(n).fill(0);
  const lastHome = new Array<boolean>(n).fill(false);
  for (let r = 0; r < n - 1; r += 1) {
    const pairs: Array<[number, number]> = [];
    for (let i = 0; i < n / 2; i += 1) {
      const a = ids[i]!;
      const b = ids[n - 1 - i]!;
      if (a >= teamCount || b >= teamCount) continue;
      const aHome = homeCount[a]! !== homeCount[b]! ? homeCount[a]! < homeCount[b]! : !lastHome[a] || lastHome[b]!;
      const [home, away] = aHome ? [a, b] : [b, a];
      homeCount[home]! += 1;
      lastHome[home] = true;
      lastHome[away] = false;
      pairs.push([home, away]);
    }
    rounds.push(pairs);
    ids.splice(1, 0, ids.pop()!);
  }
  return [...rounds, ...rounds.map((pairs) => pairs.map(([h, a]) => [a, h] as [number, number]))];
}

/**
 * Champions League league phase: eight matchdays, each club meets eight different opponents, four at
 * home and four away. Teams i and i+d meet for d in {1, 2, 3, 6}; each offset gives two perfect
 * matchings (i mod 2d below d, or not). Needs a multiple of 12 clubs (36).
 */
export function leaguePhase(teamCount: number): Array<Array<[number, number]>> {
  if (teamCount % 12 !== 0) throw new Error(`a league phase needs a multiple of 12 clubs, not ${teamCount}`);
  const days: Array<Array<[number, number]>> = [];
  for (const half of [0, 1]) {
    for (const d of [1, 2, 3, 6]) {
      const pairs: Array<[number, number]> = [];
      for (let i = 0; i < teamCount; i += 1) {
        if (Math.floor((i % (2 * d)) / d) === half) pairs.push([i, (i + d) % teamCount]);
      }
      days.push(pairs);
    }
  }
  return days;
}
