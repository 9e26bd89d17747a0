import { DEFAULT_ALERTS, type Follow, type UserPreferences } from '@matchday/contracts';
import { spoilerCovers, spoilerHidden } from '../src/personal';

const prefs = (spoilerFree: boolean, spoilerScope: 'all' | 'followed'): UserPreferences => ({
  theme: 'dark',
  spoilerFree,
  spoilerScope,
  alerts: DEFAULT_ALERTS,
  quietHours: null,
  timeZone: 'UTC',
  followPromptDismissed: false,
});
const follow = (kind: Follow['kind'], id: number): Follow => ({
  kind,
  id,
  name: `${kind} ${id}`,
  image: null,
  createdAt: '2026-11-25T00:00:00Z',
});
const match = { id: 7, homeTeamId: 1, awayTeamId: 2, leagueId: 30 };
const state = (over: Partial<Parameters<typeof spoilerHidden>[0]>) => ({
  prefs: prefs(true, 'all'),
  follows: [] as Follow[],
  followsFailed: false,
  revealed: new Set<number>(),
  lastKnown: () => false,
  ...over,
});

describe('spoiler-free mode: which scores a screen hides', () => {
  it("scope 'all' hides every match; off hides none; a revealed match shows", () => {
    expect(spoilerHidden(state({}), match)).toBe(true);
    expect(spoilerHidden(state({ prefs: prefs(false, 'all') }), match)).toBe(false);
    expect(spoilerHidden(state({ revealed: new Set([7]) }), match)).toBe(false);
    expect(spoilerHidden(state({ revealed: new Set([8]) }), match)).toBe(true);
  });

  it("scope 'followed' hides only matches of followed teams or leagues", () => {
    const followed = prefs(true, 'followed');
    expect(spoilerCovers(followed, [follow('team', 2)], match)).toBe(true);
    expect(spoilerCovers(followed, [follow('league', 30)], match)).toBe(true);
    expect(spoilerCovers(followed, [follow('team', 3), follow('player', 1), follow('league', 31)], match)).toBe(false);
  });

  it('while the preferences load the last known mode applies; while follows load every match is hidden', () => {
    expect(spoilerHidden(state({ prefs: undefined, lastKnown: () => true }), match)).toBe(true);
    expect(spoilerHidden(state({ prefs: undefined, lastKnown: () => false }), match)).toBe(false);
    expect(spoilerHidden(state({ prefs: prefs(true, 'followed'), follows: undefined }), match)).toBe(true);
    expect(spoilerHidden(state({ prefs: prefs(true, 'followed'), follows: undefined, followsFailed: true }), match)).toBe(false);
    expect(spoilerHidden(state({ prefs: prefs(true, 'followed'), follows: [] }), match)).toBe(false);
  });
});
