import fs from 'node:fs';
import path from 'node:path';
import { repoRoot, toDate, type Knex } from '@matchday/server';
import { testDatabases } from '@matchday/testing';
import { runImport } from '../src/importers/cli';
import { MissingInputError, UsageError } from '../src/importers/source';
import { FootballJsonError, footballJsonLeague, parseFootballJson } from '../src/importers/sources/football-json';
import { count, freshDatabase, sharedData, tempDir } from './import-helpers';

const SNAPSHOT = (code: string) => sharedData('openfootball', 'football-json', '2026-03-13', '2025-26', `${code}.json`);
const E0_2526 = sharedData('football-data-co-uk', 'E0-2526.csv');

const run = (db: Knex, ...argv: string[]) => runImport(argv, { db, cwd: repoRoot });

function file(name: string, matches: unknown[]): string {
  return JSON.stringify({ name, matches });
}

const match = (extra: Record<string, unknown>) => ({
  round: 'Matchday 1',
  date: '2025-08-16',
  time: '15:00',
  team1: 'Arsenal FC',
  team2: 'Chelsea FC',
  ...extra,
});

describe('football.json files', () => {
  it('maps the upstream codes onto the league catalogue and its zones', () => {
    expect(['en.1', 'es.1', 'de.1', 'it.1', 'fr.1', 'en.2'].map((code) => footballJsonLeague(code)?.leagueId)).toEqual([
      39, 140, 78, 135, 61, 40,
    ]);
    expect(footballJsonLeague('es.1')?.timeZone).toBe('Europe/Madrid');
    // a league the catalogue lacks carries its own name for the store
    expect(footballJsonLeague('nl.1')).toMatchObject({ leagueId: 88, timeZone: 'Europe/Amsterdam', league: { name: 'Eredivisie' } });
    expect(footballJsonLeague('xx.9')).toBeUndefined();
  });

  it('reads kick-offs as the league local time, across daylight saving, as UTC instants', () => {
    const en = parseFootballJson(
      file('English Premier League 2025/26', [
        match({ date: '2025-08-15', time: '20:00', team1: 'Liverpool FC', team2: 'AFC Bournemouth' }),
        match({ date: '2025-10-25', time: '15:00' }), // the last Saturday of BST
        match({ date: '2025-10-26', time: '14:00', team1: 'Chelsea FC', team2: 'Arsenal FC' }), // GMT from 02:00 that day
        match({ date: '2026-03-29', time: '16:30', team1: 'Everton FC', team2: 'Fulham FC' }), // BST again
      ]),
      { code: 'en.1', season: 2025, file: 'en.1.json' },
    );
    expect(en.problems).toEqual([]);
    expect(en.matches.map((m) => m.kickoffAt.toISOString())).toEqual([
      '2025-08-15T19:00:00.000Z',
      '2025-10-25T14:00:00.000Z',
      '2025-10-26T14:00:00.000Z',
      '2026-03-29T15:30:00.000Z',
    ]);
    const de = parseFootballJson(
      file('Deutsche Bundesliga 2025/26', [
        match({ date: '2025-11-22', time: '15:30' }),
        match({ date: '2025-08-23', time: '15:30', team1: 'X', team2: 'Y' }),
      ]),
      { code: 'de.1', season: 2025, file: 'de.1.json' },
    );
    expect(de.matches.map((m) => m.kickoffAt.toISOString())).toEqual(['2025-11-22T14:30:00.000Z', '2025-08-23T13:30:00.000Z']);
    expect(de.matches[0]).toMatchObject({ leagueId: 78, season: 2025, stage: 'regular', round: 'Matchday 1' });
  });

  it('takes only score.ft as a result: {} , no score and a bare [0, 0] are unplayed', () => {
    const parsed = parseFootballJson(
      file('English Premier League 2025/26', [
        match({ score: { ht: [1, 0], ft: [4, 2] } }),
        match({ team1: 'A', score: {} }),
        match({ team1: 'B' }),
        match({ team1: 'C', score: [0, 0] }),
        match({ team1: 'D', score: {}, status: 'postponed' }),
        match({ team1: 'E', score: { ft: [1, 'x'] } }),
      ]),
      { code: 'en.1', season: 2025, file: 'en.1.json' },
    );
    expect(parsed.matches.map((m) => [m.home.name, m.status, m.goals ?? null])).toEqual([
      ['Arsenal FC', 'finished', { home: 4, away: 2 }],
      ['A', 'scheduled', null],
      ['B', 'scheduled', null],
      ['C', 'scheduled', null],
      ['D', 'postponed', null],
    ]);
    expect(parsed.matches[0]!.halfTime).toEqual({ home: 1, away: 0 });
    expect(parsed.problems).toEqual([{ file: 'en.1.json', line: 6, message: 'match 6: bad full-time score [1,"x"]' }]);
  });

  it('refuses what is not this league-season: not JSON, an HTML page, another league, another season', () => {
    const options = { code: 'en.1', season: 2025, file: 'en.1.json' };
    const text = fs.readFileSync(SNAPSHOT('en.1'), 'utf8');
    expect(() => parseFootballJson(text.slice(0, text.length / 2), options)).toThrow(FootballJsonError);
    expect(() => parseFootballJson('<!DOCTYPE html><html><body>Sign in to the Wi-Fi</body></html>', options)).toThrow(
      'an HTML page, not JSON',
    );
    expect(() => parseFootballJson(fs.readFileSync(SNAPSHOT('es.1'), 'utf8'), options)).toThrow(
      'the file is "Spain Primera División 2025/26", not en.1',
    );
    expect(() => parseFootballJson(text, { ...options, season: 2026 })).toThrow('not the 2026-27 season');
    expect(() => parseFootballJson('{"name": "English Premier League 2025/26"}', options)).toThrow('no "name" and "matches"');
    expect(() => parseFootballJson(file('Deutsche 2. Bundesliga 2025/26', [match({})]), { ...options, code: 'de.1' })).toThrow(
      FootballJsonError,
    );
  });
});

describe.each(testDatabases())('npm run import -- football-json (%s)', (_label, target) => {
  let db: Knex;
  let close: () => Promise<void>;

  beforeEach(async () => {
    ({ db, close } = await freshDatabase(target('football')));
  });
  afterEach(async () => close());

  it('imports a season file with the clubs reconciled through the aliases; football-data and football-json make one fixture per match', async () => {
    const first = await run(db, 'football-json', SNAPSHOT('en.1'));
    expect(first.totals.fixtures).toEqual({ created: 380, updated: 0, unchanged: 0 });
    expect(first.problems).toEqual([]);
    expect(await count(db('fixtures').whereNotNull('home_goals'))).toBe(291);
    const names = ((await db('teams').select('name').orderBy('name')) as Array<{ name: string }>).map((t) => t.name);
    expect(names).toHaveLength(20);
    expect(names).toEqual(
      expect.arrayContaining(['Liverpool', 'Bournemouth', 'Manchester United', 'Wolverhampton Wanderers', 'Sunderland']),
    );

    // the same season from football-data.co.uk: every match finds its fixture, ten of them kicked off more than
    // 36 hours from the date football.json had on 13 March (moved later in the season)
    const second = await run(db, 'football-data-co-uk', E0_2526);
    expect(second.totals.fixtures.created).toBe(0);
    expect(await count(db('fixtures'))).toBe(380);
    expect(await count(db('teams'))).toBe(20);
    expect(await count(db('fixtures').whereNotNull('home_goals'))).toBe(380);

    // and again: nothing changes
    const again = await run(db, 'football-json', SNAPSHOT('en.1'));
    expect(again.totals.fixtures).toEqual({ created: 0, updated: 0, unchanged: 380 });
    expect(await count(db('fixtures'))).toBe(380);

    // a moved kick-off from football-data.co.uk (the higher-ranked source) holds: Man City v Crystal Palace, postponed
    // in March, played on 13 May 2026 at 20:00 BST
    const row = (await db('fixtures as f')
      .join('teams as h', 'h.id', 'f.home_team_id')
      .join('teams as a', 'a.id', 'f.away_team_id')
      .where({ 'h.name': 'Manchester City', 'a.name': 'Crystal Palace' })
      .first('f.kickoff_at', 'f.status')) as { kickoff_at: unknown; status: string };
    expect(toDate(row.kickoff_at)?.toISOString()).toBe('2026-05-13T19:00:00.000Z');
    expect(row.status).toBe('finished');
  });

  it('imports the other leagues of the snapshot into their catalogue leagues, each club once', async () => {
    const report = await run(db, 'football-json', SNAPSHOT('es.1'), SNAPSHOT('de.1'), SNAPSHOT('it.1'), SNAPSHOT('fr.1'));
    expect(report.problems).toEqual([]);
    const perLeague = (await db('fixtures').select('league_id').count({ n: '*' }).groupBy('league_id').orderBy('league_id')) as Array<{
      league_id: number;
      n: number | string;
    }>;
    expect(perLeague.map((r) => [Number(r.league_id), Number(r.n)])).toEqual([
      [61, 306],
      [78, 306],
      [135, 380],
      [140, 380],
    ]);
    expect(await count(db('teams'))).toBe(18 + 18 + 20 + 20);
    // Spanish long names meet the curated clubs
    const spanish = (
      (await db('teams').whereIn('name', ['Atlético Madrid', 'Espanyol', 'Rayo Vallecano', 'Real Sociedad']).select('name')) as unknown[]
    ).length;
    expect(spanish).toBe(4);
  });

  it("identifies a pairing's repeated meetings by kick-off, not by the file's order: a reordered file moves no match", async () => {
    // Scotland: Celtic host Rangers three times; the file lists them in date order, then in another order with the
    // December meeting moved two days and the April one played
    const dir = tempDir();
    const meeting = (date: string, score: unknown) => ({
      round: 'Matchday',
      date,
      time: '12:00',
      team1: 'Celtic FC',
      team2: 'Rangers FC',
      score,
    });
    const write = (matches: unknown[]) => {
      fs.mkdirSync(path.join(dir, '2025-26'), { recursive: true });
      const name = path.join(dir, '2025-26', 'sco.1.json');
      fs.writeFileSync(name, file('Scottish Premiership 2025/26', matches));
      return name;
    };
    const kickoffs = async () =>
      ((await db('fixtures').orderBy('kickoff_at').select('kickoff_at', 'home_goals', 'away_goals')) as Array<Record<string, unknown>>).map(
        (row) => [
          toDate(row.kickoff_at)!.toISOString().slice(0, 10),
          row.home_goals === null ? null : `${row.home_goals}-${row.away_goals}`,
        ],
      );

    const first = await run(
      db,
      'football-json',
      write([meeting('2025-08-31', { ft: [2, 0] }), meeting('2025-12-27', {}), meeting('2026-04-12', {})]),
    );
    expect(first.totals.fixtures).toEqual({ created: 3, updated: 0, unchanged: 0 });
    expect(await kickoffs()).toEqual([
      ['2025-08-31', '2-0'],
      ['2025-12-27', null],
      ['2026-04-12', null],
    ]);

    const second = await run(
      db,
      'football-json',
      write([meeting('2026-04-12', { ft: [1, 1] }), meeting('2025-12-29', {}), meeting('2025-08-31', { ft: [2, 0] })]),
    );
    expect(second.totals.fixtures).toEqual({ created: 0, updated: 2, unchanged: 1 });
    expect(await kickoffs()).toEqual([
      ['2025-08-31', '2-0'],
      ['2025-12-29', null],
      ['2026-04-12', '1-1'],
    ]);
    // each id now names the meeting it numbers in the file: read in this order again, nothing changes
    const again = await run(
      db,
      'football-json',
      write([meeting('2026-04-12', { ft: [1, 1] }), meeting('2025-12-29', {}), meeting('2025-08-31', { ft: [2, 0] })]),
    );
    expect(again.totals.fixtures).toEqual({ created: 0, updated: 0, unchanged: 3 });
    expect(await count(db('fixtures'))).toBe(3);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('fails clearly on a wrong file or code, before or without writing', async () => {
    await expect(run(db, 'football-json', SNAPSHOT('en.1'), '--code', 'zz.1')).rejects.toThrow(UsageError);
    await expect(run(db, 'football-json', SNAPSHOT('es.1'), '--code', 'en.1')).rejects.toThrow(MissingInputError);
    expect(await count(db('fixtures'))).toBe(0);
  });
});
