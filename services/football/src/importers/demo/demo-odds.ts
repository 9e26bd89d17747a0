import type { FixtureOddsRow } from '../../db/rows';
import { expectedGoals, prng } from './demo-match';

/**
 * Bookmaker-like pre-match prices for the demo's upcoming fixtures (bookmaker "Demo"), priced as a real book
 * does, from what has been played (the generator's hidden strengths made edges of +30% that no
 * market shows):
 * - attack and defence ratings fitted to the played results (multiplicative Poisson, home and away scoring rates,
 *   each club pulled towards the league average by PRIOR_MATCHES matches of it), this season's and the earlier
 *   seasons' alike, each weighted by e^(-BOOK_DECAY x days before the latest result) as the tips model weighs them,
 *   so the book sees what the tips model sees; before any result the generator's own expected goals stand in;
 * - independent Poisson from those expected goals, small noise on each probability (within +-NOISE / 2),
 *   a 5% margin, rounded to two decimals. 1X2, over/under 2.5 and the home -1 Asian handicap.
 */
export interface DemoOddsFixture {
  id: number;
  status: string;
  home_team_id: number;
  away_team_id: number;
  /** Played fixtures' scores (what the book rates the clubs on). */
  home_goals?: number | null;
  away_goals?: number | null;
  /** 'YYYY-MM-DD HH:MM:SS[.mmm]' UTC (or a Date); without it a result weighs as much as the latest one. */
  kickoff_at?: string | Date;
}

/** Matches of league-average form every club's rating starts from (a book shrinks as the model's ridge does). */
const PRIOR_MATCHES = 8;
/** Relative noise on each probability (uniform, total width). */
const NOISE = 0.06;
/** Per-day decay of a result's weight: last season still counts, less (a year back about half). */
const BOOK_DECAY = 0.002;
const DAY = 86_400_000;

interface Ratings {
  home: number;
  away: number;
  attack: Map<number, number>;
  defence: Map<number, number>;
}

/** Attack and defence per club from played scores (null with none played). */
export function bookRatings(fixtures: readonly DemoOddsFixture[]): Ratings | null {
  const played = fixtures.filter(
    (f) => f.status === 'finished' && typeof f.home_goals === 'number' && typeof f.away_goals === 'number',
  ) as Array<DemoOddsFixture & { home_goals: number; away_goals: number }>;
  if (!played.length) return null;
  const timeOf = (f: DemoOddsFixture) =>
    f.kickoff_at instanceof Date ? f.kickoff_at.getTime() : f.kickoff_at ? Date.parse(`${f.kickoff_at.replace(' ', 'T')}Z`) : NaN;
  const latest = Math.max(...played.map(timeOf).filter(Number.isFinite));
  const weightOf = new Map(
    played.map((f) => {
      const t = timeOf(f);
      return [f, Number.isFinite(t) && Number.isFinite(latest) ? Math.exp((-BOOK_DECAY * (latest - t)) / DAY) : 1];
    }),
  );
  const totalWeight = played.reduce((s, f) => s + weightOf.get(f)!, 0);
  const home = played.reduce((s, f) => s + weightOf.get(f)! * f.home_goals, 0) / totalWeight;
  const away = played.reduce((s, f) => s + weightOf.get(f)! * f.away_goals, 0) / totalWeight;
  const teams = new Set(played.flatMap((f) => [f.home_team_id, f.away_team_id]));
  const attack = new Map([...teams].map((t) => [t, 1]));
  const defence = new Map([...teams].map((t) => [t, 1]));
  for (let iteration = 0; iteration < 30; iteration++) {
    for (const [ratings, other, scored] of [
      [attack, defence, true],
      [defence, attack, false],
    ] as const) {
      const goals = new Map<number, number>();
      const expected = new Map<number, number>();
      const add = (map: Map<number, number>, team: number, value: number) => map.set(team, (map.get(team) ?? 0) + value);
      for (const f of played) {
        const w = weightOf.get(f)!;
        // scored: the side's own goals against the opponent's defence; conceded: the opponent's goals against its attack
        add(goals, f.home_team_id, w * (scored ? f.home_goals : f.away_goals));
        add(expected, f.home_team_id, w * (scored ? home : away) * other.get(f.away_team_id)!);
        add(goals, f.away_team_id, w * (scored ? f.away_goals : f.home_goals));
        add(expected, f.away_team_id, w * (scored ? away : home) * other.get(f.home_team_id)!);
      }
      for (const team of teams) {
        const base = (home + away) / 2;
        ratings.set(team, (goals.get(team)! + PRIOR_MATCHES * base) / (expected.get(team)! + PRIOR_MATCHES * base));
      }
    }
  }
  return { home, away, attack, defence };
}

const MARGIN = 1.05;

function pmf(lambda: number, max = 10): number[] {
  const out = [Math.exp(-lambda)];
  for (let k = 1; k <= max; k++) out.push((out[k - 1]! * lambda) / k);
  return out;
}

const price = (p: number) => Math.max(1.01, Math.round((100 / (p * MARGIN)) * 1) / 100);

/** Prices for the upcoming `fixtures`, rated on their played ones and on `earlier` seasons' results of the league. */
export function demoOdds(
  fixtures: readonly DemoOddsFixture[],
  strengthOf: (teamId: number) => number,
  earlier: readonly DemoOddsFixture[] = [],
): FixtureOddsRow[] {
  const rows: FixtureOddsRow[] = [];
  const ratings = bookRatings([...earlier, ...fixtures]);
  for (const fixture of fixtures) {
    if (fixture.status !== 'scheduled') continue;
    const random = prng(fixture.id * 2654435761);
    const noise = () => Math.exp((random() - 0.5) * NOISE);
    const rated = ratings && ratings.attack.has(fixture.home_team_id) && ratings.attack.has(fixture.away_team_id);
    const [homeGoals, awayGoals] = rated
      ? [
          ratings.home * ratings.attack.get(fixture.home_team_id)! * ratings.defence.get(fixture.away_team_id)!,
          ratings.away * ratings.attack.get(fixture.away_team_id)! * ratings.defence.get(fixture.home_team_id)!,
        ]
      : [
          expectedGoals(strengthOf(fixture.home_team_id), strengthOf(fixture.away_team_id), true),
          expectedGoals(strengthOf(fixture.away_team_id), strengthOf(fixture.home_team_id), false),
        ];
    const ph = pmf(homeGoals);
    const pa = pmf(awayGoals);
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
