import type { MatchEvent } from '@matchday/contracts';
import { onTheClock } from '../src/features/fixture-stats/rules/on-the-clock';
import { hasSummary, scorerSummary } from '../src/features/fixture-stats/rules/scorers';

const HOME = 10;
const AWAY = 20;
let seq = 0;
const event = (fields: Partial<MatchEvent>): MatchEvent => ({
  seq: ++seq,
  kind: 'goal',
  minute: null,
  stoppage: null,
  teamId: HOME,
  scorer: null,
  goalKind: null,
  homeScore: null,
  awayScore: null,
  cancelled: false,
  at: '2024-12-04T19:30:00.000Z',
  ...fields,
});

describe('the goals under the score', () => {
  it('without minutes: one line per scorer, "Salah 2", own goals marked under the side they counted for', () => {
    const summary = scorerSummary(
      [
        event({ scorer: 'Isak' }),
        event({ scorer: 'Schär' }),
        event({ scorer: 'Gordon' }),
        event({ teamId: AWAY, scorer: 'Jones' }),
        event({ teamId: AWAY, scorer: 'Salah' }),
        event({ teamId: AWAY, scorer: 'Salah' }),
        event({ teamId: AWAY, scorer: 'Burn', goalKind: 'own-goal' }),
        event({ kind: 'yellow-card', teamId: AWAY, player: 'Jones' }),
      ],
      HOME,
    );
    expect(summary.home.goals).toEqual(['Isak', 'Schär', 'Gordon']);
    expect(summary.away.goals).toEqual(['Jones', 'Salah 2', 'Burn (o.g.)']);
    expect(summary.away.redCards).toEqual([]);
  });

  it('with minutes: "Mbappé 80′ (pen.), 81′", stoppage time, goals taken back left out, red cards by side', () => {
    const summary = scorerSummary(
      [
        event({ scorer: 'Messi', minute: 23, goalKind: 'penalty' }),
        event({ teamId: AWAY, scorer: 'Mbappé', minute: 80, goalKind: 'penalty' }),
        event({ teamId: AWAY, scorer: 'Mbappé', minute: 81 }),
        event({ scorer: 'Di María', minute: 45, stoppage: 2 }),
        event({ scorer: 'Álvarez', minute: 60, cancelled: true }),
        event({ kind: 'red-card', teamId: HOME, player: 'Otamendi' }),
      ],
      HOME,
    );
    expect(summary.home.goals).toEqual(['Messi 23′ (pen.)', 'Di María 45+2′']);
    expect(summary.away.goals).toEqual(['Mbappé 80′ (pen.), 81′']);
    expect(summary.home.redCards).toEqual(['Otamendi']);
    expect(hasSummary(summary)).toBe(true);
    expect(hasSummary(scorerSummary([event({ kind: 'kick-off', teamId: null })], HOME))).toBe(false);
  });

  it('the timeline list keeps what is on the clock', () => {
    expect(onTheClock(event({ minute: 12 }))).toBe(true);
    expect(onTheClock(event({}))).toBe(false);
    expect(onTheClock(event({ kind: 'yellow-card' }))).toBe(false);
    expect(onTheClock(event({ kind: 'full-time', teamId: null }))).toBe(true);
  });
});
