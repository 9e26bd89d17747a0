import type { HeadToHeadMatch } from '@matchday/contracts';
import { goalsFor, isCompleted, summarise } from '../src/features/h2h/rules/summary';

/** A meeting of clubs 1 (Arsenal) and 2 (Chelsea); goals null: not played yet. */
const meeting = (
  id: number,
  eventDate: string,
  homeTeamId: 1 | 2,
  goalsHome: number | null,
  goalsAway: number | null,
): HeadToHeadMatch => ({
  id,
  fixtureId: 100 + id,
  leagueId: 39,
  leagueName: 'Premier League',
  eventDate,
  season: 2024,
  homeTeamId,
  awayTeamId: homeTeamId === 1 ? 2 : 1,
  homeTeam: homeTeamId === 1 ? 'Arsenal' : 'Chelsea',
  awayTeam: homeTeamId === 1 ? 'Chelsea' : 'Arsenal',
  homeTeamLogo: homeTeamId === 1 ? 'arsenal.png' : 'chelsea.png',
  awayTeamLogo: homeTeamId === 1 ? 'chelsea.png' : 'arsenal.png',
  goalsHome,
  goalsAway,
});

describe('head-to-head summary', () => {
  it('a meeting is completed only when both goals are present', () => {
    expect(isCompleted(meeting(1, '2024-01-01', 1, 2, 1))).toBe(true);
    expect(isCompleted(meeting(1, '2024-01-01', 1, 2, null))).toBe(false);
    expect(isCompleted(meeting(1, '2024-01-01', 1, null, null))).toBe(false);
  });

  it("reads goals from the given team's side, home or away", () => {
    const match = meeting(1, '2024-01-01', 2, 3, 1) as HeadToHeadMatch & { goalsHome: number; goalsAway: number };
    expect(goalsFor(match, 2)).toEqual([3, 1]);
    expect(goalsFor(match, 1)).toEqual([1, 3]);
  });

  it("counts wins over every completed meeting but the last five's figures over the five most recent only", () => {
    const matches = [
      meeting(1, '2019-05-01', 1, 5, 0), // the oldest: a win that counts in the tally, not in the last five
      meeting(2, '2020-05-01', 2, 1, 0), // Chelsea win at home
      meeting(3, '2021-05-01', 1, 1, 1),
      meeting(4, '2022-05-01', 2, 0, 3), // Arsenal win away by 3: the biggest win of the last five
      meeting(5, '2023-05-01', 1, 0, 2), // Arsenal lose at home by 2: the biggest defeat
      meeting(6, '2024-05-01', 1, 2, 1),
      meeting(7, '2026-05-01', 2, null, null), // upcoming
    ];
    const summary = summarise(matches, 1, 2);
    expect({ winsA: summary.winsA, draws: summary.draws, winsB: summary.winsB }).toEqual({ winsA: 3, draws: 1, winsB: 2 });
    expect(summary.lastFive.map((entry) => [entry.match.id, entry.letter])).toEqual([
      [6, 'W'],
      [5, 'L'],
      [4, 'W'],
      [3, 'D'],
      [2, 'L'],
    ]);
    expect([summary.lastFiveGoalsA, summary.lastFiveGoalsB]).toEqual([2 + 0 + 3 + 1 + 0, 1 + 2 + 0 + 1 + 1]);
    expect(summary.biggestWin?.id).toBe(4);
    expect(summary.biggestLoss?.id).toBe(5);
    expect(summary.upcoming.map((m) => m.id)).toEqual([7]);
    expect(summary.completed).toHaveLength(6);
  });

  it('names each side from the meetings, whichever side it played on, and puts upcoming meetings soonest first', () => {
    const summary = summarise([meeting(1, '2026-06-01', 2, null, null), meeting(2, '2026-05-01', 1, null, null)], 1, 2);
    expect(summary.teamA).toEqual({ id: 1, name: 'Arsenal', logo: 'arsenal.png' });
    expect(summary.teamB).toEqual({ id: 2, name: 'Chelsea', logo: 'chelsea.png' });
    expect(summary.upcoming.map((m) => m.id)).toEqual([2, 1]);
    expect(summary.biggestWin).toBeNull();
    expect(summary.biggestLoss).toBeNull();
  });

  it('has no biggest win or defeat when the last five are all draws, and an unknown team when there is no meeting', () => {
    const drawn = summarise([meeting(1, '2024-01-01', 1, 0, 0), meeting(2, '2024-02-01', 2, 2, 2)], 1, 2);
    expect([drawn.biggestWin, drawn.biggestLoss, drawn.draws]).toEqual([null, null, 2]);
    expect(summarise([], 1, 2).teamA).toEqual({ id: 1, name: 'Unknown team', logo: null });
  });
});
