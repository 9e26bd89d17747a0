import { DEFAULT_ALERTS, type Fixture, type Follow, type LiveChange, type MatchEvent } from '@matchday/contracts';
import { addToBell, BELL_SIZE, bellAlertOf, followedMatchMayBeLive } from '../src/alerts/bell-rules';

const follow = (kind: Follow['kind'], id: number): Follow => ({
  kind,
  id,
  name: `${kind} ${id}`,
  image: null,
  createdAt: '2026-11-25T00:00:00Z',
});

function change(kind: MatchEvent['kind'], seq = 3, leagueId = 5): LiveChange {
  const event: MatchEvent = {
    seq,
    kind,
    minute: 64,
    stoppage: null,
    teamId: 10,
    scorer: 'Lionel Messi',
    goalKind: 'penalty',
    homeScore: 2,
    awayScore: 1,
    cancelled: false,
    at: '2022-12-18T16:05:00.000Z',
  };
  return {
    feedSeq: 99,
    fixtureId: 64,
    event,
    match: {
      fixtureId: 64,
      leagueId,
      homeTeamId: 10,
      awayTeamId: 11,
      homeTeam: 'Argentina',
      awayTeam: 'France',
      status: 'live',
      period: '2H',
      minute: '64',
      goalsHome: 2,
      goalsAway: 1,
      penaltiesHome: null,
      penaltiesAway: null,
      lastSeq: seq,
      updatedAt: event.at,
    },
    storedAt: event.at,
  };
}

describe('the header bell', () => {
  it('lists a goal of a followed team or league in the words of the push alert', () => {
    expect(bellAlertOf(change('goal'), [follow('team', 11)], DEFAULT_ALERTS, false)).toMatchObject({
      key: 'goal:64:3',
      title: 'Goal! Argentina 2–1 France',
      detail: 'Lionel Messi (pen.) 64′',
      fixtureId: 64,
    });
    expect(bellAlertOf(change('goal'), [follow('league', 5)], DEFAULT_ALERTS, false)).not.toBeNull();
  });

  it("names a national team with its flag before its name at the World Cup, as push does; a club competition's teams without", () => {
    const worldCup = bellAlertOf(change('goal', 3, 1), [follow('team', 11)], DEFAULT_ALERTS, false);
    expect(worldCup?.title).toBe('Goal! 🇦🇷 Argentina 2–1 🇫🇷 France');
    const red = bellAlertOf(change('red-card', 3, 1), [follow('team', 11)], DEFAULT_ALERTS, false);
    expect(red?.detail).toBe('🇦🇷 Argentina 2–1 🇫🇷 France');
    expect(bellAlertOf(change('goal', 3, 39), [follow('team', 11)], DEFAULT_ALERTS, false)?.title).toBe('Goal! Argentina 2–1 France');
  });

  it('lists nothing for a match not followed, a hidden score, a switched-off type or a non-alert event', () => {
    expect(bellAlertOf(change('goal'), [follow('team', 12), follow('player', 10)], DEFAULT_ALERTS, false)).toBeNull();
    expect(bellAlertOf(change('goal'), [follow('team', 10)], DEFAULT_ALERTS, true)).toBeNull();
    expect(bellAlertOf(change('goal'), [follow('team', 10)], { ...DEFAULT_ALERTS, goal: false }, false)).toBeNull();
    expect(bellAlertOf(change('second-half'), [follow('team', 10)], DEFAULT_ALERTS, false)).toBeNull();
    expect(bellAlertOf(change('full-time'), [follow('team', 10)], DEFAULT_ALERTS, false)?.title).toBe('Full time: Argentina 2–1 France');
  });

  it('keeps the newest first, each event once, at most BELL_SIZE', () => {
    let list = addToBell([], bellAlertOf(change('goal', 1), [follow('team', 10)], DEFAULT_ALERTS, false)!);
    list = addToBell(list, bellAlertOf(change('goal', 1), [follow('team', 10)], DEFAULT_ALERTS, false)!);
    expect(list).toHaveLength(1);
    for (let seq = 2; seq < 40; seq += 1)
      list = addToBell(list, bellAlertOf(change('goal', seq), [follow('team', 10)], DEFAULT_ALERTS, false)!);
    expect(list).toHaveLength(BELL_SIZE);
    expect(list[0]!.key).toBe('goal:64:39');
  });

  describe('holds the live stream only while a followed match is live or about to start', () => {
    const kickOff = Date.parse('2022-12-18T15:00:00Z');
    const fixture = (status: Fixture['status'], extra: Partial<Fixture> = {}): Fixture => ({
      id: 64,
      homeTeam: 'Argentina',
      awayTeam: 'France',
      homeTeamId: 10,
      awayTeamId: 11,
      homeTeamLogo: null,
      awayTeamLogo: null,
      leagueId: 1,
      leagueName: 'World Cup',
      leagueColor: null,
      season: 2022,
      eventDate: new Date(kickOff).toISOString(),
      venue: null,
      venueCity: null,
      round: null,
      status,
      goalsHome: null,
      goalsAway: null,
      ...extra,
    });
    const minutes = (n: number) => kickOff + n * 60_000;

    it('a followed team or league playing, or within minutes of kick-off: yes', () => {
      expect(followedMatchMayBeLive([follow('team', 11)], [fixture('live')], minutes(50))).toBe(true);
      expect(followedMatchMayBeLive([follow('league', 1)], [fixture('scheduled')], minutes(-5))).toBe(true);
      expect(followedMatchMayBeLive([follow('team', 10)], [fixture('scheduled')], minutes(30))).toBe(true);
    });

    it('nothing followed in play, hours before kick-off, finished, or only a player followed: no', () => {
      expect(followedMatchMayBeLive([follow('team', 12)], [fixture('live')], minutes(50))).toBe(false);
      expect(followedMatchMayBeLive([follow('team', 10)], [fixture('scheduled')], minutes(-120))).toBe(false);
      expect(followedMatchMayBeLive([follow('team', 10)], [fixture('finished', { goalsHome: 3, goalsAway: 3 })], minutes(150))).toBe(false);
      expect(followedMatchMayBeLive([follow('player', 10)], [fixture('live')], minutes(50))).toBe(false);
      expect(followedMatchMayBeLive([follow('team', 10)], [], minutes(0))).toBe(false);
    });
  });
});
