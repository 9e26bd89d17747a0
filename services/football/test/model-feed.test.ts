import type { FeedMatch, FeedMatches, FeedPlayedLines, FeedSquads } from '@matchday/contracts';
import { repoRoot } from '@matchday/server';
import { startService, testDatabases, type RunningService } from '@matchday/testing';
import { runImport } from '../src/importers/cli';
import { football } from '../src/service';
import { sharedData } from './import-helpers';

/** The internal bulk read insights uses: results, shots on target and pre-match/closing odds of a league. */
describe.each(testDatabases())('model feed on %s', (_label, target) => {
  let service: RunningService;
  beforeAll(async () => {
    service = await startService(football, target('football'));
    for (const argv of [
      ['football-data-co-uk', sharedData('football-data-co-uk', 'E0-2324.csv')],
      ['fpl', sharedData('fpl', '2023-24')],
    ]) {
      await runImport(argv, { db: service.db, cwd: repoRoot, progress: false, log: () => undefined });
    }
  }, 240_000);
  afterAll(async () => {
    await service.close();
  });

  it('lists every match of the season with score, shots on target and Bet365 opening and closing prices', async () => {
    const response = await service.request('/internal/model-feed/matches?leagueId=39');
    expect(response.status).toBe(200);
    const feed = (await response.json()) as FeedMatches;
    expect(feed.league.id).toBe(39);
    expect(feed.seasons).toEqual([2023]);
    expect(feed.matches).toHaveLength(380);
    // E0-2324 first line: Burnley 0-3 Man City, 11/08/2023, HST 1 AST 8, B365 8.0/5.5/1.33, closing 9.0/5.25/1.33
    const first: FeedMatch = feed.matches[0]!;
    expect(first).toMatchObject({ homeGoals: 0, awayGoals: 3, homeShotsOnTarget: 1, awayShotsOnTarget: 8, status: 'finished' });
    expect(first.kickoffAt.slice(0, 10)).toBe('2023-08-11');
    expect(first.opening).toMatchObject({ bookmaker: 'B365', home: 8, draw: 5.5, away: 1.33 });
    expect(first.closing).toMatchObject({ bookmaker: 'B365', home: 9, draw: 5.25 });
    expect(feed.matches.every((m) => m.opening !== null && m.closing !== null)).toBe(true);
    const times = feed.matches.map((m) => Date.parse(m.kickoffAt));
    expect([...times].sort((a, b) => a - b)).toEqual(times);
  });

  it('bounds by day and reads given fixtures', async () => {
    const feed = (await (
      await service.request('/internal/model-feed/matches?leagueId=39&from=2023-08-12&to=2023-08-13')
    ).json()) as FeedMatches;
    expect(feed.matches.length).toBeGreaterThan(3);
    expect(feed.matches.every((m) => m.kickoffAt.startsWith('2023-08-12'))).toBe(true);
    const ids = feed.matches.slice(0, 2).map((m) => m.id);
    const fixtures = (await (await service.request(`/internal/model-feed/fixtures?ids=${ids.join(',')}`)).json()) as FeedMatch[];
    expect(fixtures.map((f) => f.id)).toEqual(ids);
  });

  it('gives both squads with FPL prices and per-match lines from before the fixture only', async () => {
    const feed = (await (await service.request('/internal/model-feed/matches?leagueId=39&from=2023-10-01')).json()) as FeedMatches;
    const fixture = feed.matches[0]!;
    const response = await service.request(`/internal/model-feed/squads?fixtureId=${fixture.id}&recent=5`);
    expect(response.status).toBe(200);
    const squads = (await response.json()) as FeedSquads;
    expect(squads.fixture.id).toBe(fixture.id);
    expect(squads.teamRecent[fixture.homeTeamId]).toHaveLength(5);
    expect(squads.players.length).toBeGreaterThan(30);
    expect(squads.players.some((p) => p.price !== null && p.price > 40)).toBe(true);
    const lines = squads.players.flatMap((p) => p.recent);
    expect(lines.length).toBeGreaterThan(50);
    expect(lines.every((line) => Date.parse(line.kickoffAt) < Date.parse(fixture.kickoffAt))).toBe(true);
  });

  it("gives a played fixture's own player lines, of its two sides only, apart from the squads read", async () => {
    const feed = (await (await service.request('/internal/model-feed/matches?leagueId=39&from=2023-10-01')).json()) as FeedMatches;
    const fixture = feed.matches[0]!;
    const response = await service.request(`/internal/model-feed/played?fixtureId=${fixture.id}`);
    expect(response.status).toBe(200);
    const played = (await response.json()) as FeedPlayedLines;
    expect(played.fixtureId).toBe(fixture.id);
    expect(played.lines.length).toBeGreaterThanOrEqual(22);
    expect(played.lines.every(({ line }) => line.fixtureId === fixture.id)).toBe(true);
    expect(new Set(played.lines.map((l) => l.playerId)).size).toBe(played.lines.length);
    // the starters' minutes and the goals match the score (own goals aside, FPL credits the scorer's side)
    expect(played.lines.filter(({ line }) => line.started)).toHaveLength(22);
    const goals = played.lines.reduce((s, { line }) => s + line.goals, 0);
    expect(goals).toBeLessThanOrEqual(fixture.homeGoals! + fixture.awayGoals!);
    const squads = (await (await service.request(`/internal/model-feed/squads?fixtureId=${fixture.id}&recent=5`)).json()) as FeedSquads;
    expect(squads.players.flatMap((p) => p.recent).some((line) => line.fixtureId === fixture.id)).toBe(false);
  });

  it('answers 400 for bad input and 404 for an unknown league or fixture', async () => {
    expect((await service.request('/internal/model-feed/matches?leagueId=abc')).status).toBe(400);
    expect((await service.request('/internal/model-feed/matches?leagueId=39&from=yesterday')).status).toBe(400);
    expect((await service.request('/internal/model-feed/fixtures?ids=1,x')).status).toBe(400);
    expect((await service.request('/internal/model-feed/matches?leagueId=999999')).status).toBe(404);
    expect((await service.request('/internal/model-feed/squads?fixtureId=999999')).status).toBe(404);
    expect((await service.request('/internal/model-feed/played?fixtureId=999999')).status).toBe(404);
    expect((await service.request('/internal/model-feed/played?fixtureId=x')).status).toBe(400);
  });

  it('refuses a request without the identity token', async () => {
    expect((await fetch(`${service.url}/internal/model-feed/leagues`)).status).toBe(401);
  });
});
