import {
  clip,
  datesProblem,
  fileProblem,
  goalsProblem,
  matchCountProblem,
  namesProblem,
  newClubsProblem,
  scoresProblem,
  seasonWindow,
  teamCountProblem,
  type FileMatch,
  type LeagueShape,
} from '../src/importers/sync/plausibility';

/** The sync's checks of a whole upstream file (importers/sync/plausibility.ts), one by one. */

const PREMIER_LEAGUE: LeagueShape = { clubs: 20, meetings: 2, cup: false };
const SCOTLAND: LeagueShape = { clubs: 12, meetings: 4, cup: false };
const CUP: LeagueShape = { clubs: 32, meetings: 2, cup: true };

/** A double round robin of `n` clubs, every match on `day`. */
function roundRobin(n: number, day = '2025-10-04T14:00:00Z'): FileMatch[] {
  const out: FileMatch[] = [];
  for (let h = 0; h < n; h += 1) {
    for (let a = 0; a < n; a += 1) if (h !== a) out.push({ home: `Club ${h}`, away: `Club ${a}`, kickoffAt: new Date(day) });
  }
  return out;
}

it('a side scores a whole number of goals from 0 to 30', () => {
  expect([0, 4, 30].map(goalsProblem)).toEqual([null, null, null]);
  expect(goalsProblem(1e15)).toBe('1000000000000000 goals is outside 0-30');
  expect(goalsProblem(-1)).toBe('-1 goals is outside 0-30');
  expect(goalsProblem(31)).toBe('31 goals is outside 0-30');
  expect(goalsProblem(2.5)).toBe('2.5 is not a whole number of goals');
  expect(goalsProblem('3')).toBe('"3" is not a whole number of goals');
  expect(goalsProblem(Number.NaN)).toBe('null is not a whole number of goals');
  expect(scoresProblem([])).toBeNull();
  expect(scoresProblem(['match 1 A v B: bad full-time score [1e15,0]', 'x'])).toBe(
    'scores: 2 implausible, first match 1 A v B: bad full-time score [1e15,0]',
  );
});

it('a league names at most its clubs and two more; a cup up to twice its number', () => {
  expect(teamCountProblem(20, PREMIER_LEAGUE)).toBeNull();
  expect(teamCountProblem(22, PREMIER_LEAGUE)).toBeNull();
  expect(teamCountProblem(23, PREMIER_LEAGUE)).toBe('team count: the file names 23 clubs, the league has 20 (at most 22 accepted)');
  expect(teamCountProblem(6000, PREMIER_LEAGUE)).toContain('6000 clubs');
  expect(teamCountProblem(64, CUP)).toBeNull();
  expect(teamCountProblem(65, CUP)).not.toBeNull();
});

it('n clubs play at most n(n-1) matches in a double round robin, Scotland (split) up to twice that', () => {
  expect(matchCountProblem(380, 20, PREMIER_LEAGUE)).toBeNull();
  expect(matchCountProblem(381, 20, PREMIER_LEAGUE)).toBe('match count: the file lists 381 matches, 20 clubs play at most 380');
  expect(matchCountProblem(228, 12, SCOTLAND)).toBeNull();
  expect(matchCountProblem(3000, 20, PREMIER_LEAGUE)).not.toBeNull();
});

it('kick-offs fall within the season asked for, July to June, whatever the file is named', () => {
  expect(seasonWindow(2025)).toEqual({ from: new Date('2025-07-01T00:00:00Z'), to: new Date('2026-07-01T00:00:00Z') });
  expect(datesProblem(roundRobin(4, '2025-08-15T19:00:00Z'), 2025)).toBeNull();
  expect(datesProblem(roundRobin(4, '2026-05-24T15:00:00Z'), 2025)).toBeNull();
  const yearBack = roundRobin(4, '2024-08-16T19:00:00Z');
  expect(datesProblem(yearBack, 2025)).toBe(
    'dates: 12 of 12 kick-offs outside the 2025-26 season (2025-07-01 to 2026-06-30), first "Club 0" v "Club 1" on 2024-08-16',
  );
  const moved = roundRobin(4);
  moved[5] = { ...moved[5]!, kickoffAt: new Date('9999-12-31T15:00:00Z') };
  expect(datesProblem(moved, 2025)).toContain('1 of 12 kick-offs outside the 2025-26 season');
  expect(datesProblem([{ home: 'A', away: 'B', kickoffAt: new Date(Number.NaN) }], 2025)).toContain('on no date');
});

it('a league with its full set of clubs takes no new one from a sync; a cup, or a league still filling, may', () => {
  expect(newClubsProblem([], 20, PREMIER_LEAGUE)).toBeNull();
  expect(newClubsProblem(['Invented FC'], 19, PREMIER_LEAGUE)).toBeNull();
  expect(newClubsProblem(['Invented FC'], 20, PREMIER_LEAGUE)).toBe(
    'new clubs: the league already has its 20 clubs, the file adds 1 ("Invented FC")',
  );
  expect(newClubsProblem(['A', 'B', 'C', 'D'], 20, PREMIER_LEAGUE)).toContain('adds 4 ("A", "B", "C", ...)');
  expect(newClubsProblem(['Invented FC'], 32, CUP)).toBeNull();
});

it('the whole file: the first check that fails, or null', () => {
  expect(fileProblem(roundRobin(20), [], PREMIER_LEAGUE, 2025)).toBeNull();
  expect(fileProblem(roundRobin(23), [], PREMIER_LEAGUE, 2025)).toMatch(/^team count:/);
  expect(fileProblem([...roundRobin(20), ...roundRobin(20)], [], PREMIER_LEAGUE, 2025)).toMatch(/^match count:/);
  expect(fileProblem(roundRobin(20, '2024-09-01T14:00:00Z'), [], PREMIER_LEAGUE, 2025)).toMatch(/^dates:/);
  expect(fileProblem(roundRobin(20), ['match 3 A v B: bad full-time score [-1,0]'], PREMIER_LEAGUE, 2025)).toMatch(/^scores:/);
  const long = roundRobin(20).map((m, i) => (i === 0 ? { ...m, home: 'x'.repeat(5000) } : m));
  expect(fileProblem(long, [], PREMIER_LEAGUE, 2025)).toMatch(/^club names: a name of 5000 characters \("x+…\), at most 80 accepted$/);
  expect(namesProblem(['Brighton & Hove Albion FC'])).toBeNull();
  const longRound = roundRobin(20).map((m, i) => ({ ...m, round: i === 7 ? 'r'.repeat(61) : 'Matchday 1' }));
  expect(fileProblem(longRound, [], PREMIER_LEAGUE, 2025)).toMatch(/^round names: a name of 61 characters/);
});

it('cuts upstream text to a few hundred characters', () => {
  expect(clip('short')).toBe('short');
  expect(clip('y'.repeat(10_000))).toHaveLength(200);
  expect(clip('y'.repeat(10_000)).endsWith('…')).toBe(true);
});
