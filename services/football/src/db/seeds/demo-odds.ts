import { expectedGoals, prng } from './demo-match';

/**
 * Bookmaker-like pre-match prices for the demo's upcoming fixtures (bookmaker "Demo"): the generator's own
 * expected goals (independent Poisson), some noise on each probability (the book is not the truth) and a
 * 5% margin, rounded to two decimals. 1X2, over/under 2.5 and the home -1 Asian handicap.
 */
export interface DemoOddsFixture {
  id: number;
  status: string;
  home_team_id: number;
  away_team_id: number;
}

const MARGIN = 1.05;

function pmf(lambda: number, max = 10): number[] {
  const out = [Math.exp(-lambda)];
  for (let k = 1; k <= max; k++) out.push((out[k - 1]! * lambda) / k);
  return out;
}

const price = (p: number) => Math.max(1.01, Math.round((100 / (p * MARGIN)) * 1) / 100);

export function demoOdds(fixtures: readonly DemoOddsFixture[], strengthOf: (teamId: number) => number): object[] {
  const rows: object[] = [];
  for (const fixture of fixtures) {
    if (fixture.status !== 'scheduled') continue;
    const random = prng(fixture.id * 2654435761);
    const noise = () => Math.exp((random() - 0.5) * 0.16);
    const home = strengthOf(fixture.home_team_id);
    const away = strengthOf(fixture.away_team_id);
    const ph = pmf(expectedGoals(home, away, true));
    const pa = pmf(expectedGoals(away, home, false));
    let [win, draw, lose, over, win2, push] = [0, 0, 0, 0, 0, 0];
    ph.forEach((p, i) =>
      pa.forEach((q, j) => {
        const pq = p * q;
        if (i > j) win += pq;
        else if (i === j) draw += pq;
        else lose += pq;
        if (i + j >= 3) over += pq;
        if (i - j >= 2) win2 += pq;
        if (i - j === 1) push += pq;
      }),
    );
    const [h, d, a] = [win * noise(), draw * noise(), lose * noise()];
    const total = h + d + a;
    const o = Math.min(0.95, Math.max(0.05, over * noise()));
    const ahWin = win2 / (1 - push);
    rows.push({
      fixture_id: fixture.id,
      bookmaker: 'Demo',
      timing: 'opening',
      home: price(h / total),
      draw: price(d / total),
      away: price(a / total),
      over_2_5: price(o),
      under_2_5: price(1 - o),
      asian_handicap_line: -1,
      asian_handicap_home: price(Math.min(0.95, Math.max(0.05, ahWin * noise()))),
      asian_handicap_away: price(Math.min(0.95, Math.max(0.05, 1 - ahWin))),
    });
  }
  return rows;
}
