import type { MatchEvent } from '@matchday/contracts';
import type { ImportedGoal, ImportedMatch, ImportedMatchEvent } from '../src/importers/model';
import { finalWhistle, matchTimeline } from '../src/importers/live-clock';
import { liveMatchOf, type FixtureLiveRow } from '../src/modules/live/match-state';

const MIN = 60_000;
const kickoff = new Date('2022-12-18T15:00:00Z');
const goal = (
  side: 'home' | 'away',
  minute: number,
  stoppage: number | null,
  scorer: string,
  kind: ImportedGoal['kind'] = 'goal',
): ImportedGoal => ({
  side,
  minute,
  stoppage,
  kind,
  scorer,
});

/** The 2022 World Cup final as openfootball has it: 3-3 a.e.t. (2-2, 2-0), 4-2 pens. */
const final: ImportedMatch = {
  source: 'openfootball',
  externalId: 'worldcup-2022/cup_finals.txt#final',
  leagueId: 1,
  season: 2022,
  kickoffAt: kickoff,
  status: 'finished',
  stage: 'knockout',
  home: { name: 'Argentina' },
  away: { name: 'France' },
  goals: { home: 2, away: 2 },
  halfTime: { home: 2, away: 0 },
  extraTime: { home: 3, away: 3 },
  penalties: { home: 4, away: 2 },
  goalEvents: [
    goal('home', 23, null, 'Lionel Messi', 'penalty'),
    goal('home', 36, null, 'Ángel Di María'),
    goal('away', 80, null, 'Kylian Mbappé', 'penalty'),
    goal('away', 81, null, 'Kylian Mbappé'),
    goal('home', 108, null, 'Lionel Messi'),
    goal('away', 118, null, 'Kylian Mbappé', 'penalty'),
  ],
};

const at = (ms: number) => new Date(kickoff.getTime() + ms).toISOString();

/**
 * The minute a live match shows at `now` (the football service's liveMatchOf, on the shared matchClock) after the
 * events of `timeline` released by then: the replay clock and the live clock must agree on every minute.
 */
function clockAt(timeline: readonly ImportedMatchEvent[], now: number): string {
  const released = timeline
    .filter((e) => e.at.getTime() <= now)
    .map((e, i) => ({ seq: i + 1, kind: e.kind, at: e.at.toISOString() }) as MatchEvent);
  const row = { status: 'live', goalsHomeEt: null } as unknown as FixtureLiveRow;
  return liveMatchOf(row, released, now).minute;
}

describe('the replay clock (README "Replay"): when each moment of a real match is released', () => {
  it('the World Cup final: goals on the minute, half time at 45 + 2, the restart 15 min later, extra time, the shoot-out', () => {
    const timeline = matchTimeline(final).map((e) => [e.kind, e.at.toISOString(), e.score ? `${e.score.home}-${e.score.away}` : null]);
    // first half: minute m at K + (m - 1); no first-half stoppage goal, so half time at K + 47
    // second half from R = K + 62: minute m at R + (m - 46); no 90+x goal, so full time at R + 49 = K + 111
    // extra time from K + 116: 91-105 (ends at +16: K + 132), 1 min break, 106-120 from K + 133 (ends K + 149)
    // shoot-out 5 min later (K + 154), result 10 min after that (K + 164)
    expect(timeline).toEqual([
      ['kick-off', at(0), '0-0'],
      ['goal', at(22 * MIN), '1-0'],
      ['goal', at(35 * MIN), '2-0'],
      ['half-time', at(47 * MIN), '2-0'],
      ['second-half', at(62 * MIN), '2-0'],
      ['goal', at(96 * MIN), '2-1'],
      ['goal', at(97 * MIN), '2-2'],
      ['end-of-90', at(111 * MIN), '2-2'],
      ['extra-time', at(116 * MIN), '2-2'],
      ['extra-time-half-time', at(132 * MIN), '2-2'],
      ['extra-time-second-half', at(133 * MIN), '2-2'],
      ['goal', at(135 * MIN), '3-2'],
      ['goal', at(145 * MIN), '3-3'],
      ['end-of-extra-time', at(149 * MIN), '3-3'],
      ['shoot-out', at(154 * MIN), '3-3'],
      ['full-time', at(164 * MIN), '3-3'],
    ]);
    expect(finalWhistle(final).toISOString()).toBe(at(164 * MIN));
  });

  it('as of 16:40 UTC the final stands at 2-2 with four goals in its timeline (Messi 23 pen., Di María 36, Mbappé 80 pen., 81)', () => {
    const now = new Date('2022-12-18T16:40:00Z').getTime();
    const happened = matchTimeline(final).filter((e) => e.at.getTime() <= now);
    const goals = happened
      .filter((e) => e.kind === 'goal')
      .map((e) => `${e.scorer} ${e.minute}${e.goalKind === 'penalty' ? ' (pen.)' : ''}`);
    expect(goals).toEqual(['Lionel Messi 23 (pen.)', 'Ángel Di María 36', 'Kylian Mbappé 80 (pen.)', 'Kylian Mbappé 81']);
    expect(happened[happened.length - 1]!.score).toEqual({ home: 2, away: 2 });
    // the clock a screen shows then, run on from the event that began the period: the 84th minute
    expect(clockAt(matchTimeline(final), now)).toBe('84');
  });

  it('every goal is released when the match clock shows its minute (stoppage time included), before the next minute', () => {
    const stoppage: ImportedMatch = {
      ...final,
      extraTime: null,
      penalties: null,
      goals: { home: 6, away: 2 },
      goalEvents: [goal('home', 45, 1, 'Raheem Sterling'), goal('home', 46, null, 'Bukayo Saka'), goal('away', 90, 13, 'Mehdi Taremi')],
    };
    for (const match of [final, stoppage]) {
      const timeline = matchTimeline(match);
      const goals = timeline.filter((e) => e.kind === 'goal');
      expect(goals).toHaveLength(match.goalEvents!.length);
      for (const scored of goals) {
        const shown = scored.stoppage ? `${scored.minute}+${scored.stoppage}` : String(scored.minute);
        expect([scored.scorer, clockAt(timeline, scored.at.getTime())]).toEqual([scored.scorer, shown]);
        expect([scored.scorer, clockAt(timeline, scored.at.getTime() + MIN - 1)]).toEqual([scored.scorer, shown]);
      }
    }
  });

  it('stoppage time moves half time and full time: 45+1 and 90+13', () => {
    const match: ImportedMatch = {
      ...final,
      extraTime: null,
      penalties: null,
      goals: { home: 6, away: 2 },
      goalEvents: [goal('home', 45, 1, 'Raheem Sterling'), goal('away', 90, 13, 'Mehdi Taremi', 'penalty')],
    };
    const events = matchTimeline(match);
    const when = (kind: string) => events.find((e) => e.kind === kind)!.at.toISOString();
    expect(events.find((e) => e.scorer === 'Raheem Sterling')!.at.toISOString()).toBe(at(45 * MIN)); // K + 44 + 1
    expect(when('half-time')).toBe(at(46 * MIN)); // s1 = 1
    expect(when('second-half')).toBe(at(61 * MIN));
    expect(events.find((e) => e.scorer === 'Mehdi Taremi')!.at.toISOString()).toBe(at((61 + 44 + 13) * MIN));
    expect(when('full-time')).toBe(at((61 + 45 + 13) * MIN)); // s2 = 13
    expect(events.some((e) => e.kind === 'extra-time')).toBe(false);
  });

  it('a source without minutes: live at kick-off, the half-time score at half time, the result at full time, no running score', () => {
    const match: ImportedMatch = {
      ...final,
      extraTime: null,
      penalties: null,
      goals: { home: 1, away: 3 },
      halfTime: { home: 0, away: 1 },
      goalEvents: null,
    };
    expect(matchTimeline(match).map((e) => [e.kind, e.at.toISOString(), e.score])).toEqual([
      ['kick-off', at(0), null],
      ['half-time', at(47 * MIN), { home: 0, away: 1 }],
      ['second-half', at(62 * MIN), { home: 0, away: 1 }],
      ['full-time', at(111 * MIN), { home: 1, away: 3 }],
    ]);
  });

  it('every event has a key unique in its match (written twice, stored once)', () => {
    const keys = matchTimeline(final).map((e) => e.key);
    expect(new Set(keys).size).toBe(keys.length);
  });
});
