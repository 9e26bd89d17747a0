import type { MatchEvent } from '@matchday/contracts';
import { playerLineEvents, scorerName, type PlayerEventLine } from '../player-events';

const HOME = 1;
const AWAY = 2;
const KICKOFF = '2024-12-04T19:30:00.000Z';
const match = (goalsHome: number, goalsAway: number) => ({
  homeTeamId: HOME,
  awayTeamId: AWAY,
  status: 'finished',
  goalsHome,
  goalsAway,
  kickoff: KICKOFF,
});
const line = (teamId: number, name: string, figures: Partial<PlayerEventLine> = {}): PlayerEventLine => ({
  teamId,
  name,
  goals: 0,
  ownGoals: 0,
  assists: 0,
  yellowCards: 0,
  redCards: 0,
  ...figures,
});
const goals = (events: MatchEvent[]) =>
  events.filter((e) => e.kind === 'goal').map((e) => `${e.teamId}:${e.scorer}${e.goalKind === 'own-goal' ? ' og' : ''}`);

describe('goals and cards from player lines without minutes', () => {
  it('each goal of each scorer, minute null, no running score, kick-off as its instant', () => {
    const events = playerLineEvents(
      match(3, 3),
      [
        line(HOME, 'Isak', { goals: 1 }),
        line(HOME, 'Schär', { goals: 1 }),
        line(HOME, 'Gordon', { goals: 1 }),
        line(AWAY, 'Jones', { goals: 1 }),
        line(AWAY, 'Salah', { goals: 2 }),
      ],
      [],
    );
    expect(goals(events)).toEqual(['1:Isak', '1:Schär', '1:Gordon', '2:Jones', '2:Salah', '2:Salah']);
    expect(events.every((e) => e.minute === null && e.homeScore === null && e.goalKind === null && e.at === KICKOFF)).toBe(true);
    expect(events.map((e) => e.seq)).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('an own goal counts for the other side and is marked', () => {
    expect(goals(playerLineEvents(match(1, 0), [line(HOME, 'A'), line(AWAY, 'Keeper', { ownGoals: 1 })], []))).toEqual(['1:Keeper og']);
  });

  it('a side whose lines do not make its score gets no goals; the other side keeps its own', () => {
    const events = playerLineEvents(match(2, 1), [line(HOME, 'A', { goals: 1 }), line(AWAY, 'B', { goals: 1 })], []);
    expect(goals(events)).toEqual(['2:B']);
  });

  it('an assist only on a side with one goal and one assist', () => {
    const one = playerLineEvents(match(1, 0), [line(HOME, 'A', { goals: 1 }), line(HOME, 'B', { assists: 1 })], []);
    expect(one[0]!.assist).toBe('B');
    const two = playerLineEvents(match(2, 0), [line(HOME, 'A', { goals: 2 }), line(HOME, 'B', { assists: 1 })], []);
    expect(two.every((e) => e.assist === undefined)).toBe(true);
  });

  it('cards by player; nothing for a match not finished; no goals where the timeline has goals with minutes', () => {
    const lines = [line(HOME, 'A', { goals: 1, yellowCards: 1 }), line(AWAY, 'B', { yellowCards: 1, redCards: 1 })];
    const events = playerLineEvents(match(1, 0), lines, []);
    expect(events.filter((e) => e.kind !== 'goal').map((e) => `${e.kind}:${e.player}`)).toEqual([
      'yellow-card:A',
      'yellow-card:B',
      'red-card:B',
    ]);
    expect(playerLineEvents({ ...match(1, 0), status: 'live' }, lines, [])).toEqual([]);
    const timed = { seq: 4, kind: 'goal', minute: 12 } as MatchEvent;
    const after = playerLineEvents(match(1, 0), lines, [timed]);
    expect(after.map((e) => [e.seq, e.kind])).toEqual([
      [5, 'yellow-card'],
      [6, 'yellow-card'],
      [7, 'red-card'],
    ]);
  });
});

describe('scorer names', () => {
  it("FPL's web name without its initial, else the name", () => {
    expect(scorerName('M.Salah', 'Mohamed Salah')).toBe('Salah');
    expect(scorerName('Schär', 'Fabian Schär')).toBe('Schär');
    expect(scorerName('B.Fernandes', 'Bruno Fernandes')).toBe('Fernandes');
    expect(scorerName(null, 'Kylian Mbappé')).toBe('Kylian Mbappé');
  });
});
