import path from 'node:path';
import type { LiveChange, LiveSnapshot, MatchEvent } from '@matchday/contracts';
import { manualClock, migrateLatest, openDatabase, repoRoot, type Clock, type Knex } from '@matchday/server';
import { startService, testDatabases, type RunningService } from '@matchday/testing';
import { migrations } from '@matchday/football/src/db/migrations';
import { readReplay, writeReplay } from '@matchday/football/src/importers/replay';
import { football, startFootball } from '@matchday/football/src/service';
import { startTestGateway, type TestGateway } from './fixtures/test-gateway';
import { readEvents, type SseEvent } from './support/sse';

const FULL = path.resolve(repoRoot, '../shared/data/openfootball/football-json/full-sample/2025-26/en.1-full.json');
const MIN = 60_000;

/**
 * Cards and substitutions at their minutes through the real gateway, on a replay of football.json's `-full` excerpt
 * (data README §3e) on a manual clock: "now" is the real 16 Aug 2025 12:40 UTC, the 54th minute of Aston Villa 0-0
 * Newcastle (kick-off 11:30 UTC). Its timeline so far has the first half's cards with their minutes; Ezri Konsa's red
 * card (66′) comes on the stream when the clock reaches it, as a goal does; a finished match has every card and
 * substitution in minute order, stoppage time as the file writes it ("90+3").
 */
describe.each(testDatabases())('cards and substitutions at their minutes through the gateway (football on %s)', (_label, makeTarget) => {
  const start = Date.parse('2026-11-25T12:00:00Z');
  const clock = manualClock(start);
  let service: RunningService;
  let gateway: TestGateway;
  let cookie: string;

  const get = async <T>(url: string): Promise<T> => {
    const response = await fetch(`${gateway.url}${url}`, { headers: { cookie } });
    expect(response.status).toBe(200);
    return (await response.json()) as T;
  };
  const fixtureId = async (home: string) =>
    Number(
      (
        (await service
          .db('fixtures as f')
          .join('teams as h', 'h.id', 'f.home_team_id')
          .where('h.name', 'like', `${home}%`)
          .first('f.id')) as {
          id: number;
        }
      ).id,
    );
  const timed = (events: readonly MatchEvent[]) =>
    events
      .filter((e) => ['yellow-card', 'red-card', 'substitution'].includes(e.kind))
      .map((e) => `${e.kind} ${e.minute}${e.stoppage ? `+${e.stoppage}` : ''} ${e.player}${e.playerOff ? ` for ${e.playerOff}` : ''}`);

  beforeAll(async () => {
    const target = makeTarget('football');
    const db = await openDatabase(target);
    try {
      await migrateLatest(db, migrations);
      const read = await readReplay(['football-json', FULL], { INIT_CWD: repoRoot }, () => undefined, {
        asOf: '2025-08-16T12:40:00Z',
        now: new Date(start),
      });
      expect(read.problems).toEqual([]);
      await writeReplay(db, read);
    } finally {
      await db.destroy();
    }
    service = await startService(
      { ...football, onStart: (db: Knex, at: Clock) => startFootball(db, at, { releaser: { maxWaitMs: 20 }, live: null }) },
      target,
      {
        clock,
      },
    );
    gateway = await startTestGateway({ football: service.url });
    cookie = await gateway.cookieFor(1, 'fan@example.com');
  }, 120_000);

  afterAll(async () => {
    await gateway?.close();
    await service?.close();
  });

  it('a finished match: every card and substitution with its minute, in minute order with the goals, stoppage time kept', async () => {
    const events = await get<MatchEvent[]>(`/api/fixture-events/${await fixtureId('Liverpool')}`);
    // the timeline is in the order things happened: minutes never go back
    const minutes = events.filter((e) => e.minute !== null).map((e) => e.minute! + (e.stoppage ?? 0) / 100);
    expect(minutes).toEqual([...minutes].sort((a, b) => a - b));
    expect(events.filter((e) => e.kind === 'goal')).toHaveLength(6);
    const incidents = timed(events);
    expect(incidents).toEqual([
      'yellow-card 14 David Brooks',
      'yellow-card 43 Milos Kerkez',
      'substitution 60 Andy Robertson for Milos Kerkez',
      'substitution 60 Wataru Endo for Jeremie Frimpong',
      'substitution 72 Joe Gomez for Hugo Ekitike',
      'substitution 72 Curtis Jones for Alexis Mac Allister',
      'substitution 74 Hamed Traore for Alex Scott',
      'yellow-card 81 Francisco Evanilson de Lima Barbosa',
      'substitution 82 Federico Chiesa for Florian Wirtz',
      'substitution 84 Ben Winterburn for David Brooks',
      'substitution 90 James Hill for Adam Smith',
      'substitution 90+1 Eli Junior Kroupi for Tyler Adams',
    ]);
    expect(
      events.filter((e) => e.kind === 'substitution').every((e) => e.player && e.playerOff && e.minute !== null && e.teamId !== null),
    ).toBe(true);
    // a card carries its player, not a scorer, and no running score of its own
    const card = events.find((e) => e.kind === 'yellow-card')!;
    expect(card).toMatchObject({ scorer: null, homeScore: null, awayScore: null, cancelled: false });
    expect(card.playerOff).toBeUndefined();
    expect(events.every((e) => e.minute !== null || e.kind === 'kick-off' || e.kind.includes('half') || e.kind === 'full-time')).toBe(true);
  });

  it('a match in play: its cards so far in the timeline; a red card on the stream at its minute, as a goal would be', async () => {
    const id = await fixtureId('Aston Villa');
    const snapshot = await get<LiveSnapshot>('/api/live');
    expect(snapshot.matches.find((m) => m.fixtureId === id)).toMatchObject({ status: 'live', period: '2H', minute: '54' });
    const sofar = timed(await get<MatchEvent[]>(`/api/fixture-events/${id}`));
    expect(sofar.length).toBeGreaterThan(0);
    expect(sofar.every((line) => Number(/ (\d+)/.exec(line)![1]) <= 54)).toBe(true);
    expect(sofar.some((line) => line.startsWith('red-card'))).toBe(false);

    const stream = await fetch(`${gateway.url}/api/live/stream`, { headers: { cookie, accept: 'text/event-stream' } });
    expect(stream.status).toBe(200);
    const isRed = (e: SseEvent) => e.event === 'change' && (e.data as LiveChange).event.kind === 'red-card';
    const { events } = await readEvents(
      stream,
      (seen) => {
        // once the stream has its snapshot, the clock moves on: 66′ is 20 minutes after the restart, past 12:58 real time
        if (seen.length === 1 && seen[0]!.event === 'snapshot') clock.set(start + 19 * MIN);
        return seen.some(isRed);
      },
      30_000,
    );
    expect((events[0]!.data as LiveSnapshot).matches.find((m) => m.fixtureId === id)?.minute).toBe('54');
    const changes = events.filter((e) => e.event === 'change').map((e) => e.data as LiveChange);
    const red = changes.find((c) => c.event.kind === 'red-card')!;
    expect(red.fixtureId).toBe(id);
    expect(red.event).toMatchObject({ kind: 'red-card', minute: 66, stoppage: null, player: 'Ezri Konsa', scorer: null });
    expect(red.event.teamId).toBe(red.match.homeTeamId);
    expect(red.match).toMatchObject({ status: 'live', period: '2H', goalsHome: 0, goalsAway: 0 });
    // nothing after it on the clock came before it
    expect(changes.filter((c) => c.fixtureId === id && (c.event.minute ?? 0) > 66 && c.feedSeq < red.feedSeq)).toEqual([]);
    expect(timed(await get<MatchEvent[]>(`/api/fixture-events/${id}`))).toContain('red-card 66 Ezri Konsa');
  }, 60_000);
});
