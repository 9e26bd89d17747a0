import { ConfigError } from '@matchday/server';
import { liveFeedConfig } from '../src/config';
import { listedEvents, liveMatchEvents, periodsOf } from '../src/importers/sources/api-football-live';
import type { ApiFixtureEvent } from '../src/importers/sources/api-football-types';
import { fixtureAt, KICK_OFF, MIN } from './support/api-football-live';

/**
 * How API-Football's live answers become the feed's events (periods, goals, cards, VAR), and the live feed's
 * settings; the poller against a loopback API-Football: live-poller.test.ts.
 */

describe('API-Football live mapping', () => {
  const item = fixtureAt('2H', 60, [1, 1]);
  const goal = (minute: number, teamId: number, detail: string, extra: Partial<ApiFixtureEvent> = {}): ApiFixtureEvent => ({
    time: { elapsed: minute, extra: null },
    team: { id: teamId, name: teamId === 42 ? 'Arsenal' : 'Chelsea' },
    player: { id: null, name: null },
    type: 'Goal',
    detail,
    comments: null,
    ...extra,
  });

  it('names the periods of every status with the replay keys', () => {
    expect(periodsOf('NS', null, false, false)).toEqual([]);
    expect(periodsOf('2H', 50, false, false)).toEqual(['kick-off', 'half-time', 'second-half']);
    expect(periodsOf('BT', 90, false, false)).toEqual(['kick-off', 'half-time', 'second-half', 'end-of-90']);
    expect(periodsOf('ET', 95, true, false).slice(3)).toEqual(['end-of-90', 'extra-time']);
    expect(periodsOf('BT', 105, true, false).slice(3)).toEqual(['end-of-90', 'extra-time', 'extra-time-half-time']);
    expect(periodsOf('ET', 110, true, true).slice(5)).toEqual(['extra-time-half-time', 'extra-time-second-half']);
    expect(periodsOf('P', 120, true, true).slice(7)).toEqual(['end-of-extra-time', 'shoot-out']);
    expect(periodsOf('P', 90, false, false).slice(3)).toEqual(['end-of-90', 'shoot-out']);
    expect(periodsOf('FT', 90, false, false)).toEqual(['kick-off', 'half-time', 'second-half', 'full-time']);
    expect(periodsOf('AET', 120, true, true).slice(7)).toEqual(['full-time']);
    expect(periodsOf('PEN', 120, true, true).slice(7)).toEqual(['end-of-extra-time', 'shoot-out', 'full-time']);
  });

  it('counts an own goal for the team API-Football names; keeps cards at their minute; skips missed penalties, shoot-out kicks and substitutions', () => {
    const listed = listedEvents(item, [
      goal(12, 49, 'Own Goal', { player: { id: 4203, name: 'H. Defender' } }),
      goal(30, 42, 'Missed Penalty'),
      { ...goal(31, 42, 'Yellow Card', { player: { id: 4201, name: 'B. Striker' } }), type: 'Card' },
      { ...goal(46, 49, 'Substitution 1'), type: 'subst' },
      goal(120, 42, 'Penalty', { comments: 'Penalty Shootout' }),
      goal(50, 42, 'Penalty'),
      {
        ...goal(70, 49, 'Second Yellow card', { time: { elapsed: 90, extra: 2 }, player: { id: 4203, name: 'H. Defender' } }),
        type: 'Card',
      },
    ]);
    expect(listed.map((e) => [e.kind, e.side, e.goalKind, e.minute, e.stoppage, e.scorer])).toEqual([
      ['goal', 'away', 'own-goal', 12, null, 'H. Defender'],
      ['yellow-card', 'home', null, 31, null, 'B. Striker'],
      ['goal', 'home', 'penalty', 50, null, null],
      // a second yellow is the red card it makes
      ['red-card', 'away', null, 90, 2, 'H. Defender'],
    ]);
  });

  it('keys identical events apart by a counter, and reading the same list again adds nothing', () => {
    const twice = [
      goal(45, 42, 'Normal Goal', { time: { elapsed: 45, extra: 2 } }),
      goal(45, 42, 'Normal Goal', { time: { elapsed: 45, extra: 2 } }),
    ];
    const keys = listedEvents(item, twice).map((e) => e.key);
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^goal:45\+2:[0-9a-f]{10}:1$/);
    expect(keys[1]).toBe(keys[0]!.replace(/:1$/, ':2'));
    const now = new Date(KICK_OFF + 70 * MIN);
    const first = liveMatchEvents({ item, events: twice, stored: [], now });
    // in match order: both goals before half time, each with the score after it
    expect(first.map((e) => `${e.kind} ${e.score!.home}-${e.score!.away}`)).toEqual([
      'kick-off 0-0',
      'goal 1-0',
      'goal 2-0',
      'half-time 2-0',
      'second-half 2-0',
    ]);
    const stored = first.map((e) => ({
      key: e.key,
      kind: e.kind,
      side: e.side ?? null,
      minute: e.minute ?? null,
      stoppage: e.stoppage ?? null,
      cancelled: false,
    }));
    expect(liveMatchEvents({ item, events: twice, stored, now })).toEqual([]);
  });

  it('takes back nothing when no goal of that team came before the VAR decision', () => {
    const events = [{ ...goal(20, 49, 'Goal cancelled'), type: 'Var' }, goal(25, 49, 'Normal Goal')];
    expect(liveMatchEvents({ item, events, stored: [], now: new Date() }).map((e) => e.kind)).toEqual([
      'kick-off',
      'goal',
      'half-time',
      'second-half',
    ]);
  });

  it('reads its settings from the environment: none without a key, defaults, a bad value stops the start', () => {
    expect(liveFeedConfig({})).toBeNull();
    expect(liveFeedConfig({ API_FOOTBALL_KEY: 'k' })).toEqual({
      key: 'k',
      baseUrl: 'https://v3.football.api-sports.io',
      pollMs: 15_000,
      dailyRequests: 7000,
    });
    expect(liveFeedConfig({ API_FOOTBALL_KEY: 'k', LIVE_POLL_MS: '30000', LIVE_DAILY_REQUESTS: '90' })).toMatchObject({
      pollMs: 30_000,
      dailyRequests: 90,
    });
    expect(() => liveFeedConfig({ API_FOOTBALL_KEY: 'k', LIVE_POLL_MS: '10' })).toThrow(ConfigError);
    expect(() => liveFeedConfig({ API_FOOTBALL_KEY: 'k', LIVE_DAILY_REQUESTS: 'lots' })).toThrow(/LIVE_DAILY_REQUESTS/);
  });
});
