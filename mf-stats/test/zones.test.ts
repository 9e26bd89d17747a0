import type { StandingRow } from '@matchday/contracts';
import { zoneColours, zonesOf } from '../src/features/standings/rules/zones';

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
    expect(
      zonesOf([row('Semi-finals', 'knockouts'), row('Semi-finals', 'knockouts'), row(undefined), row('Relegation', 'relegation')]),
    ).toEqual([
      { description: 'Semi-finals', colour: '#16a34a' },
      { description: 'Relegation', colour: '#dc2626' },
    ]);
  });

  it('gives a later zone of the same kind a colour of its own (ISL semi-finals and play-offs are both knockouts)', () => {
    const legend = zonesOf([row('Semi-finals', 'knockouts'), row('Semi-finals', 'knockouts'), row('Play-offs', 'knockouts')]);
    expect(legend).toEqual([
      { description: 'Semi-finals', colour: '#16a34a' },
      { description: 'Play-offs', colour: '#d97706' },
    ]);
    expect(new Set(legend.map((zone) => zone.colour)).size).toBe(legend.length);
  });
});
