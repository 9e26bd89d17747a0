import type { LiveFeedPage } from '@matchday/contracts';
import { startService, testDatabases, type RunningService } from '@matchday/testing';
import type { ImportedMatch } from '../src/importers/model';
import { saveMatches, saveMatchEvents } from '../src/importers/store';
import { football } from '../src/service';

/**
 * A read of the live feed may wait for news (GET /internal/live/feed?wait=<ms>): with nothing after its position,
 * the football service holds it until an event is stored, and answers with that event, or answers with none when the
 * wait ends. The alert senders' leader reads so: a goal is read when it is stored, not at the next poll.
 */
describe.each(testDatabases())('waiting for news on the live feed, on %s', (_label, makeTarget) => {
  let service: RunningService;
  const read = async (query: string) => {
    const response = await service.request(`/internal/live/feed?${query}`, { identity: { scope: 'internal' } });
    return { status: response.status, body: (await response.json()) as LiveFeedPage & { message?: string } };
  };
  const goal = (n: number) =>
    saveMatchEvents(service.db, [
      {
        match: { source: 'results-csv', externalId: 'waited' },
        key: `goal:${n}`,
        kind: 'goal',
        at: new Date(),
        side: 'home',
        minute: 10 + n,
        scorer: 'Patient Striker',
        score: { home: n, away: 0 },
      },
    ]);

  beforeAll(async () => {
    service = await startService(football, makeTarget('football'));
    const match: ImportedMatch = {
      source: 'results-csv',
      externalId: 'waited',
      leagueId: 4_343,
      season: 2026,
      kickoffAt: new Date(Date.now() - 20 * 60_000),
      status: 'live',
      stage: 'regular',
      home: { name: 'Patience Town', country: 'Waitland' },
      away: { name: 'Hurry Rovers', country: 'Waitland' },
      goals: null,
      league: { name: 'Waiting League', country: 'Waitland', type: 'league' },
    };
    expect((await saveMatches(service.db, [match])).problems).toEqual([]);
  }, 60_000);
  afterAll(async () => {
    await service?.close();
  });

  it('a read with nothing new is answered with the goal stored while it waits, long before its wait ends', async () => {
    const { body: head } = await read('after=0&limit=1');
    const started = Date.now();
    const waiting = read(`after=${head.position}&limit=100&fixtures=1&wait=10000`);
    // stored once the read is held (a goal stored before it is read at once: the same answer, sooner)
    await new Promise((resolve) => setTimeout(resolve, 200));
    await goal(1);
    const { status, body } = await waiting;
    expect(status).toBe(200);
    expect(body.changes.map((change) => change.event.scorer)).toEqual(['Patient Striker']);
    expect(body.feedSeq).toBe(head.position + 1);
    expect(body.fixtures?.map((fixture) => fixture.homeTeam)).toEqual(['Patience Town']);
    // answered by the news, not by the end of its 10 s wait
    expect(Date.now() - started).toBeLessThan(8_000);
  }, 30_000);

  it('a read with news is answered at once, and one with none after its wait, with no changes', async () => {
    const { body: head } = await read('after=0&limit=1');
    await goal(2);
    const news = await read(`after=${head.position}&limit=100&wait=10000`);
    expect(news.body.changes).toHaveLength(1);
    const started = Date.now();
    const quiet = await read(`after=${news.body.feedSeq}&limit=100&wait=300`);
    expect(quiet.status).toBe(200);
    expect(quiet.body.changes).toEqual([]);
    expect(quiet.body.feedSeq).toBe(news.body.feedSeq);
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);
  }, 30_000);

  it('refuses a wait longer than 10 s, or not a number of ms, with a 400 saying so', async () => {
    for (const wait of ['10001', '-1', 'soon']) {
      const { status, body } = await read(`after=0&limit=1&wait=${wait}`);
      expect(status).toBe(400);
      expect(body.message).toMatch(/wait/);
    }
  });
});
