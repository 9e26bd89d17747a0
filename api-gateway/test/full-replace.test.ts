import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FixtureLineups, LiveChange, LiveSnapshot, MatchEvent } from '@matchday/contracts';
import { repoRoot } from '@matchday/server';
import { startService, testDatabases, type RunningService } from '@matchday/testing';
import { runImport } from '@matchday/football/src/importers/cli';
import { football } from '@matchday/football/src/service';
import { startTestGateway, type TestGateway } from './fixtures/test-gateway';
import { readEvents } from './support/sse';

const FULL = path.resolve(repoRoot, '../shared/data/openfootball/football-json/full-sample/2025-26/en.1-full.json');

type Booking = { type: string; name: string; minute: string };
type Side = { starter: Array<{ name: string }>; subs: Array<{ on: string; off: string; minute: string }> };
type RawMatch = { team1: string; goals1: Array<{ name: string; minute: string }>; bookings: Booking[][]; lineup: Side[] };

/**
 * A football.json `-full` match imported again after its upstream changed it is one fixture whose line-ups and
 * events are replaced as a whole, through the real gateway: a booking's minute corrected, a booking removed, one
 * added earlier, a substitution removed, a goal's minute corrected, a side's line-up made malformed. The timeline
 * and GET /api/fixture-events show exactly the new set, the events gone are withdrawn on the live stream, the
 * line-ups show the new ones (the malformed side not available), and the same file again changes nothing.
 */
describe.each(testDatabases())('a -full match replaced as a whole through the gateway (football on %s)', (_label, makeTarget) => {
  let root: string;
  let service: RunningService;
  let gateway: TestGateway;
  let cookie: string;

  const get = async <T>(url: string): Promise<T> => {
    const response = await fetch(`${gateway.url}${url}`, { headers: { cookie } });
    expect(response.status).toBe(200);
    return (await response.json()) as T;
  };
  const run = async (file: string) => {
    const report = await runImport(['football-json', file], { db: service.db, cwd: repoRoot, progress: false, log: () => undefined });
    return report.problems.map((p) => p.message);
  };
  const fixtureId = async (home: string) =>
    Number(
      (
        (await service.db('fixtures as f').join('teams as h', 'h.id', 'f.home_team_id').where('h.name', home).first('f.id')) as {
          id: number;
        }
      ).id,
    );
  const line = (e: Pick<MatchEvent, 'kind' | 'minute' | 'stoppage' | 'player' | 'playerOff' | 'scorer'>) =>
    `${e.kind} ${e.minute}${e.stoppage ? `+${e.stoppage}` : ''} ${e.player ?? e.scorer}${e.playerOff ? ` for ${e.playerOff}` : ''}`;
  /** The goals, cards and substitutions the timeline stands by: what was withdrawn left out. */
  const standing = (events: readonly MatchEvent[]) => {
    const withdrawn = new Set(events.filter((e) => e.kind === 'withdrawn').map((e) => e.cancelsSeq));
    return events.filter((e) => ['goal', 'yellow-card', 'red-card', 'substitution'].includes(e.kind) && !withdrawn.has(e.seq)).map(line);
  };
  const feedSeq = async () => (await get<LiveSnapshot>('/api/live')).feedSeq;

  /** The excerpt with its matches changed by `change`, written to a temporary folder. */
  const changedCopy = (change: (matches: RawMatch[]) => void) => {
    const data = JSON.parse(fs.readFileSync(FULL, 'utf8')) as { matches: RawMatch[] };
    change(data.matches);
    const file = path.join(root, '2025-26', 'en.1-full.json');
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, JSON.stringify(data));
    return file;
  };

  beforeAll(async () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'matchday-full-replace-'));
    service = await startService(football, makeTarget('football'));
    gateway = await startTestGateway({ football: service.url });
    cookie = await gateway.cookieFor(1, 'fan@example.com');
  }, 120_000);

  afterAll(async () => {
    await gateway?.close();
    await service?.close();
    if (root) fs.rmSync(root, { recursive: true, force: true });
  });

  it('replaces the changed events and line-ups, withdraws what is gone on the live stream, and changes nothing the second time', async () => {
    expect(await run(FULL)).toEqual([]);
    const liverpool = await fixtureId('Liverpool');
    const wolves = await fixtureId('Wolverhampton Wanderers');
    const before = standing(await get<MatchEvent[]>(`/api/fixture-events/${liverpool}`));
    expect(before).toEqual(expect.arrayContaining(['yellow-card 43 Milos Kerkez', 'yellow-card 81 Francisco Evanilson de Lima Barbosa']));
    expect(standing(await get<MatchEvent[]>(`/api/fixture-events/${wolves}`))).toContain('yellow-card 67 Matt Doherty');
    // the same file again: no new event, nothing on the feed
    const first = await feedSeq();
    expect(await run(FULL)).toEqual([]);
    expect(await feedSeq()).toBe(first);

    const file = changedCopy((matches) => {
      const [game, wolvesCity] = [matches[0]!, matches[5]!];
      game.bookings[0]![0]!.minute = '44';
      game.bookings[1] = [{ type: 'Y', name: 'Adam SMITH', minute: '10' }, game.bookings[1]![0]!];
      game.lineup[0]!.subs = game.lineup[0]!.subs.filter((sub) => sub.on !== 'Joe Gomez');
      game.goals1[1]!.minute = '50';
      wolvesCity.lineup[0]!.starter.push({ name: 'Kenny DALGLISH' });
    });
    expect(await run(file)).toEqual([
      'match 6: Wolverhampton Wanderers v Manchester City: home line-up skipped (Wolverhampton Wanderers): 12 starters',
    ]);

    const events = await get<MatchEvent[]>(`/api/fixture-events/${liverpool}`);
    const expected = before
      .map((e) =>
        e === 'yellow-card 43 Milos Kerkez' ? 'yellow-card 44 Milos Kerkez' : e === 'goal 49 Cody Gakpo' ? 'goal 50 Cody Gakpo' : e,
      )
      .filter((e) => e !== 'yellow-card 81 Francisco Evanilson de Lima Barbosa' && e !== 'substitution 72 Joe Gomez for Hugo Ekitike');
    expected.unshift('yellow-card 10 Adam Smith');
    expect(standing(events).sort()).toEqual(expected.sort());
    // the events gone are still there, cancelled, each named by one 'withdrawn'
    const withdrawn = events.filter((e) => e.kind === 'withdrawn');
    expect(withdrawn.map((w) => line(events.find((e) => e.seq === w.cancelsSeq)!)).sort()).toEqual(
      [
        'goal 49 Cody Gakpo',
        'substitution 72 Joe Gomez for Hugo Ekitike',
        'yellow-card 43 Milos Kerkez',
        'yellow-card 81 Francisco Evanilson de Lima Barbosa',
      ].sort(),
    );
    expect(withdrawn.every((w) => events.find((e) => e.seq === w.cancelsSeq)!.cancelled)).toBe(true);
    // the moved goal keeps the score it made; the final score stands
    expect(events.find((e) => e.kind === 'goal' && e.minute === 50)).toMatchObject({ homeScore: 2, awayScore: 0, cancelled: false });
    // the malformed side's cards and substitutions go with its line-up; the other side's stay
    const wolvesEvents = await get<MatchEvent[]>(`/api/fixture-events/${wolves}`);
    const homeTeamId = Number(
      ((await service.db('fixtures').where({ id: wolves }).first('home_team_id')) as { home_team_id: number }).home_team_id,
    );
    const gone = new Set(wolvesEvents.filter((e) => e.kind === 'withdrawn').map((e) => e.cancelsSeq));
    const incident = (e: MatchEvent) => ['yellow-card', 'red-card', 'substitution'].includes(e.kind);
    expect(wolvesEvents.filter((e) => incident(e) && e.teamId === homeTeamId && gone.has(e.seq)).length).toBeGreaterThan(1);
    expect(wolvesEvents.filter((e) => incident(e) && e.teamId === homeTeamId && !gone.has(e.seq))).toEqual([]);
    expect(standing(wolvesEvents)).toContain('yellow-card 54 Tijjani Reijnders');

    // the live stream, resumed from before the change, carries the withdrawals and the new events once each
    const stream = await fetch(`${gateway.url}/api/live/stream`, {
      headers: { cookie, accept: 'text/event-stream', 'last-event-id': String(first) },
    });
    expect(stream.status).toBe(200);
    const position = await feedSeq();
    const { events: sent } = await readEvents(stream, (seen) => seen.some((e) => e.event === 'change' && Number(e.id) >= position), 20_000);
    const changes = sent.filter((e) => e.event === 'change').map((e) => e.data as LiveChange);
    expect(changes.map((c) => c.feedSeq)).toEqual(Array.from({ length: position - first }, (_, i) => first + i + 1));
    const ofLiverpool = changes.filter((c) => c.fixtureId === liverpool).map((c) => c.event);
    expect(
      ofLiverpool
        .filter((e) => e.kind === 'withdrawn')
        .map((e) => e.cancelsSeq)
        .sort(),
    ).toEqual(withdrawn.map((w) => w.cancelsSeq).sort());
    expect(
      ofLiverpool
        .filter((e) => e.kind !== 'withdrawn')
        .map(line)
        .sort(),
    ).toEqual(['goal 50 Cody Gakpo', 'yellow-card 10 Adam Smith', 'yellow-card 44 Milos Kerkez'].sort());

    // the line-ups: Joe Gomez did not come on; the malformed side is not available, the other one is
    const lineups = await get<FixtureLineups>(`/api/fixtures/${liverpool}/lineups`);
    expect(lineups.home.substitutes.map((p) => p.name)).not.toContain('Joe Gomez');
    expect(lineups.home.starters.find((p) => p.name === 'Hugo Ekitike')).toMatchObject({ wentOff: null });
    const city = await get<FixtureLineups>(`/api/fixtures/${wolves}/lineups`);
    expect(city.home).toMatchObject({ available: false, starters: [], substitutes: [] });
    expect(city.away).toMatchObject({ available: true });
    expect(city.away.starters).toHaveLength(11);

    // the changed file again: nothing new on the feed, the same timeline and line-ups
    expect(await run(file)).toHaveLength(1);
    expect(await feedSeq()).toBe(position);
    expect(await get<MatchEvent[]>(`/api/fixture-events/${liverpool}`)).toEqual(events);
    expect(await get<FixtureLineups>(`/api/fixtures/${wolves}/lineups`)).toEqual(city);
  }, 120_000);
});
