import type { StandingRow } from '@matchday/contracts';
import { zoneColours } from '../src/features/standings/rules/zones';

const row = (leagueDescription?: string, zoneKind?: StandingRow['zoneKind']) =>
  ({ leagueDescription, zoneKind, group: null, teamRank: 1 }) as StandingRow;

describe('standings zone colours', () => {
  it('colours a zone by its kind from the catalogue, not by its wording', () => {
    const colours = zoneColours([
      row('Promotion - Champions League (Group Stage)', 'relegation'),
      row('Champions League', 'champions-league'),
      row('Champions', undefined),
      row(undefined, 'europa-league'),
    ]);
    expect([...colours]).toEqual([
      ['Promotion - Champions League (Group Stage)', '#dc2626'],
      ['Champions League', '#2563eb'],
      ['Champions', '#7c3aed'],
    ]);
  });

  it('lists each zone once, in table order, for the legend', () => {
    expect([
      ...zoneColours([row('Semi-finals', 'knockouts'), row('Semi-finals', 'knockouts'), row(undefined), row('Relegation', 'relegation')]),
    ]).toEqual([
      ['Semi-finals', '#16a34a'],
      ['Relegation', '#dc2626'],
    ]);
  });

  it('gives a later zone of the same kind a colour of its own (ISL semi-finals and play-offs are both knockouts)', () => {
    const legend = [...zoneColours([row('Semi-finals', 'knockouts'), row('Semi-finals', 'knockouts'), row('Play-offs', 'knockouts')])];
    expect(legend).toEqual([
      ['Semi-finals', '#16a34a'],
      ['Play-offs', '#d97706'],
    ]);
    expect(new Set(legend.map(([, colour]) => colour)).size).toBe(legend.length);
  });
});
