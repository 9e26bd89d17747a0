import {
  catalogueColour,
  catalogueLeague,
  LEAGUE_CATALOGUE,
  LEAGUE_IDS,
  leagueIdByName,
  leagueIdBySource,
  seasonName,
  seasonRules,
  sourceLeagueIds,
  ZONE_COLOURS,
} from '../src';

describe('league catalogue', () => {
  it('holds each league once, with a valid time zone and zones inside the table', () => {
    expect(new Set(LEAGUE_CATALOGUE.map((l) => l.id)).size).toBe(LEAGUE_CATALOGUE.length);
    for (const league of LEAGUE_CATALOGUE) {
      expect(() => new Intl.DateTimeFormat('en-GB', { timeZone: league.timeZone })).not.toThrow();
      for (const grouped of [false, true]) {
        for (const zone of seasonRules(league.id, 2024, grouped).zones) {
          expect(zone.from).toBeLessThanOrEqual(zone.to);
          expect(ZONE_COLOURS[zone.kind]).toMatch(/^#[0-9a-f]{6}$/);
        }
      }
    }
    expect(Object.values(LEAGUE_IDS).every((id) => catalogueLeague(id) !== undefined)).toBe(true);
  });

  it('finds leagues by name, alias and source code', () => {
    expect(leagueIdByName(' EPL ')).toBe(39);
    expect(leagueIdByName('Primera Division')).toBe(140);
    expect(leagueIdByName('UEFA Champions League')).toBe(2);
    expect(leagueIdByName('ISL')).toBe(323);
    expect(leagueIdByName('Ruritanian League')).toBeUndefined();
    expect(leagueIdBySource('football-data-co-uk', 'SP1')).toBe(140);
    expect(leagueIdBySource('fpl', 'premier-league')).toBe(39);
    expect(leagueIdBySource('openfootball', 'cl')).toBe(2);
    expect(sourceLeagueIds('football-data-co-uk')).toEqual({ E0: 39, E1: 40, SP1: 140, D1: 78, I1: 135, F1: 61 });
    expect(catalogueColour('Champions League')).toBe('#1d4ed8');
    expect(catalogueColour('UEFA Champions League')).toBe('#1d4ed8');
    expect(catalogueColour('Ruritanian League')).toBeUndefined();
  });

  it('gives each season its format, tie-break and zones', () => {
    expect(seasonRules(140, 2023)).toMatchObject({ format: 'league', tiebreak: 'h2h-first' });
    expect(seasonRules(140, 2023).zones.map((z) => z.kind)).toEqual([
      'champions-league',
      'europa-league',
      'conference-league',
      'relegation',
    ]);
    expect(seasonRules(2, 2023)).toMatchObject({ format: 'groups', tiebreak: 'h2h-first' });
    expect(seasonRules(2, 2024)).toMatchObject({ format: 'league-phase', tiebreak: 'ucl-league-phase' });
    expect(seasonRules(2, 2024).zones.map((z) => z.description)).toEqual(['Round of 16', 'Knockout play-offs']);
    expect(seasonRules(39, 2023).zones[0]).toEqual({ from: 1, to: 4, description: 'Champions League', kind: 'champions-league' });
    expect(seasonRules(999, 2023)).toEqual({ format: 'league', tiebreak: 'points-gd-gf', zones: [] });
    expect(seasonRules(999, 2023, true)).toEqual({ format: 'groups', tiebreak: 'h2h-first', zones: [] });
    expect(seasonName(2023)).toBe('2023-24');
    expect(seasonName(1999)).toBe('1999-00');
    expect(seasonName(2024, 39)).toBe('2024-25');
    expect(seasonName(2024, 323)).toBe('2024-25');
    expect(seasonName(2022, 1)).toBe('2022');
    expect(seasonName(2024, 4)).toBe('2024');
    expect(seasonName(2024, 999_999)).toBe('2024-25');
  });
});
