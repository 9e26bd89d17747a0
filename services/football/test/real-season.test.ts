import fs from 'node:fs';
import type { FixtureStats, HeadToHeadMatch, StandingRow, TeamStatsRecord, TopScorer } from '@matchday/contracts';
import { testDatabases, type RunningService } from '@matchday/testing';
import { findCuratedClub } from '../src/importers/aliases';
import { getJson, serviceWithImports, sharedData } from './import-helpers';

/**
 * Real seasons imported through the importers, checked through the read APIs against facts computed
 * here from the same files: the 2022-23 and 2023-24 Premier League (football-data.co.uk results and
 * statistics, FPL players, the points deductions) and the 2024-25 Indian Super League.
 */

interface CsvMatch {
  date: string;
  home: string;
  away: string;
  fthg: number;
  ftag: number;
  row: Record<string, string>;
}

/** football-data.co.uk rows (no quoted fields in these files), team names as the app shows them. */
function readResults(file: string): CsvMatch[] {
  const [header, ...lines] = fs.readFileSync(file, 'utf8').trim().split('\n');
  const columns = header!.split(',');
  return lines.map((line) => {
    const cells = line.split(',');
    const row = Object.fromEntries(columns.map((c, i) => [c, cells[i] ?? '']));
    const name = (team: string) => findCuratedClub(team)?.name ?? team;
    return { date: row.Date!, home: name(row.HomeTeam!), away: name(row.AwayTeam!), fthg: Number(row.FTHG), ftag: Number(row.FTAG), row };
  });
}

interface ClubRecord {
  played: number;
  wins: number;
  draws: number;
  losses: number;
  goalsFor: number;
  goalsAgainst: number;
}

function records(matches: readonly CsvMatch[]): Map<string, ClubRecord> {
  const table = new Map<string, ClubRecord>();
  const get = (team: string) => {
    const r: ClubRecord = table.get(team) ?? { played: 0, wins: 0, draws: 0, losses: 0, goalsFor: 0, goalsAgainst: 0 };
    table.set(team, r);
    return r;
  };
  for (const m of matches) {
    const [h, a] = [get(m.home), get(m.away)];
    h.played += 1;
    a.played += 1;
    h.goalsFor += m.fthg;
    h.goalsAgainst += m.ftag;
    a.goalsFor += m.ftag;
    a.goalsAgainst += m.fthg;
    if (m.fthg > m.ftag) {
      h.wins += 1;
      a.losses += 1;
    } else if (m.fthg < m.ftag) {
      a.wins += 1;
      h.losses += 1;
    } else {
      h.draws += 1;
      a.draws += 1;
    }
  }
  return table;
}

const E0_2223 = sharedData('football-data-co-uk', 'E0-2223.csv');
const E0_2324 = sharedData('football-data-co-uk', 'E0-2324.csv');
const FPL_2324 = sharedData('fpl', '2023-24');
const DEDUCTIONS = sharedData('adjustments', 'points-deductions.csv');
const ISL_2425 = sharedData('isl', 'isl_2024-25_matches.csv');

describe.each(testDatabases())('real seasons through the read APIs on %s', (_label, makeTarget) => {
  let service: RunningService;
  const get = <T>(path: string): Promise<T> => getJson<T>(service, path);
  const season2324 = readResults(E0_2324);
  const season2223 = readResults(E0_2223);

  beforeAll(async () => {
    service = await serviceWithImports(makeTarget('football'), [
      ['football-data-co-uk', E0_2223],
      ['football-data-co-uk', E0_2324],
      ['fpl', FPL_2324],
      ['adjustments', DEDUCTIONS],
      ['results-csv', ISL_2425, '--league', '323', '--season', '2024'],
    ]);
  }, 600_000);

  afterAll(async () => {
    await service?.close();
  });

  describe('Premier League 2023-24 standings', () => {
    let table: StandingRow[];
    beforeAll(async () => {
      table = await get<StandingRow[]>('/api/standings?leagueId=39&season=2023');
    });
    const row = (team: string) => {
      const found = table.find((r) => r.teamName === team);
      if (!found) throw new Error(`${team} not in the table`);
      return found;
    };

    it('every club: played, wins, draws, losses and goals as computed from the CSV', () => {
      const expected = records(season2324);
      expect(table).toHaveLength(20);
      expect(new Set(table.map((r) => r.teamName))).toEqual(new Set(expected.keys()));
      for (const [team, record] of expected) {
        expect({ team, ...record }).toEqual({
          team,
          played: row(team).played,
          wins: row(team).wins,
          draws: row(team).draws,
          losses: row(team).losses,
          goalsFor: row(team).goalsFor,
          goalsAgainst: row(team).goalsAgainst,
        });
        expect(row(team).points).toBe(3 * record.wins + record.draws + row(team).pointsAdjustment);
      }
    });

    it('Manchester City champions on 91 points; Everton 40 (48 - 8) and 15th; Forest 32 (36 - 4); Sheffield United last', () => {
      expect(table[0]).toMatchObject({ teamName: 'Manchester City', teamRank: 1, points: 91, pointsAdjustment: 0 });
      expect(row('Everton')).toMatchObject({ points: 40, pointsAdjustment: -8, teamRank: 15 });
      expect(row('Nottingham Forest')).toMatchObject({ points: 32, pointsAdjustment: -4 });
      expect(table[19]).toMatchObject({ teamName: 'Sheffield United', teamRank: 20 });
      expect(table[19]!.leagueDescription).toMatch(/^Relegation/);
      for (const r of table.slice(0, 4)) expect(r.leagueDescription).toMatch(/Champions League/);
      // The last five results of the champions, oldest first, from the CSV
      const city = season2324.filter((m) => m.home === 'Manchester City' || m.away === 'Manchester City').slice(-5);
      const letters = city.map((m) => {
        const [own, other] = m.home === 'Manchester City' ? [m.fthg, m.ftag] : [m.ftag, m.fthg];
        return own > other ? 'W' : own < other ? 'L' : 'D';
      });
      expect(table[0]!.lastFiveResult).toBe(letters.join(''));
    });

    it('2022-23: the computed table has no adjustment and 38 matches each', async () => {
      const previous = await get<StandingRow[]>('/api/standings?leagueId=39&season=2022');
      expect(previous).toHaveLength(20);
      for (const r of previous) expect(r).toMatchObject({ played: 38, pointsAdjustment: 0 });
      const expected = records(season2223);
      const champion = [...expected.entries()].sort(([, a], [, b]) => 3 * b.wins + b.draws - (3 * a.wins + a.draws))[0]!;
      expect(previous[0]!.teamName).toBe(champion[0]);
    });
  });

  it('top scorer 2023-24: Haaland with 27 goals', async () => {
    const scorers = await get<TopScorer[]>('/api/top-scorers/39/2023');
    expect(scorers[0]!.playerName).toMatch(/Haaland/);
    expect(scorers[0]).toMatchObject({ goals_Total: 27, teamName: 'Manchester City', games_Position: 'Attacker' });
    const goals = scorers.map((s) => s.goals_Total);
    expect(goals).toEqual([...goals].sort((a, b) => b - a));
  });

  it('head-to-head: every Arsenal v Liverpool meeting of the two seasons, most recent first', async () => {
    const [arsenal, liverpool] = await Promise.all(
      ['Arsenal', 'Liverpool'].map(async (name) => (await service.db('teams').where({ name }).first('id')).id as number),
    );
    const meetings = await get<HeadToHeadMatch[]>(`/api/h2h?homeTeamId=${arsenal}&awayTeamId=${liverpool}`);
    const expected = [...season2223, ...season2324]
      .filter((m) => [m.home, m.away].sort().join() === 'Arsenal,Liverpool')
      .map((m) => ({ date: m.date.split('/').reverse().join('-'), home: m.home, score: `${m.fthg}-${m.ftag}` }))
      .sort((a, b) => b.date.localeCompare(a.date));
    expect(expected).toHaveLength(4);
    expect(meetings.map((m) => ({ date: m.eventDate.slice(0, 10), home: m.homeTeam, score: `${m.goalsHome}-${m.goalsAway}` }))).toEqual(
      expected,
    );
  });

  it("one fixture's team statistics equal its CSV row", async () => {
    const first = season2324[0]!; // Burnley 0-3 Man City, 11 Aug 2023
    const [home, away] = await Promise.all(
      [first.home, first.away].map(async (name) => (await service.db('teams').where({ name }).first('id')).id as number),
    );
    const [meeting] = await get<HeadToHeadMatch[]>(`/api/h2h?homeTeamId=${home}&awayTeamId=${away}`).then((list) =>
      list.filter((m) => m.season === 2023 && m.homeTeamId === home),
    );
    const stats = await get<FixtureStats>(`/api/fixture-stats/${meeting!.fixtureId}`);
    const cell = (name: string) => Number(first.row[name]);
    expect(stats).toMatchObject({
      homeTeamName: first.home,
      awayTeamName: first.away,
      homeTeamGoalScored: cell('FTHG'),
      awayTeamGoalScored: cell('FTAG'),
      homeTeamTotalShots: cell('HS'),
      awayTeamTotalShots: cell('AS'),
      homeTeamShotsOnGoal: cell('HST'),
      awayTeamShotsOnGoal: cell('AST'),
      homeTeamFouls: cell('HF'),
      awayTeamFouls: cell('AF'),
      homeTeamCornerKicks: cell('HC'),
      awayTeamCornerKicks: cell('AC'),
      homeTeamYelloCards: cell('HY'),
      awayTeamYelloCards: cell('AY'),
      homeTeamRedCards: cell('HR'),
      awayTeamRedCards: cell('AR'),
      eventDate: '2023-08-11T19:00:00.000Z',
    });
    // What the CSV does not carry stays unknown
    expect(stats.homeTeamBallPossession).toBeNull();
  });

  it('team stats of Arsenal 2023-24 (home and away) as computed from the CSV', async () => {
    const arsenal = (await service.db('teams').where({ name: 'Arsenal' }).first('id')).id as number;
    const [home, away] = await get<TeamStatsRecord[]>(`/api/team-stats?teamId=${arsenal}&leagueId=39&season=2023`);
    const homeMatches = season2324.filter((m) => m.home === 'Arsenal');
    const awayMatches = season2324.filter((m) => m.away === 'Arsenal');
    expect(home).toMatchObject({
      is_Home_Stats: 1,
      matchPlayed: homeMatches.length,
      wins: homeMatches.filter((m) => m.fthg > m.ftag).length,
      goalsFor: homeMatches.reduce((s, m) => s + m.fthg, 0),
      goalsAgainst: homeMatches.reduce((s, m) => s + m.ftag, 0),
      cleanSheet: homeMatches.filter((m) => m.ftag === 0).length,
    });
    expect(away).toMatchObject({
      is_Home_Stats: 0,
      matchPlayed: awayMatches.length,
      loses: awayMatches.filter((m) => m.fthg > m.ftag).length,
      goalsFor: awayMatches.reduce((s, m) => s + m.ftag, 0),
      failedToScore: awayMatches.filter((m) => m.ftag === 0).length,
    });
  });

  it('Indian Super League 2024-25: league matches only; Bengaluru, NorthEast United, Jamshedpur level on 38 in the published order', async () => {
    const table = await get<StandingRow[]>('/api/standings?leagueId=323&season=2024');
    expect(table).toHaveLength(13);
    for (const r of table) expect(r.played).toBe(24);
    expect(table.slice(0, 6).map((r) => [r.teamName, r.points])).toEqual([
      ['Mohun Bagan Super Giant', 56],
      ['FC Goa', 48],
      ['Bengaluru FC', 38],
      ['NorthEast United', 38],
      ['Jamshedpur FC', 38],
      ['Mumbai City', 36],
    ]);
    expect(table[2]!.leagueDescription).toMatch(/^Play-offs/);
    expect(table[0]!.leagueDescription).toMatch(/Semi-finals/);
    // On goal difference alone the order of the three would differ: the head-to-head rule decided.
    const three = table.slice(2, 5);
    const byGoalDifference = [...three].sort((a, b) => b.goalDifference - a.goalDifference || b.goalsFor - a.goalsFor);
    expect(byGoalDifference.map((r) => r.teamName)).not.toEqual(three.map((r) => r.teamName));
  });
});
