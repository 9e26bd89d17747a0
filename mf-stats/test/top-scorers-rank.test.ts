import type { TopScorer } from '@matchday/contracts';
import { rankColours, ranked } from '../src/features/top-scorers/rules/rank';

const scorer = (id: number, goals: number | null): TopScorer =>
  ({ id, playerName: `Player ${id}`, goals_Total: goals }) as unknown as TopScorer;

describe('top scorers ranking', () => {
  it('sorts by goals, most first, ranks from 1, and counts missing goals as 0', () => {
    const rows = ranked([scorer(1, 7), scorer(2, null), scorer(3, 21), scorer(4, 12)]);
    expect(rows.map((row) => [row.id, row.rank])).toEqual([
      [3, 1],
      [4, 2],
      [1, 3],
      [2, 4],
    ]);
  });

  it('leaves the list it was given as it was', () => {
    const scorers = [scorer(1, 1), scorer(2, 5)];
    ranked(scorers);
    expect(scorers.map((s) => s.id)).toEqual([1, 2]);
  });
});

describe('rank badge colours (product §9: 1 gold, 2 silver, 3 bronze, up to 5 green, up to 10 blue, the rest grey)', () => {
  const background = (rank: number) => rankColours(rank).background;

  it('gives the three medals their own colours', () => {
    expect([background(1), background(2), background(3)]).toEqual(['#facc15', '#cbd5e1', '#cd7f32']);
  });

  it('colours 4-5 green, 6-10 blue and everything after grey', () => {
    expect([background(4), background(5)]).toEqual(['#15803d', '#15803d']);
    expect([background(6), background(10)]).toEqual(['#1d4ed8', '#1d4ed8']);
    expect([background(11), background(40)]).toEqual(['#475569', '#475569']);
  });

  it('keeps the badge number readable: dark text on the light medals, white on the rest', () => {
    const luminance = (hex: string) => {
      const [r, g, b] = [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16) / 255);
      const linear = (c: number) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
      return 0.2126 * linear(r!) + 0.7152 * linear(g!) + 0.0722 * linear(b!);
    };
    for (const rank of [1, 2, 3, 4, 6, 11]) {
      const { background: bg, text } = rankColours(rank);
      const [light, dark] = [luminance(bg), luminance(text)].sort((a, b) => b - a);
      expect((light! + 0.05) / (dark! + 0.05)).toBeGreaterThanOrEqual(4.5);
    }
  });
});
