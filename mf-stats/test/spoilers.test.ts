import type { FixtureStats, Follow, MatchEvent, UserPreferences } from '@matchday/contracts';
import { DEFAULT_ALERTS } from '@matchday/contracts';
import { spoilerCovers } from '@matchday/ui/unshared';
import { comparisonGroups } from '../src/features/fixture-stats/rules/comparison';
import { scoreFreeRows, timelineRows } from '../src/features/fixture-stats/rules/timeline';
import { coversResults, fixtureStatsMatch, h2hMatch, recentFixtureMatches, type SpoilerSettings } from '../src/lib/spoilers';

const PL = 39;
const LIGA = 140;
const ARSENAL = 42;
const CHELSEA = 49;
const SPURS = 47;

function prefs(spoilerFree: boolean, spoilerScope: UserPreferences['spoilerScope'] = 'all'): UserPreferences {
  return {
    theme: 'light',
    spoilerFree,
    spoilerScope,
    alerts: DEFAULT_ALERTS,
    quietHours: null,
    timeZone: 'Europe/London',
    followPromptDismissed: false,
  };
}

const follow = (kind: Follow['kind'], id: number): Follow => ({
  kind,
  id,
  name: `${kind} ${id}`,
  image: null,
  createdAt: '2025-01-01T00:00:00Z',
});

describe('coversResults: a table or a team form in spoiler-free mode', () => {
  const table = { leagueId: PL, teamIds: [ARSENAL, CHELSEA, SPURS] };
  const settings = (over: Partial<SpoilerSettings>): SpoilerSettings => ({ prefs: prefs(false), follows: [], lastKnown: false, ...over });

  it('covers nothing with the mode off, whatever is followed', () => {
    expect(coversResults(settings({ prefs: prefs(false), follows: [follow('league', PL)] }), table)).toBe(false);
  });

  it("covers every table with scope 'all'", () => {
    expect(coversResults(settings({ prefs: prefs(true, 'all'), follows: [] }), table)).toBe(true);
  });

  it("with scope 'followed' covers a table of a followed league or holding a followed team, and no other", () => {
    const on = prefs(true, 'followed');
    expect(coversResults(settings({ prefs: on, follows: [follow('league', PL)] }), table)).toBe(true);
    expect(coversResults(settings({ prefs: on, follows: [follow('team', SPURS)] }), table)).toBe(true);
    expect(coversResults(settings({ prefs: on, follows: [follow('league', LIGA), follow('team', 529)] }), table)).toBe(false);
    // a followed player is not a followed team
    expect(coversResults(settings({ prefs: on, follows: [follow('player', ARSENAL)] }), table)).toBe(false);
  });

  it('keeps a followed-scope table covered while the follows load, and uncovered for a signed-out reply (null)', () => {
    expect(coversResults(settings({ prefs: prefs(true, 'followed'), follows: undefined }), table)).toBe(true);
    expect(coversResults(settings({ prefs: prefs(true, 'followed'), follows: null }), table)).toBe(false);
  });

  it('uses the mode last seen here while the preferences load, and none for a signed-out reply (null)', () => {
    expect(coversResults(settings({ prefs: undefined, lastKnown: true }), table)).toBe(true);
    expect(coversResults(settings({ prefs: undefined, lastKnown: false }), table)).toBe(false);
    expect(coversResults(settings({ prefs: null, lastKnown: true }), table)).toBe(false);
  });
});

describe('the matches the stats screens ask spoiler-free mode about', () => {
  const followed = prefs(true, 'followed');

  it('reads a head-to-head meeting by its fixture id, not its row id', () => {
    const match = h2hMatch({ fixtureId: 9001, homeTeamId: ARSENAL, awayTeamId: CHELSEA, leagueId: PL });
    expect(match).toEqual({ id: 9001, homeTeamId: ARSENAL, awayTeamId: CHELSEA, leagueId: PL });
  });

  it("reads the match page's fixture by fixtureId", () => {
    const stats = { fixtureId: 77, homeTeamId: SPURS, awayTeamId: ARSENAL, leagueId: PL } as Pick<
      FixtureStats,
      'fixtureId' | 'homeTeamId' | 'awayTeamId' | 'leagueId'
    >;
    expect(fixtureStatsMatch(stats)).toEqual({ id: 77, homeTeamId: SPURS, awayTeamId: ARSENAL, leagueId: PL });
  });

  it("places the player's club on the side the fixture says, once per club of the season", () => {
    const away = { fixtureId: 5, leagueId: PL, againstTeamId: CHELSEA, isHome: false };
    expect(recentFixtureMatches(away, [ARSENAL])).toEqual([{ id: 5, homeTeamId: CHELSEA, awayTeamId: ARSENAL, leagueId: PL }]);
    const home = { ...away, isHome: true };
    expect(recentFixtureMatches(home, [ARSENAL, SPURS]).map((m) => [m.homeTeamId, m.awayTeamId])).toEqual([
      [ARSENAL, CHELSEA],
      [SPURS, CHELSEA],
    ]);
  });

  it("hides a player's recent fixture when any club he played for this season is followed", () => {
    // he moved from Spurs to Arsenal: a fan of Spurs is not told how his Spurs matches ended
    const fixture = { fixtureId: 5, leagueId: LIGA, againstTeamId: CHELSEA, isHome: true };
    const hides = (teamIds: number[]) =>
      recentFixtureMatches(fixture, teamIds).some((m) => spoilerCovers(followed, [follow('team', SPURS)], m));
    expect(hides([ARSENAL, SPURS])).toBe(true);
    expect(hides([ARSENAL])).toBe(false);
  });
});

describe('the match page with its score hidden', () => {
  let seq = 0;
  const ev = (kind: MatchEvent['kind'], extra: Partial<MatchEvent> = {}): MatchEvent => ({
    seq: ++seq,
    kind,
    minute: null,
    stoppage: null,
    teamId: null,
    scorer: null,
    goalKind: null,
    homeScore: null,
    awayScore: null,
    cancelled: false,
    at: '2022-12-18T15:00:00.000Z',
    ...extra,
  });
  const events = [
    ev('kick-off'),
    ev('goal', { minute: 23, teamId: 3, scorer: 'Lionel Messi', goalKind: 'penalty', homeScore: 1, awayScore: 0 }),
    ev('half-time', { homeScore: 1, awayScore: 0 }),
    ev('second-half'),
    ev('goal', { minute: 80, teamId: 5, scorer: 'Kylian Mbappé', homeScore: 1, awayScore: 1 }),
    ev('end-of-90', { homeScore: 1, awayScore: 1 }),
    ev('extra-time'),
    ev('shoot-out'),
    ev('goal-cancelled', { minute: 100, teamId: 5, homeScore: 1, awayScore: 1, cancelsSeq: 5 }),
    ev('full-time', { homeScore: 1, awayScore: 1 }),
  ];
  const rows = timelineRows(events, { homeTeamId: 3, homeName: 'Argentina', awayName: 'France' }, { penaltiesHome: 4, penaltiesAway: 2 });

  it('keeps only kick-off, half-time, second half and full time, with no score, note or side', () => {
    const shown = scoreFreeRows(rows);
    expect(shown.map((row) => row.kind)).toEqual(['kick-off', 'half-time', 'second-half', 'full-time']);
    expect(shown.every((row) => row.score === null && row.detail === null && row.team === null && row.side === null)).toBe(true);
    // the full rows did carry them: the rule is what removes them
    expect(rows.find((row) => row.kind === 'full-time')?.detail).toBe('(4–2 pens)');
    expect(rows.find((row) => row.kind === 'half-time')?.score).toBe('1–0');
  });

  it('says nothing of any scorer', () => {
    const text = JSON.stringify(scoreFreeRows(rows));
    expect(text).not.toContain('Messi');
    expect(text).not.toContain('Mbapp');
  });

  it('leaves the Goals row out of the comparison cards, and only it', () => {
    const stats = {
      homeTeamGoalScored: 3,
      awayTeamGoalScored: 1,
      homeTeamTotalShots: 12,
      awayTeamTotalShots: 7,
    } as unknown as FixtureStats;
    const labels = (groups: ReturnType<typeof comparisonGroups>) => groups.flatMap((group) => group.rows.map((row) => row.label));
    const full = labels(comparisonGroups(stats));
    const hidden = labels(comparisonGroups(stats, { hideGoals: true }));
    expect(full).toContain('Goals');
    expect(hidden).not.toContain('Goals');
    expect(hidden).toEqual(full.filter((label) => label !== 'Goals'));
  });
});
