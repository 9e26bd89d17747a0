import fs from 'node:fs';
import type { FixtureLineups, FixtureStats } from '@matchday/contracts';
import { repoRoot } from '@matchday/server';
import { startService, testDatabases, type RunningService } from '@matchday/testing';
import { runImport } from '../src/importers/cli';
import { parseFootballJson } from '../src/importers/sources/football-json';
import { parseMinute } from '../src/importers/sources/football-json-full';
import { football } from '../src/service';
import { sharedData } from './import-helpers';

/** The 12-match excerpt of football.json's 2025-26 en.1-full.json (data README §3e). */
const FULL = sharedData('openfootball', 'football-json', 'full-sample', '2025-26', 'en.1-full.json');
const text = fs.readFileSync(FULL, 'utf8');
const parse = (body: string) => parseFootballJson(body, { code: 'en.1', season: 2025, file: 'en.1-full.json' });

type RawMatch = Record<string, unknown> & {
  lineup: Array<{ starter: Array<{ name: string }>; bench: Array<{ name: string }>; subs: Array<Record<string, string>> }>;
};
/** The file with its first match (Liverpool 4-2 Bournemouth) changed by `change`. */
function withFirstMatch(change: (match: RawMatch) => void): string {
  const data = JSON.parse(text) as { name: string; matches: RawMatch[] };
  change(data.matches[0]!);
  return JSON.stringify(data);
}

describe('football.json -full files', () => {
  it('reads minutes as the clock shows them, stoppage time apart', () => {
    expect(parseMinute('60')).toEqual({ minute: 60, stoppage: null });
    expect(parseMinute('90+4')).toEqual({ minute: 90, stoppage: 4 });
    expect(parseMinute('45+2')).toEqual({ minute: 45, stoppage: 2 });
    for (const bad of ['', 'abc', '0', '121', '-5', '60.5', null, undefined]) expect(parseMinute(bad)).toBeNull();
  });

  it('reads the twelve matches: kick-offs with their offsets, goals with minutes and penalties, referee and ground', () => {
    const parsed = parse(text);
    expect(parsed.problems).toEqual([]);
    expect(parsed.matches).toHaveLength(12);
    const [liverpool, villa] = parsed.matches;
    expect(liverpool!.kickoffAt.toISOString()).toBe('2025-08-15T19:00:00.000Z');
    // "12:30 UTC+1"
    expect(villa!.kickoffAt.toISOString()).toBe('2025-08-16T11:30:00.000Z');
    expect(liverpool!.referee).toBe('Anthony Taylor');
    expect(liverpool!.venue).toEqual({ name: 'Anfield', city: 'Liverpool' });
    expect(liverpool!.goalEvents?.map((g) => [g.side, g.scorer, g.minute, g.stoppage])).toEqual([
      ['home', 'Hugo Ekitike', 37, null],
      ['home', 'Cody Gakpo', 49, null],
      ['away', 'Antoine Semenyo', 64, null],
      ['away', 'Antoine Semenyo', 76, null],
      ['home', 'Federico Chiesa', 88, null],
      ['home', 'Mohamed Salah', 90, 4],
    ]);
    expect(parsed.matches.flatMap((m) => m.goalEvents ?? []).filter((g) => g.kind === 'penalty')).toHaveLength(3);
    // a 0-0 has no goal lists, and no goals
    expect(villa!.goalEvents).toEqual([]);
    // every side: eleven starters, one captain, each substitute with the minute he came on
    expect(parsed.playerMatches.filter((l) => l.started)).toHaveLength(12 * 22);
    expect(parsed.playerMatches.filter((l) => l.captain)).toHaveLength(24);
    expect(parsed.playerMatches.filter((l) => l.subbedIn).every((l) => l.cameOn !== null && l.minutes > 0)).toBe(true);
  });

  it('works out who played how long from the substitutions and red cards', () => {
    const lines = parse(text).playerMatches.filter((l) => 'externalId' in l.match && l.match.externalId.endsWith(':Liverpool-Bournemouth'));
    const line = (name: string) => lines.find((l) => l.player.name === name)!;
    expect(line('Virgil van Dijk')).toMatchObject({ started: true, captain: true, minutes: 90, wentOff: null });
    expect(line('Milos Kerkez')).toMatchObject({ started: true, minutes: 60, wentOff: 60, yellowCards: 1 });
    expect(line('Andy Robertson')).toMatchObject({ started: false, subbedIn: true, cameOn: 60, minutes: 30 });
    expect(line('Mohamed Salah')).toMatchObject({ goals: 1, minutes: 90 });
    expect(line('Antoine Semenyo')).toMatchObject({ goals: 2 });
    expect(line('Alexis Mac Allister')).toMatchObject({ wentOff: 72, minutes: 72 });
    // "90+1": on in stoppage time, a minute at least
    expect(line('Eli Junior Kroupi')).toMatchObject({ cameOn: 90, minutes: 1 });
    const red = parse(text).playerMatches.filter((l) => (l.redCards ?? 0) > 0);
    expect(red).toHaveLength(1);
    expect(red[0]!.wentOff).not.toBeNull();
    expect(red[0]!.minutes).toBe(red[0]!.wentOff! - (red[0]!.cameOn ?? 0));
  });

  it.each<[string, (m: RawMatch) => void, string]>([
    ['a player named twice', (m) => m.lineup[0]!.bench.push({ name: 'Virgil VAN DIJK' }), 'Virgil VAN DIJK named twice'],
    [
      'a substitute not on the bench',
      (m) => (m.lineup[0]!.subs[0]!.on = 'Kenny DALGLISH'),
      'substitute Kenny DALGLISH is not on the bench',
    ],
    ['a substitute coming on twice', (m) => (m.lineup[0]!.subs[1]!.on = 'Andy ROBERTSON'), 'Andy ROBERTSON comes on twice'],
    ['twelve starters', (m) => m.lineup[0]!.starter.push({ name: 'Kenny DALGLISH' }), '12 starters'],
    ['a minute that is not a minute', (m) => (m.lineup[0]!.subs[0]!.minute = 'sixty'), 'substitution minute "sixty" is not a minute'],
    [
      'a player going off who is not on the pitch',
      (m) => (m.lineup[0]!.subs[1]!.off = 'Milos KERKEZ'),
      'Milos KERKEZ goes off at 60 but is not on the pitch',
    ],
  ])('skips a line-up with %s, reports it with the match and keeps the rest', (_what, change, reason) => {
    const parsed = parse(withFirstMatch(change));
    expect(parsed.problems).toEqual([
      { file: 'en.1-full.json', line: 1, message: `match 1: Liverpool v Bournemouth: home line-up skipped (Liverpool): ${reason}` },
    ]);
    expect(parsed.matches).toHaveLength(12);
    expect(parsed.matches[0]!.goalEvents).toHaveLength(6);
    const first = parsed.playerMatches.filter((l) => 'externalId' in l.match && l.match.externalId.endsWith(':Liverpool-Bournemouth'));
    expect(new Set(first.map((l) => l.team.name))).toEqual(new Set(['Bournemouth']));
  });

  it('keeps the score but not goals that do not add up to it', () => {
    const parsed = parse(withFirstMatch((m) => (m.goals2 = [])));
    expect(parsed.problems.map((p) => p.message)).toEqual(['match 1: Liverpool v Bournemouth: goals skipped: 4-0 listed for a 4-2']);
    expect(parsed.matches[0]!.goals).toEqual({ home: 4, away: 2 });
    expect(parsed.matches[0]!.goalEvents).toBeUndefined();
  });
});

describe.each(testDatabases())('football.json -full through the service on %s', (_label, makeTarget) => {
  let service: RunningService;
  beforeAll(async () => {
    service = await startService(football, makeTarget('football'));
    const report = await runImport(['football-json', FULL], { db: service.db, cwd: repoRoot, progress: false, log: () => undefined });
    expect(report.problems).toEqual([]);
  }, 120_000);
  afterAll(async () => {
    await service?.close();
  });

  it('serves Liverpool 4-2 Bournemouth’s line-ups with the captain and the minutes of each substitution', async () => {
    const row = (await service
      .db('fixtures as f')
      .join('teams as h', 'h.id', 'f.home_team_id')
      .where('h.name', 'like', 'Liverpool%')
      .orderBy('f.kickoff_at')
      .first('f.id')) as { id: number };
    const response = await service.request(`/api/fixtures/${row.id}/lineups`);
    expect(response.status).toBe(200);
    const body = (await response.json()) as FixtureLineups;
    expect(body.source).toBe('openfootball (football.json)');
    expect(body.home.starters).toHaveLength(11);
    expect(body.away.starters).toHaveLength(11);
    // its "bench" lists only those who came on: the unused bench is not known
    expect(body.home.bench).toBeNull();
    expect(body.home.starters.filter((p) => p.captain).map((p) => p.name)).toEqual(['Virgil van Dijk']);
    expect(body.home.substitutes.map((p) => [p.name, p.cameOn])).toEqual([
      ['Andy Robertson', 60],
      ['Wataru Endo', 60],
      ['Curtis Jones', 72],
      ['Joe Gomez', 72],
      ['Federico Chiesa', 82],
    ]);
    expect(body.home.starters.find((p) => p.name === 'Milos Kerkez')).toMatchObject({ wentOff: 60, minutes: 60, yellow: 1 });
    expect(body.home.starters.find((p) => p.name === 'Mohamed Salah')).toMatchObject({ goals: 1, rating: null, xg: null, position: null });
    expect(body.away.starters.find((p) => p.name === 'Antoine Semenyo')?.goals).toBe(2);
    const stats = (await (await service.request(`/api/fixture-stats/${row.id}`)).json()) as FixtureStats;
    expect(stats.referee).toBe('Anthony Taylor');
    expect(stats.venue).toBe('Anfield');
  });
});
