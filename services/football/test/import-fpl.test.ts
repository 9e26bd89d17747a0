import fs from 'node:fs';
import path from 'node:path';
import { repoRoot, toDate, type Knex } from '@matchday/server';
import { testDatabases } from '@matchday/testing';
import { runImport, type ImportReport } from '../src/importers/cli';
import { fplPhotoUrl } from '../src/importers/sources/fpl';
import { standings } from '../src/modules/standings/service';
import { count, freshDatabase, sharedData, snapshot, tempDir } from './import-helpers';

const FPL_2324 = sharedData('fpl', '2023-24');
const E0_2324 = sharedData('football-data-co-uk', 'E0-2324.csv');
const DEDUCTIONS = sharedData('adjustments', 'points-deductions.csv');

const run = (db: Knex, ...argv: string[]) => runImport(argv, { db, cwd: repoRoot });

async function playerId(db: Knex, name: string): Promise<number> {
  const row = (await db('players').where({ name }).first('id')) as { id: number } | undefined;
  if (!row) throw new Error(`no player ${name}`);
  return Number(row.id);
}

async function sum(db: Knex, column: string, where: Record<string, unknown> = {}): Promise<number> {
  const [row] = (await db('fixture_player_stats').where(where).sum({ total: column })) as Array<{ total: number | string | null }>;
  return Number(row?.total ?? 0);
}

describe.each(testDatabases())('fpl import on %s', (_label, makeTarget) => {
  let db: Knex;
  let close: () => Promise<void>;
  let fpl: ImportReport;
  let footballData: ImportReport;

  beforeAll(async () => {
    ({ db, close } = await freshDatabase(makeTarget('football')));
    fpl = await run(db, 'fpl', FPL_2324);
    footballData = await run(db, 'football-data-co-uk', E0_2324);
  }, 240_000);

  afterAll(async () => {
    await close();
  });

  it('stores the season: 380 fixtures, 20 clubs, every player and every per-match row', async () => {
    expect(fpl.problems).toEqual([]);
    expect(fpl.totals.fixtures).toEqual({ created: 380, updated: 0, unchanged: 0 });
    expect(fpl.playersCreated).toBe(865);
    expect(fpl.totals['player match rows'].created).toBe(29725);
    expect(await count(db('fixtures').where({ league_id: 39, season: 2023 }))).toBe(380);
    expect(await count(db('teams'))).toBe(20);
    expect(await count(db('players'))).toBe(865);
    expect(await count(db('fixture_player_stats'))).toBe(29725);
    // README check: goals_scored over merged_gw.csv = 1196 (+ 50 own goals = 1246 league goals)
    expect(await sum(db, 'goals')).toBe(1196);
    const [goals] = (await db('fixtures').sum({ home: 'home_goals', away: 'away_goals' })) as Array<{ home: number; away: number }>;
    expect(Number(goals!.home) + Number(goals!.away)).toBe(1246);
  });

  it("stores FPL's per-match expected goals and assists: the season's sums as in merged_gw.csv", async () => {
    expect(await sum(db, 'expected_goals')).toBeCloseTo(1198.48, 1);
    expect(await sum(db, 'expected_assists')).toBeCloseTo(752.2, 1);
  });

  it('calls players by the names fans know them by, and keeps their legal names', async () => {
    const names = (await db('players')
      .whereIn('last_name', ['Casimiro', 'Borges Fernandes', 'Salah', 'Fernando de Jesus', 'Haaland'])
      .orderBy('name')
      .select('name', 'first_name', 'last_name', 'known_as')) as Array<Record<string, string>>;
    expect(names).toEqual([
      { name: 'Bruno Fernandes', first_name: 'Bruno', last_name: 'Borges Fernandes', known_as: 'B.Fernandes' },
      { name: 'Casemiro', first_name: 'Carlos Henrique', last_name: 'Casimiro', known_as: 'Casemiro' },
      { name: 'Erling Haaland', first_name: 'Erling', last_name: 'Haaland', known_as: 'Haaland' },
      { name: 'Gabriel Jesus', first_name: 'Gabriel', last_name: 'Fernando de Jesus', known_as: 'G.Jesus' },
      { name: 'Mohamed Salah', first_name: 'Mohamed', last_name: 'Salah', known_as: 'Salah' },
    ]);
  });

  it('gives Haaland 27 goals, his position, price, ownership and photo', async () => {
    const haaland = await playerId(db, 'Erling Haaland');
    expect(await sum(db, 'goals', { player_id: haaland })).toBe(27);
    const squad = await db('squad_members as s')
      .join('teams as t', 't.id', 's.team_id')
      .where({ 's.player_id': haaland })
      .select('t.name', 's.*');
    expect(squad).toHaveLength(1);
    expect(squad[0]).toMatchObject({ name: 'Manchester City', season: 2023, position: 'Attacker', price: 143 });
    expect(Number(squad[0].ownership)).toBeCloseTo(73.6, 1);
    expect(await db('players').where({ id: haaland }).first('photo')).toEqual({ photo: fplPhotoUrl('223094.jpg', '223094') });
    // Opening night at Burnley: started, 79 minutes, 2 goals
    const opener = await db('fixture_player_stats as s')
      .join('fixtures as f', 'f.id', 's.fixture_id')
      .where({ 's.player_id': haaland, 'f.round': 'Regular Season - 1' })
      .first('s.*');
    expect(opener).toMatchObject({ minutes: 79, goals: 2, position: 'Attacker' });
    expect(Boolean(opener.started)).toBe(true);
  });

  it('puts a player who changed clubs in both squads', async () => {
    const teamsPerPlayer = (await db('squad_members')
      .where({ season: 2023 })
      .select('player_id')
      .groupBy('player_id')
      .count({ n: '*' })) as Array<{
      n: number | string;
    }>;
    expect(teamsPerPlayer.some((p) => Number(p.n) === 2)).toBe(true);
    // every per-match row's team played in that fixture
    const mismatched = await count(
      db('fixture_player_stats as s')
        .join('fixtures as f', 'f.id', 's.fixture_id')
        .whereRaw('s.team_id <> f.home_team_id and s.team_id <> f.away_team_id'),
    );
    expect(mismatched).toBe(0);
  });

  it('merges football-data.co.uk into the same fixtures', async () => {
    expect(footballData.problems).toEqual([]);
    expect(footballData.totals.fixtures.created).toBe(0);
    expect(await count(db('fixtures'))).toBe(380);
    expect(await count(db('teams'))).toBe(20);
    expect(await count(db('fixture_team_stats'))).toBe(760);
    const fixture = await db('fixtures').where({ round: 'Regular Season - 1', referee: 'C Pawson' }).first();
    expect(toDate(fixture.kickoff_at)!.toISOString()).toBe('2023-08-11T19:00:00.000Z');
  });

  it("gives the table FPL's short names: MCI and MUN beside the two Manchester clubs", async () => {
    const table = await standings(db, 39, 2023);
    expect(table).toHaveLength(20);
    const shortName = (name: string) => table.find((row) => row.teamName === name)?.teamShortName;
    expect(shortName('Manchester City')).toBe('MCI');
    expect(shortName('Manchester United')).toBe('MUN');
    expect(shortName('Nottingham Forest')).toBe('NFO');
    expect(table.every((row) => /^[A-Z]{3}$/.test(row.teamShortName ?? ''))).toBe(true);
    expect(new Set(table.map((row) => row.teamShortName)).size).toBe(20);
  });

  it('applies the points deductions by league name', async () => {
    const report = await run(db, 'adjustments', DEDUCTIONS);
    expect(report.problems).toEqual([]);
    expect(report.totals.adjustments).toEqual({ created: 2, updated: 0, unchanged: 0 });
    const rows = await db('standings_adjustments as a')
      .join('teams as t', 't.id', 'a.team_id')
      .orderBy('t.name')
      .select('t.name', 'a.points', 'a.league_id', 'a.season');
    expect(rows).toEqual([
      { name: 'Everton', points: -8, league_id: 39, season: 2023 },
      { name: 'Nottingham Forest', points: -4, league_id: 39, season: 2023 },
    ]);
    const again = await run(db, 'adjustments', DEDUCTIONS);
    expect(again.totals.adjustments).toEqual({ created: 0, updated: 0, unchanged: 2 });
    expect(await count(db('teams'))).toBe(20);
  });

  it('changes nothing when the season is imported again', async () => {
    const before = await snapshot(db);
    const again = await run(db, 'fpl', FPL_2324);
    expect(again.totals.fixtures).toEqual({ created: 0, updated: 0, unchanged: 380 });
    expect(again.totals['squad members']).toMatchObject({ created: 0, updated: 0 });
    expect(again.totals['player match rows']).toEqual({ created: 0, updated: 0, unchanged: 29725 });
    expect(again.playersCreated + again.playersUpdated).toBe(0);
    expect(await snapshot(db)).toEqual(before);
  }, 240_000);

  it('reports malformed per-match rows with file and line and keeps the stored season', async () => {
    const before = await snapshot(db);
    const dir = path.join(tempDir(), '2023-24');
    fs.mkdirSync(dir);
    fs.writeFileSync(path.join(dir, 'teams.csv'), 'id,name,short_name\n1,Burnley,BUR\n2,Man City,MCI\n');
    fs.writeFileSync(
      path.join(dir, 'players_raw.csv'),
      'id,code,first_name,second_name,web_name,team,element_type,now_cost,selected_by_percent,photo\n355,223094,Erling,Haaland,Haaland,2,4,143,73.6,223094.jpg\n',
    );
    fs.writeFileSync(
      path.join(dir, 'fixtures.csv'),
      'id,event,kickoff_time,team_h,team_a,team_h_score,team_a_score,finished\n1,1,2023-08-11T19:00:00Z,1,2,0,3,True\n',
    );
    fs.writeFileSync(
      path.join(dir, 'merged_gw.csv'),
      [
        'name,position,team,element,fixture,minutes,goals_scored,assists,yellow_cards,red_cards,saves,goals_conceded,starts',
        'Erling Haaland,FWD,Man City,355,1,79,2,0,0,0,0,0,1',
        'Erling Haaland,FWD,Man City,355,1,ninety,2,0,0,0,0,0,1',
        'Nobody,MID,Man City,9999,1,90,0,0,0,0,0,0,1',
        'Erling Haaland,FWD,Luton,355,1,79,2,0,0,0,0,0,1',
      ].join('\n'),
    );
    const report = await run(db, 'fpl', dir);
    expect(report.problems).toEqual([
      { file: 'merged_gw.csv', line: 3, message: 'bad minutes "ninety"' },
      { file: 'merged_gw.csv', line: 4, message: 'unknown player element "9999"' },
      { file: 'merged_gw.csv', line: 5, message: 'unknown team "Luton"' },
    ]);
    expect(report.totals.fixtures).toEqual({ created: 0, updated: 0, unchanged: 1 });
    expect(report.totals['player match rows']).toEqual({ created: 0, updated: 0, unchanged: 1 });
    expect(await snapshot(db)).toEqual(before);
  });
});
