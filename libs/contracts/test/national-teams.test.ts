import { flagEmoji, NATIONAL_TEAMS, nationalTeam, nationFlag, nationIn } from '../src/national-teams';

describe('national teams catalogue', () => {
  it("finds a team by the data's name, FIFA's official name or an alias, case and spaces aside", () => {
    expect(nationalTeam('South Korea')).toMatchObject({ fifaCode: 'KOR', isoCode: 'kr', officialName: 'Korea Republic' });
    expect(nationalTeam('korea republic ')?.name).toBe('South Korea');
    expect(nationalTeam("Côte d'Ivoire")?.fifaCode).toBe('CIV');
    expect(nationalTeam('Congo DR')?.name).toBe('DR Congo');
    expect(nationalTeam('Türkiye')?.name).toBe('Turkey');
    expect(nationalTeam('United States')?.fifaCode).toBe('USA');
    expect(nationalTeam('Liverpool FC')).toBeUndefined();
  });

  it("holds FIFA's codes as FIFA writes them, one team each", () => {
    const codes = ['ARG', 'FRA', 'KOR', 'CRC', 'KSA', 'USA', 'CIV', 'COD', 'CPV', 'BIH', 'CUW', 'CZE', 'TUR', 'IRN', 'ENG', 'SCO'];
    expect(
      ['Argentina', 'France', 'South Korea', 'Costa Rica', 'Saudi Arabia', 'USA', 'Ivory Coast', 'DR Congo', 'Cape Verde'].map(
        (n) => nationalTeam(n)?.fifaCode,
      ),
    ).toEqual(codes.slice(0, 9));
    expect(new Set(NATIONAL_TEAMS.map((t) => t.fifaCode)).size).toBe(NATIONAL_TEAMS.length);
    expect(NATIONAL_TEAMS.every((t) => /^[A-Z]{3}$/.test(t.fifaCode) && /^[a-z]{2}(-[a-z]{3})?$/.test(t.isoCode))).toBe(true);
  });

  it('writes a flag as an emoji: regional indicators, and tag sequences for England, Scotland and Wales', () => {
    expect(flagEmoji('fr')).toBe('🇫🇷');
    expect(flagEmoji(nationalTeam('Japan')!.isoCode)).toBe('🇯🇵');
    expect(flagEmoji('gb-eng')).toBe('🏴󠁧󠁢󠁥󠁮󠁧󠁿');
    expect(flagEmoji('gb-sct')).toBe('🏴󠁧󠁢󠁳󠁣󠁴󠁿');
    expect(flagEmoji('gb-wls')).toBe('🏴󠁧󠁢󠁷󠁬󠁳󠁿');
  });

  it('takes a name for a nation only in a league played by national teams: the World Cup and the Euro, not a club competition', () => {
    expect(nationIn(1, 'South Africa')?.fifaCode).toBe('RSA');
    expect(nationIn(4, 'England')?.fifaCode).toBe('ENG');
    expect(nationFlag(1, 'Mexico')).toBe('🇲🇽');
    // the Premier League and the Champions League: clubs, whatever their names
    expect(nationIn(39, 'Mexico')).toBeUndefined();
    expect(nationFlag(2, 'Scotland')).toBeUndefined();
    // a World Cup name the catalogue does not hold: no flag rather than a wrong one
    expect(nationFlag(1, 'Atlantis')).toBeUndefined();
  });
});
