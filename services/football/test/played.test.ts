import { finalResult, ninetyMinuteResult, playedOrLiveScore, playedScore } from '../src/lib/played';
import { TEAM_STAT_COLUMNS, TEAM_STAT_NAMES } from '../src/lib/team-stat-columns';

describe('the one rule for a played fixture', () => {
  it('is a finished fixture with both goals stored', () => {
    expect(playedScore({ status: 'finished', home: 2, away: 0 })).toEqual({ home: 2, away: 0 });
    expect(playedScore({ status: 'finished', home: '3' as unknown as number, away: 1 })).toEqual({ home: 3, away: 1 });
    expect(playedScore({ status: 'live', home: 1, away: 0 })).toBeNull();
    expect(playedScore({ status: 'finished', home: 1, away: null })).toBeNull();
    expect(playedScore({ status: 'scheduled', home: null, away: null })).toBeNull();
  });

  it("adds a live match's running score where a match screen shows one", () => {
    expect(playedOrLiveScore({ status: 'live', home: 1, away: 0 })).toEqual({ home: 1, away: 0 });
    expect(playedOrLiveScore({ status: 'finished', home: 2, away: 2 })).toEqual({ home: 2, away: 2 });
    expect(playedOrLiveScore({ status: 'live', home: null, away: null })).toBeNull();
    expect(playedOrLiveScore({ status: 'postponed', home: 1, away: 1 })).toBeNull();
    expect(playedOrLiveScore({ status: 'scheduled', home: null, away: null })).toBeNull();
  });

  it('reads the 90-minute or the final score, as the caller names it', () => {
    const row = { status: 'finished' as const, home_goals: 1, away_goals: 1, final_home_goals: 2, final_away_goals: 1 };
    expect(playedScore(ninetyMinuteResult(row))).toEqual({ home: 1, away: 1 });
    expect(playedScore(finalResult(row))).toEqual({ home: 2, away: 1 });
  });
});

describe('team statistic columns', () => {
  it('give every statistic the contracts name its own fixture_team_stats column', () => {
    expect(TEAM_STAT_NAMES).toHaveLength(15);
    expect(new Set(TEAM_STAT_NAMES.map((name) => TEAM_STAT_COLUMNS[name])).size).toBe(15);
    expect(TEAM_STAT_COLUMNS.ShotsOnGoal).toBe('shots_on_target');
    expect(TEAM_STAT_COLUMNS.YelloCards).toBe('yellow_cards');
  });
});
