import type { StandingRow } from '@matchday/contracts';
import { zoneColour, zonesOf } from '../src/features/standings/rules/zones';

const row = (leagueDescription?: string, zoneKind?: StandingRow['zoneKind']) =>
  ({ leagueDescription, zoneKind, group: null, teamRank: 1 }) as StandingRow;

describe('standings zone colours', () => {
  it('colours a zone by its kind from the catalogue, not by its wording', () => {
    expect(zoneColour(row('Promotion - Champions League (Group Stage)', 'relegation'))).toBe('#dc2626');
    expect(zoneColour(row('Champions League', 'champions-league'))).toBe('#2563eb');
    expect(zoneColour(row('Champions', undefined))).toBe('#7c3aed');
    expect(zoneColour(row(undefined, 'relegation'))).toBeNull();
  });

  it('lists each zone once, in table order, for the legend', () => {
    expect(
      zonesOf([row('Semi-finals', 'knockouts'), row('Semi-finals', 'knockouts'), row(undefined), row('Relegation', 'relegation')]),
    ).toEqual([
      { description: 'Semi-finals', colour: '#16a34a' },
      { description: 'Relegation', colour: '#dc2626' },
    ]);
  });
});
