import type { LiveChange, LiveMatch, LiveSnapshot, MatchEvent } from '@matchday/contracts';
import {
  applyChange,
  applyPing,
  applySnapshot,
  applyTimeline,
  clockAt,
  dataAge,
  eventMinute,
  INITIAL_LIVE_STATE,
  isFresh,
  LIVE_FRESH_MS,
  liveView,
  mergeEvents,
  minuteText,
  resultNote,
  scoreAnnouncement,
  scoreText,
  timelineBehind,
  updatedAgo,
  withConnection,
  type LiveState,
} from '../src/live-state';

/** The 2022 World Cup final (Argentina 3 France, a.e.t., 4-2 pens) as the stream tells it, on a made-up clock. */
const ARG = 3;
const FRA = 5;
const KICK_OFF = Date.parse('2022-12-18T15:00:00Z');
const min = (m: number) => KICK_OFF + m * 60_000;

function event(seq: number, kind: MatchEvent['kind'], at: number, extra: Partial<MatchEvent> = {}): MatchEvent {
  return {
    seq,
    kind,
    minute: null,
    stoppage: null,
    teamId: null,
    scorer: null,
    goalKind: null,
    homeScore: null,
    awayScore: null,
    cancelled: false,
    at: new Date(at).toISOString(),
    ...extra,
  };
}

function match(extra: Partial<LiveMatch> = {}): LiveMatch {
  return {
    fixtureId: 16,
    leagueId: 1,
    homeTeamId: 5,
    awayTeamId: 6,
    homeTeam: 'Argentina',
    awayTeam: 'France',
    status: 'live',
    period: '2H',
    minute: '79',
    goalsHome: 2,
    goalsAway: 0,
    penaltiesHome: null,
    penaltiesAway: null,
    lastSeq: 5,
    updatedAt: new Date(min(62)).toISOString(),
    ...extra,
  };
}

const goal = (seq: number, minute: number, teamId: number, scorer: string, home: number, away: number, extra: Partial<MatchEvent> = {}) =>
  event(seq, 'goal', min(minute), { minute, teamId, scorer, goalKind: 'goal', homeScore: home, awayScore: away, ...extra });

function change(feedSeq: number, ev: MatchEvent, m: Partial<LiveMatch>): LiveChange {
  return { feedSeq, fixtureId: 16, event: ev, match: match({ lastSeq: ev.seq, updatedAt: ev.at, ...m }), storedAt: ev.at };
}

const SNAPSHOT: LiveSnapshot = { feedSeq: 100, matches: [match()], at: new Date(min(95)).toISOString() };
const PEN_80 = change(101, goal(6, 80, FRA, 'Kylian Mbappé', 2, 1, { goalKind: 'penalty' }), { minute: '80', goalsHome: 2, goalsAway: 1 });
const GOAL_81 = change(102, goal(7, 81, FRA, 'Kylian Mbappé', 2, 2), { minute: '81', goalsHome: 2, goalsAway: 2 });

describe('the live state follows the snapshot and the changes, in order and each once', () => {
  const now = min(95);
  const start = applySnapshot(INITIAL_LIVE_STATE, SNAPSHOT, now);

  it('takes the snapshot: matches by fixture, the feed position, the time of the message', () => {
    expect(start.feedSeq).toBe(100);
    expect(start.matches.get(16)?.match.goalsHome).toBe(2);
    expect(start.lastMessageAt).toBe(now);
    expect(start.skewMs).toBe(0);
  });

  it('applies changes in feed order and moves the score in place', () => {
    const after = applyChange(applyChange(start, PEN_80, now + 1000), GOAL_81, now + 2000);
    expect(after.feedSeq).toBe(102);
    expect(after.matches.get(16)?.match).toMatchObject({ goalsHome: 2, goalsAway: 2, minute: '81', lastSeq: 7 });
    expect(after.timelines.get(16)?.events.map((e) => e.seq)).toEqual([6, 7]);
    expect(after.lastMessageAt).toBe(now + 2000);
  });

  it('drops a change it has already applied (a resumed stream sending it again), returning the same state', () => {
    const once = applyChange(start, PEN_80, now);
    expect(applyChange(once, PEN_80, now + 5)).toBe(once);
    // one the snapshot already holds
    expect(applyChange(start, { ...PEN_80, feedSeq: 99 }, now)).toBe(start);
  });

  it('never moves a match back to an earlier state', () => {
    const later = applyChange(start, GOAL_81, now);
    const stale = applyChange(later, { ...PEN_80, feedSeq: 103 }, now);
    expect(stale.matches.get(16)?.match.goalsAway).toBe(2);
    // the event still joins the timeline, in seq order
    expect(stale.timelines.get(16)?.events.map((e) => e.seq)).toEqual([6, 7]);
  });

  it('keeps a match seen finishing through a later snapshot, and drops one that ended unseen', () => {
    const fullTime = change(120, event(20, 'full-time', min(200), { homeScore: 3, awayScore: 3 }), {
      status: 'finished',
      period: 'FT',
      minute: 'FT',
      goalsHome: 3,
      goalsAway: 3,
      penaltiesHome: 4,
      penaltiesAway: 2,
    });
    const other = match({ fixtureId: 17 });
    const both = applySnapshot(INITIAL_LIVE_STATE, { ...SNAPSHOT, matches: [match(), other] }, now);
    const finished = applyChange(both, fullTime, now);
    const next = applySnapshot(finished, { feedSeq: 130, matches: [], at: new Date(min(210)).toISOString() }, now);
    expect(next.matches.get(16)?.match.status).toBe('finished');
    expect(next.matches.has(17)).toBe(false);
  });

  it('takes a lower feed position from a snapshot (the server started its feed again)', () => {
    const after = applyChange(start, PEN_80, now);
    const restarted = applySnapshot(after, { ...SNAPSHOT, feedSeq: 3 }, now);
    expect(restarted.feedSeq).toBe(3);
    expect(applyChange(restarted, { ...GOAL_81, feedSeq: 4 }, now).matches.get(16)?.match.goalsAway).toBe(2);
  });

  it('marks extra time once seen, for "a.e.t."', () => {
    const et = change(110, event(10, 'extra-time', min(140)), { period: 'ET1', minute: '91' });
    const after = applyChange(start, et, now);
    expect(after.matches.get(16)?.extraTime).toBe(true);
    const ft = applyChange(after, change(111, event(11, 'full-time', min(180)), { status: 'finished', period: 'FT', minute: 'FT' }), now);
    expect(ft.matches.get(16)?.extraTime).toBe(true);
  });
});

describe('timelines', () => {
  const kickOff = event(1, 'kick-off', min(0), { homeScore: 0, awayScore: 0 });
  const messi = goal(2, 23, ARG, 'Lionel Messi', 1, 0, { goalKind: 'penalty' });
  const diMaria = goal(3, 36, ARG, 'Ángel Di María', 2, 0);

  it('merges a read timeline with what the stream brought: seq order, each seq once', () => {
    const merged = mergeEvents([diMaria, PEN_80.event], [kickOff, messi, diMaria]);
    expect(merged.map((e) => e.seq)).toEqual([1, 2, 3, 6]);
  });

  it('a taken-back flag survives a merge with an older copy of the goal', () => {
    const merged = mergeEvents([{ ...diMaria, cancelled: true }], [diMaria]);
    expect(merged[0]!.cancelled).toBe(true);
  });

  it('a withdrawn event (its source no longer has it) is taken back by the seq it names, a goal-cancelled then takes another', () => {
    const card = event(4, 'yellow-card', min(30), { teamId: FRA, player: 'Adrien Rabiot' });
    const withdrawal = event(5, 'withdrawn', min(36), { teamId: ARG, minute: 36, cancelsSeq: 3 });
    const var1 = event(6, 'goal-cancelled', min(37), { teamId: ARG, homeScore: 1, awayScore: 0 });
    const merged = mergeEvents([kickOff, messi, diMaria, card], [withdrawal, var1]);
    expect(merged.filter((e) => e.cancelled).map((e) => e.seq)).toEqual([2, 3]);
  });

  it('a goal-cancelled takes back the latest earlier goal of its side, and only one', () => {
    const var1 = event(4, 'goal-cancelled', min(37), { teamId: ARG, homeScore: 1, awayScore: 0 });
    const merged = mergeEvents([kickOff, messi, diMaria, var1], []);
    expect(merged.filter((e) => e.cancelled).map((e) => e.seq)).toEqual([3]);
    // already marked by the server: nothing else is taken back
    const marked = mergeEvents([kickOff, messi, { ...diMaria, cancelled: true }, var1], []);
    expect(marked.filter((e) => e.cancelled).map((e) => e.seq)).toEqual([3]);
  });

  it('a read timeline is loaded; a failed read is marked and keeps the events known', () => {
    const streamed = applyChange(applySnapshot(INITIAL_LIVE_STATE, SNAPSHOT, 0), PEN_80, 0);
    const failed = applyTimeline(streamed, 16, null);
    expect(failed.timelines.get(16)).toMatchObject({ loaded: false, failed: true });
    expect(failed.timelines.get(16)?.events).toHaveLength(1);
    const read = applyTimeline(failed, 16, [kickOff, messi, diMaria]);
    expect(read.timelines.get(16)).toMatchObject({ loaded: true, failed: false });
    expect(read.timelines.get(16)?.events.map((e) => e.seq)).toEqual([1, 2, 3, 6]);
  });

  it('a read timeline older than the live match is behind (read again later)', () => {
    const live = applySnapshot(INITIAL_LIVE_STATE, SNAPSHOT, 0); // lastSeq 5
    expect(timelineBehind(applyTimeline(live, 16, [kickOff, messi, diMaria]), 16)).toBe(true);
    const complete = [kickOff, messi, diMaria, event(4, 'half-time', min(47)), event(5, 'second-half', min(62))];
    expect(timelineBehind(applyTimeline(live, 16, complete), 16)).toBe(false);
    // a hole before the stream's own events is behind too
    const holed = applyChange(applyTimeline(live, 16, [kickOff, messi]), PEN_80, 0);
    expect(holed.matches.get(16)?.match.lastSeq).toBe(6);
    expect(timelineBehind(holed, 16)).toBe(true);
    expect(timelineBehind(applyTimeline(holed, 16, complete), 16)).toBe(false);
  });
});

describe('staleness: a score with no news for 60 s is not shown as live', () => {
  const t0 = min(95);
  const open = withConnection(applySnapshot(INITIAL_LIVE_STATE, SNAPSHOT, t0), 'open', t0);

  it('is fresh while the stream is open and heard from (a change or the gateway’s 15 s ping); a silent open stream turns stale', () => {
    let heard = open;
    for (let t = t0 + 15_000; t <= t0 + 10 * 60_000; t += 15_000) heard = applyPing(heard, t);
    expect(isFresh(heard, t0 + 10 * 60_000 + 5_000)).toBe(true);
    expect(dataAge(heard, t0 + 10 * 60_000 + 5_000)).toBe(0);
    expect(isFresh(open, t0 + LIVE_FRESH_MS - 1)).toBe(true);
    expect(isFresh(open, t0 + LIVE_FRESH_MS)).toBe(false);
    expect(dataAge(open, t0 + 90_000)).toBe(90_000);
  });

  it('counts from the moment the stream dropped, and is stale from 60 s on', () => {
    const dropped = withConnection(open, 'reconnecting', t0 + 30_000);
    expect(dropped.currentAt).toBe(t0 + 30_000);
    expect(isFresh(dropped, t0 + 30_000 + LIVE_FRESH_MS - 1)).toBe(true);
    expect(isFresh(dropped, t0 + 30_000 + LIVE_FRESH_MS)).toBe(false);
    expect(dataAge(dropped, t0 + 100_000)).toBe(70_000);
    const entry = dropped.matches.get(16)!;
    expect(liveView(entry, dropped, t0 + 40_000).phase).toBe('live');
    expect(liveView(entry, dropped, t0 + 100_000)).toMatchObject({ phase: 'stale', ageMs: 70_000 });
    // going offline after reconnecting keeps the moment it dropped
    expect(withConnection(dropped, 'offline', t0 + 50_000).currentAt).toBe(t0 + 30_000);
  });

  it('a change while reconnecting (the browser resumed) is news again', () => {
    const dropped = withConnection(open, 'reconnecting', t0);
    const back = applyChange(dropped, PEN_80, t0 + 90_000);
    expect(isFresh(back, t0 + 90_000)).toBe(true);
  });

  it('says how old: "Updated 12 s ago", "Updated 3 min ago"', () => {
    expect(updatedAgo(2000)).toBe('Updated just now');
    expect(updatedAgo(12_400)).toBe('Updated 12 s ago');
    expect(updatedAgo(3 * 60_000 + 5000)).toBe('Updated 3 min ago');
    expect(updatedAgo(2 * 3600_000)).toBe('Updated 2 h ago');
  });
});

describe('the clock and the score as shown', () => {
  it('runs the clock on from the label and when it was given, with stoppage time past the period', () => {
    const entry = { match: match({ period: '1H', minute: '44' }), minuteAt: min(43.5), extraTime: false };
    expect(clockAt(entry, min(43.9))).toBe('44');
    expect(clockAt(entry, min(45.6))).toBe('45+1');
    expect(clockAt(entry, min(46.6))).toBe('45+2');
    const second = { match: match({ period: '2H', minute: '90+3' }), minuteAt: min(110), extraTime: false };
    expect(clockAt(second, min(111))).toBe('90+4');
  });

  it('stands still at HT, ET, Pens and FT', () => {
    for (const [period, minute] of [
      ['HT', 'HT'],
      ['BT', 'ET'],
      ['PEN', 'Pens'],
      ['FT', 'FT'],
    ] as const) {
      expect(clockAt({ match: match({ period, minute }), minuteAt: 0, extraTime: false }, min(500))).toBe(minute);
    }
  });

  it('writes minutes with a prime and scores with an en dash, "–" without a running score', () => {
    expect(minuteText('45+2')).toBe('45+2′');
    expect(minuteText('HT')).toBe('HT');
    expect(eventMinute({ minute: 90, stoppage: 8 })).toBe('90+8′');
    expect(eventMinute({ minute: null, stoppage: null })).toBe('');
    expect(scoreText(2, 1)).toBe('2–1');
    expect(scoreText(null, null)).toBe('–');
  });

  it('notes penalties and extra time after a final score', () => {
    expect(resultNote({ penaltiesHome: 4, penaltiesAway: 2 }, true)).toBe('(4–2 pens)');
    expect(resultNote({ penaltiesHome: null, penaltiesAway: null }, true)).toBe('a.e.t.');
    expect(resultNote(null, false)).toBeNull();
  });

  it('shows a finished match as FT with its note', () => {
    const state: LiveState = withConnection(INITIAL_LIVE_STATE, 'open', 0);
    const entry = {
      match: match({ status: 'finished', period: 'FT', minute: 'FT', goalsHome: 3, goalsAway: 3, penaltiesHome: 4, penaltiesAway: 2 }),
      minuteAt: 0,
      extraTime: true,
    };
    expect(liveView(entry, state, 0)).toMatchObject({ phase: 'finished', clock: 'FT', goalsHome: 3, note: '(4–2 pens)' });
  });
});

describe('screen reader announcements: one per score change, none for the clock', () => {
  it('announces a goal with its scorer, minute, kind and the score', () => {
    expect(scoreAnnouncement(PEN_80, 'Argentina', 'France', ARG)).toBe(
      'Goal for France! Kylian Mbappé, minute 80, penalty. Argentina 2, France 1.',
    );
  });

  it('announces a goal taken back, and nothing for a period', () => {
    const var1 = change(130, event(9, 'goal-cancelled', min(100), { teamId: FRA }), { goalsHome: 2, goalsAway: 1 });
    expect(scoreAnnouncement(var1, 'Argentina', 'France', ARG)).toBe('Goal disallowed for France. Argentina 2, France 1.');
    const ht = change(131, event(10, 'half-time', min(47)), { period: 'HT', minute: 'HT' });
    expect(scoreAnnouncement(ht, 'Argentina', 'France', ARG)).toBeNull();
  });
});
