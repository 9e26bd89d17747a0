import { startService, testDatabases, type RunningService } from '@matchday/testing';
import { demoOdds } from '../src/importers/demo/demo-odds';
import { football } from '../src/service';

describe('demo bookmaker prices', () => {
  it('prices the favourite shorter, with about a 5% margin, and only upcoming fixtures', () => {
    const rows = demoOdds(
      [
        { id: 1, status: 'scheduled', home_team_id: 1, away_team_id: 2 },
        { id: 2, status: 'finished', home_team_id: 1, away_team_id: 2 },
      ],
      (teamId) => (teamId === 1 ? 0.9 : 0.2),
    );
    expect(rows).toHaveLength(1);
    const row = rows[0]!;
    expect(row).toMatchObject({ fixture_id: 1, bookmaker: 'Demo', timing: 'opening', asian_handicap_line: -1 });
    expect(Number(row.home)).toBeLessThan(Number(row.away));
    const overround = 1 / Number(row.home) + 1 / Number(row.draw) + 1 / Number(row.away);
    expect(overround).toBeGreaterThan(1.03);
    expect(overround).toBeLessThan(1.07);
  });

  it("rates the clubs on the played results, as a book would, not on the generator's hidden strengths", () => {
    // club 1 is "stronger" to the generator, but club 2 has won every match played
    const played = Array.from({ length: 6 }, (_, k) => ({
      id: 10 + k,
      status: 'finished',
      home_team_id: k % 2 ? 1 : 2,
      away_team_id: k % 2 ? 2 : 1,
      home_goals: k % 2 ? 0 : 3,
      away_goals: k % 2 ? 3 : 0,
    }));
    const [row] = demoOdds([{ id: 1, status: 'scheduled', home_team_id: 1, away_team_id: 2 }, ...played], (teamId) =>
      teamId === 1 ? 0.9 : 0.2,
    );
    expect(Number(row!.away)).toBeLessThan(Number(row!.home));
  });
});

describe.each(testDatabases())('demo seed on %s', (_label, target) => {
  let service: RunningService;
  beforeAll(async () => {
    service = await startService(football, target('football'), { seed: true });
  }, 120_000);
  afterAll(async () => {
    await service.close();
  });

  it('gives every upcoming demo fixture Demo opening prices and played ones none', async () => {
    const scheduled = await service.db('fixtures').where('status', 'scheduled').count({ n: '*' });
    const priced = await service
      .db('fixture_odds as o')
      .join('fixtures as f', 'f.id', 'o.fixture_id')
      .where('f.status', 'scheduled')
      .where('o.bookmaker', 'Demo')
      .count({ n: '*' });
    const playedPriced = await service
      .db('fixture_odds as o')
      .join('fixtures as f', 'f.id', 'o.fixture_id')
      .where('f.status', 'finished')
      .count({ n: '*' });
    expect(Number(scheduled[0]!.n)).toBeGreaterThan(0);
    expect(Number(priced[0]!.n)).toBe(Number(scheduled[0]!.n));
    expect(Number(playedPriced[0]!.n)).toBe(0);
  });
});
