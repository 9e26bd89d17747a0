import type { League, TopScorer } from '@matchday/contracts';
import { startService, testDatabases, type RunningService } from '@matchday/testing';
import { football } from '../src/service';

async function json<T>(response: Response): Promise<T> {
  const text = await response.text();
  if (response.status !== 200) throw new Error(`expected 200, got ${response.status}: ${text}`);
  return JSON.parse(text) as T;
}

interface Totals {
  player_id: number;
  goals: unknown;
  assists: unknown;
  minutes: unknown;
  appearances: unknown;
}

/**
 * The top scorers read only the players who can rank (goal rows first, then those players' own rows): checked
 * here against plain season totals of every player, summed over all his rows.
 */
describe.each(testDatabases())('top scorers on %s', (_label, makeTarget) => {
  let service: RunningService;

  beforeAll(async () => {
    service = await startService(football, makeTarget('football'), { seed: true });
  });

  afterAll(async () => {
    await service?.close();
  });

  it('every demo league season: the totals of all his rows, and nobody left out who ranks above the last', async () => {
    const leagues = await json<League[]>(await service.request('/api/leagues'));
    let checked = 0;
    for (const league of leagues) {
      const scorers = await json<TopScorer[]>(await service.request(`/api/top-scorers/${league.id}/${league.currentSeason}`));
      const rows: Totals[] = await service
        .db('fixture_player_stats as ps')
        .join('fixtures as f', 'f.id', 'ps.fixture_id')
        .where({ 'f.league_id': league.id, 'f.season': league.currentSeason })
        .groupBy('ps.player_id')
        .select(
          'ps.player_id',
          service.db.raw('sum(ps.goals) as goals'),
          service.db.raw('sum(ps.assists) as assists'),
          service.db.raw('sum(ps.minutes) as minutes'),
          service.db.raw('sum(case when ps.minutes > 0 then 1 else 0 end) as appearances'),
        );
      const totals = new Map(rows.map((r) => [Number(r.player_id), r]));
      const scorerCount = rows.filter((r) => Number(r.goals) > 0).length;
      expect(scorers).toHaveLength(Math.min(20, scorerCount));
      if (scorers.length === 0) continue;
      checked += 1;
      for (const s of scorers) {
        const t = totals.get(s.playerId)!;
        expect([s.goals_Total, s.goals_Assists, s.games_MinutesPlayed, s.games_Appearences]).toEqual(
          [t.goals, t.assists, t.minutes, t.appearances].map(Number),
        );
      }
      // Ranked by goals, then assists, then fewer minutes; nobody outside the list is strictly ahead of its last.
      const key = (goals: number, assists: number, minutes: number) => [goals, assists, -minutes];
      const ahead = (a: number[], b: number[]) => a[0]! > b[0]! || (a[0] === b[0] && (a[1]! > b[1]! || (a[1] === b[1] && a[2]! > b[2]!)));
      for (let i = 1; i < scorers.length; i++) {
        const [p, c] = [scorers[i - 1]!, scorers[i]!];
        expect(
          ahead(key(c.goals_Total, c.goals_Assists, c.games_MinutesPlayed), key(p.goals_Total, p.goals_Assists, p.games_MinutesPlayed)),
        ).toBe(false);
      }
      const last = scorers[scorers.length - 1]!;
      const listed = new Set(scorers.map((s) => s.playerId));
      for (const r of rows) {
        if (listed.has(Number(r.player_id))) continue;
        const outside = key(Number(r.goals), Number(r.assists), Number(r.minutes));
        expect(ahead(outside, key(last.goals_Total, last.goals_Assists, last.games_MinutesPlayed))).toBe(false);
      }
    }
    expect(checked).toBeGreaterThan(0);
  });
});
