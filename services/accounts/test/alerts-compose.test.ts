import { DEFAULT_ALERTS, type Fixture, type LiveChange, type MatchEvent } from '@matchday/contracts';
import {
  composeEventAlert,
  composeKickOffAlert,
  composeLineupsAlert,
  inQuietHours,
  markReplay,
  type RecipientPreferences,
} from '../src/modules/alerts/compose';

const FIXTURE: Fixture = {
  id: 77,
  homeTeam: 'Argentina',
  awayTeam: 'Saudi Arabia',
  homeTeamId: 1,
  awayTeamId: 2,
  homeTeamLogo: null,
  awayTeamLogo: null,
  leagueId: 9,
  leagueName: 'World Cup',
  leagueColor: null,
  season: 2022,
  eventDate: '2022-11-22T10:00:00.000Z',
  venue: 'Lusail Stadium',
  venueCity: 'Lusail',
  round: 'Group C',
  status: 'live',
  goalsHome: 1,
  goalsAway: 1,
};

const STORED = Date.parse('2022-11-22T10:53:10Z');

function change(event: Partial<MatchEvent>): LiveChange {
  const full: MatchEvent = {
    seq: 4,
    kind: 'goal',
    minute: 53,
    stoppage: null,
    teamId: 2,
    scorer: 'Salem Al-Dawsari',
    goalKind: 'goal',
    homeScore: 1,
    awayScore: 2,
    cancelled: false,
    at: '2022-11-22T10:53:00.000Z',
    ...event,
  };
  return {
    feedSeq: 40,
    fixtureId: 77,
    event: full,
    match: {
      fixtureId: 77,
      leagueId: 9,
      homeTeamId: 1,
      awayTeamId: 2,
      homeTeam: 'Argentina',
      awayTeam: 'Saudi Arabia',
      status: 'live',
      period: '2H',
      minute: '53',
      goalsHome: full.homeScore,
      goalsAway: full.awayScore,
      penaltiesHome: null,
      penaltiesAway: null,
      lastSeq: full.seq,
      updatedAt: full.at,
    },
    storedAt: new Date(STORED).toISOString(),
  };
}

const PREFS: RecipientPreferences = {
  alerts: { ...DEFAULT_ALERTS },
  quietHours: null,
  timeZone: 'UTC',
  spoilerFree: false,
  spoilerScope: 'all',
};

describe('alert composition (every decision on the server)', () => {
  it('a goal: the score line, scorer and minute, high urgency, a topic per goal, TTL 10 min less its age', () => {
    const alert = composeEventAlert(change({}), FIXTURE, PREFS, STORED + 2_000)!;
    expect(alert.alert).toMatchObject({
      kind: 'goal',
      title: 'Goal! Argentina 1–2 Saudi Arabia',
      body: 'Salem Al-Dawsari 53′ · World Cup',
      url: '/fixture-stats/77',
    });
    expect(alert.urgency).toBe('high');
    expect(alert.topic).toBe('g77s4');
    expect(alert.topic).toMatch(/^[A-Za-z0-9_-]{1,32}$/);
    expect(alert.ttlSeconds).toBe(598);
    expect(alert.key).toBe('goal:77:4');
  });

  it("says, while a replay is served, that the alert comes from one and names the match's real day", () => {
    const alert = composeEventAlert(change({}), FIXTURE, PREFS, STORED + 2_000)!;
    // the replay stored the match 1,467 days after it was played: its real day is Tue 22 Nov 2022
    const shiftMs = 1_467 * 86_400_000;
    const stored = { ...FIXTURE, eventDate: new Date(Date.parse(FIXTURE.eventDate) + shiftMs).toISOString() };
    expect(markReplay(alert, stored, { shiftMs }).alert).toMatchObject({
      title: 'Goal! Argentina 1–2 Saudi Arabia',
      body: 'Salem Al-Dawsari 53′ · World Cup · Replay: played Tue 22 Nov 2022',
    });
    expect(markReplay(alert, FIXTURE, null)).toBe(alert);
  });

  it('a cancelled goal carries the tag and topic of the goal it takes back', () => {
    const cancel = composeEventAlert(
      change({ seq: 5, kind: 'goal-cancelled', cancelsSeq: 4, homeScore: 1, awayScore: 1 }),
      FIXTURE,
      PREFS,
      STORED,
    )!;
    expect(cancel.alert.title).toBe('Goal cancelled: Argentina 1–1 Saudi Arabia');
    expect(cancel.topic).toBe('g77s4');
    expect(cancel.alert.tag).toBe('g77s4');
    expect(cancel.key).toBe('goal-cancelled:77:5');
  });

  it('nothing once the TTL has passed (a restarted sender sends no old goals), nor for a switched-off type', () => {
    expect(composeEventAlert(change({}), FIXTURE, PREFS, STORED + 10 * 60_000)).toBeNull();
    expect(composeEventAlert(change({}), FIXTURE, { ...PREFS, alerts: { ...DEFAULT_ALERTS, goal: false } }, STORED)).toBeNull();
    expect(composeEventAlert(change({ kind: 'second-half' }), FIXTURE, PREFS, STORED)).toBeNull();
  });

  it('spoiler-free mode sends no result (goal, half time, full time), a kick-off reminder still goes', () => {
    const spoilerFree = { ...PREFS, spoilerFree: true };
    for (const kind of ['goal', 'half-time', 'full-time', 'goal-cancelled'] as const) {
      expect(
        composeEventAlert(change({ kind }), FIXTURE, { ...spoilerFree, alerts: { ...DEFAULT_ALERTS, 'half-time': true } }, STORED),
      ).toBeNull();
    }
    const kickOff = Date.parse(FIXTURE.eventDate);
    expect(composeKickOffAlert({ ...FIXTURE, status: 'scheduled' }, spoilerFree, kickOff - 29 * 60_000)?.alert.title).toBe(
      'Argentina v Saudi Arabia kicks off at 10:00',
    );
  });

  it('full time keeps two hours; the kick-off reminder lives until kick-off, in the user time zone', () => {
    expect(composeEventAlert(change({ kind: 'full-time' }), FIXTURE, PREFS, STORED)!.ttlSeconds).toBe(7200);
    const kickOff = Date.parse(FIXTURE.eventDate);
    const reminder = composeKickOffAlert(FIXTURE, { ...PREFS, timeZone: 'Asia/Kolkata' }, kickOff - 20 * 60_000)!;
    expect(reminder.alert.title).toBe('Argentina v Saudi Arabia kicks off at 15:30');
    expect(reminder.ttlSeconds).toBe(20 * 60);
    expect(composeKickOffAlert(FIXTURE, PREFS, kickOff + 1)).toBeNull();
  });

  it('quiet hours apply in the user time zone, across midnight', () => {
    const quiet = { start: '22:00', end: '07:00' };
    // 23:30 in Kolkata is 18:00 UTC
    expect(inQuietHours(quiet, 'Asia/Kolkata', Date.parse('2022-11-22T18:00:00Z'))).toBe(true);
    expect(inQuietHours(quiet, 'UTC', Date.parse('2022-11-22T18:00:00Z'))).toBe(false);
    expect(inQuietHours(quiet, 'UTC', Date.parse('2022-11-22T06:59:00Z'))).toBe(true);
    expect(inQuietHours(quiet, 'UTC', Date.parse('2022-11-22T07:00:00Z'))).toBe(false);
    expect(inQuietHours({ start: '13:00', end: '15:00' }, 'UTC', Date.parse('2022-11-22T14:00:00Z'))).toBe(true);
    expect(inQuietHours(null, 'UTC', 0)).toBe(false);
    expect(composeEventAlert(change({}), FIXTURE, { ...PREFS, quietHours: { start: '10:00', end: '11:00' } }, STORED)).toBeNull();
  });

  it("names national teams with their flags, as the football service sends them, in every alert's text; clubs by name alone", () => {
    const nations: Fixture = { ...FIXTURE, homeTeamFlag: '🇦🇷', awayTeamFlag: '🇸🇦' };
    expect(composeEventAlert(change({}), nations, PREFS, STORED)!.alert.title).toBe('Goal! 🇦🇷 Argentina 1–2 🇸🇦 Saudi Arabia');
    expect(composeEventAlert(change({ kind: 'full-time' }), nations, PREFS, STORED)!.alert.title).toBe(
      'Full time: 🇦🇷 Argentina 1–2 🇸🇦 Saudi Arabia',
    );
    const red = composeEventAlert(change({ kind: 'red-card', player: 'Abdulelah Al-Malki', scorer: null }), nations, PREFS, STORED)!;
    expect(red.alert).toMatchObject({
      title: 'Red card: Abdulelah Al-Malki (🇸🇦 Saudi Arabia) 53′',
      body: '🇦🇷 Argentina 1–2 🇸🇦 Saudi Arabia · World Cup',
    });
    const kickOff = Date.parse(FIXTURE.eventDate);
    const scheduled = { ...nations, status: 'scheduled' as const };
    expect(composeKickOffAlert(scheduled, PREFS, kickOff - 29 * 60_000)!.alert.title).toBe(
      '🇦🇷 Argentina v 🇸🇦 Saudi Arabia kicks off at 10:00',
    );
    expect(composeLineupsAlert(scheduled, PREFS, kickOff - 60 * 60_000)!.alert.title).toBe(
      'Line-ups are out: 🇦🇷 Argentina v 🇸🇦 Saudi Arabia',
    );
    // a club (no flag sent): its name alone, as before
    expect(composeKickOffAlert({ ...FIXTURE, homeTeamFlag: '🇦🇷' }, PREFS, kickOff - 29 * 60_000)!.alert.title).toBe(
      '🇦🇷 Argentina v Saudi Arabia kicks off at 10:00',
    );
  });
});
