import type { MatchEvent } from '@matchday/contracts';
import { timelineRows } from '../src/features/fixture-stats/rules/timeline';
import { BOU, ev, goal, LIV, LIV_BOU } from './support/match-events';

const ARG = 3;
const FRA = 5;
const TEAMS = { homeTeamId: ARG, homeName: 'Argentina', awayName: 'France' };

/** The 2022 World Cup final as its timeline has it (openfootball: goal minutes, extra time, shoot-out). */
const FINAL: MatchEvent[] = [
  ev('kick-off', { homeScore: 0, awayScore: 0 }),
  goal(23, ARG, 'Lionel Messi', 1, 0, { goalKind: 'penalty' }),
  goal(36, ARG, 'Ángel Di María', 2, 0),
  ev('half-time', { homeScore: 2, awayScore: 0 }),
  ev('second-half', { homeScore: 2, awayScore: 0 }),
  goal(80, FRA, 'Kylian Mbappé', 2, 1, { goalKind: 'penalty' }),
  goal(81, FRA, 'Kylian Mbappé', 2, 2),
  ev('end-of-90', { homeScore: 2, awayScore: 2 }),
  ev('extra-time', { homeScore: 2, awayScore: 2 }),
  goal(108, ARG, 'Lionel Messi', 3, 2),
  ev('extra-time-half-time', { homeScore: 2, awayScore: 2 }),
  ev('extra-time-second-half'),
  goal(118, FRA, 'Kylian Mbappé', 3, 3, { goalKind: 'penalty' }),
  ev('end-of-extra-time', { homeScore: 3, awayScore: 3 }),
  ev('shoot-out', { homeScore: 3, awayScore: 3 }),
  ev('full-time', { homeScore: 3, awayScore: 3 }),
];

describe('the match timeline', () => {
  it('lists goals with minute, side, scorer and kind, and the markers with the score', () => {
    const rows = timelineRows(FINAL, TEAMS, { penaltiesHome: 4, penaltiesAway: 2 });
    const goals = rows.filter((row) => row.kind === 'goal');
    expect(goals.map((row) => [row.minute, row.team, row.detail, row.score])).toEqual([
      ['23′', 'Argentina', 'Lionel Messi (pen.)', '1–0'],
      ['36′', 'Argentina', 'Ángel Di María', '2–0'],
      ['80′', 'France', 'Kylian Mbappé (pen.)', '2–1'],
      ['81′', 'France', 'Kylian Mbappé', '2–2'],
      ['108′', 'Argentina', 'Lionel Messi', '3–2'],
      ['118′', 'France', 'Kylian Mbappé (pen.)', '3–3'],
    ]);
    expect(rows.find((row) => row.kind === 'half-time')).toMatchObject({ minute: 'HT', label: 'Half-time', score: '2–0' });
    expect(rows.find((row) => row.kind === 'shoot-out')).toMatchObject({ label: 'Penalty shoot-out', score: null });
    expect(rows[rows.length - 1]).toMatchObject({ minute: 'FT', label: 'Full-time', score: '3–3', detail: '(4–2 pens)' });
  });

  it('says a.e.t. at full time when the shoot-out result is not known, and nothing after 90 minutes', () => {
    expect(timelineRows(FINAL, TEAMS, null).at(-1)?.detail).toBe('a.e.t.');
    const ninety = [ev('kick-off'), ev('half-time', { homeScore: 0, awayScore: 0 }), ev('full-time', { homeScore: 1, awayScore: 0 })];
    expect(timelineRows(ninety, TEAMS, null).at(-1)).toMatchObject({ detail: null, score: '1–0' });
  });

  it('leaves out what the source withdrew (a booking corrected upstream) and the withdrawal itself', () => {
    const card = ev('yellow-card', { minute: 43, teamId: ARG, player: 'Cristian Romero' });
    const moved = ev('yellow-card', { minute: 44, teamId: ARG, player: 'Cristian Romero' });
    const rows = timelineRows(
      [ev('kick-off'), card, ev('withdrawn', { minute: 43, teamId: ARG, cancelsSeq: card.seq, cancelled: false }), moved],
      TEAMS,
      null,
    );
    expect(rows.map((row) => [row.label, row.minute])).toEqual([
      ['Kick-off', ''],
      ['Yellow card', '44′'],
    ]);
  });

  it('shows "–" where the source has no running score, stoppage time, own goals and goals taken back', () => {
    const rows = timelineRows(
      [
        goal(45, FRA, 'Player', 0, 1, { stoppage: 2, goalKind: 'own-goal', cancelled: true }),
        ev('half-time'),
        ev('goal-cancelled', { minute: 47, teamId: FRA, homeScore: 0, awayScore: 0 }),
      ],
      TEAMS,
      null,
    );
    expect(rows[0]).toMatchObject({ minute: '45+2′', detail: 'Player (o.g.)', cancelled: true });
    expect(rows[1]).toMatchObject({ kind: 'half-time', score: '–' });
    expect(rows[2]).toMatchObject({ label: 'Goal disallowed', team: 'France', score: '0–0' });
  });

  it('puts cards and substitutions in minute order with the goals, with side and player; stoppage time kept', () => {
    const rows = timelineRows(
      [
        ev('kick-off', { homeScore: 0, awayScore: 0 }),
        ev('yellow-card', { minute: 14, teamId: BOU, player: 'David Brooks' }),
        goal(37, LIV, 'Hugo Ekitike', 1, 0),
        ev('half-time', { homeScore: 1, awayScore: 0 }),
        ev('second-half', { homeScore: 1, awayScore: 0 }),
        ev('substitution', { minute: 60, teamId: LIV, player: 'Andy Robertson', playerOff: 'Milos Kerkez' }),
        ev('full-time', { homeScore: 1, awayScore: 0 }),
        // stored after full time (a source read again added it to a timeline written before): shown at its minute
        ev('red-card', { minute: 90, stoppage: 3, teamId: BOU, player: 'Tyler Adams' }),
      ],
      LIV_BOU,
      null,
    );
    expect(rows.map((row) => [row.minute, row.label, row.team, row.detail, row.score])).toEqual([
      ['', 'Kick-off', null, null, null],
      ['14′', 'Yellow card', 'Bournemouth', 'David Brooks', null],
      ['37′', 'Goal', 'Liverpool', 'Hugo Ekitike', '1–0'],
      ['HT', 'Half-time', null, null, '1–0'],
      ['', 'Second half', null, null, null],
      ['60′', 'Substitution', 'Liverpool', 'Andy Robertson on for Milos Kerkez', null],
      ['90+3′', 'Red card', 'Bournemouth', 'Tyler Adams', null],
      ['FT', 'Full-time', null, null, '1–0'],
    ]);
    expect(rows.filter((row) => row.side === 'away').map((row) => row.kind)).toEqual(['yellow-card', 'red-card']);
  });
});
