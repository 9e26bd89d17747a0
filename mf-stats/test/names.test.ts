import { initials } from '@matchday/ui/src/format';
import { shorten, standingsShortName, teamShortLabel, teamShortLabels, type ShortLabelTeam } from '../src/lib/names';

/** Labels as the standings table computes them: the badge draws initials(name). */
const labels = (teams: readonly ShortLabelTeam[]) => teamShortLabels(teams, initials);

/** The Premier League 2023-24 as the FPL import stores it (curated names, FPL short_name). */
const PL_2324: ShortLabelTeam[] = [
  ['Arsenal', 'ARS'],
  ['Aston Villa', 'AVL'],
  ['Bournemouth', 'BOU'],
  ['Brentford', 'BRE'],
  ['Brighton & Hove Albion', 'BHA'],
  ['Burnley', 'BUR'],
  ['Chelsea', 'CHE'],
  ['Crystal Palace', 'CRY'],
  ['Everton', 'EVE'],
  ['Fulham', 'FUL'],
  ['Liverpool', 'LIV'],
  ['Luton Town', 'LUT'],
  ['Manchester City', 'MCI'],
  ['Manchester United', 'MUN'],
  ['Newcastle United', 'NEW'],
  ['Nottingham Forest', 'NFO'],
  ['Sheffield United', 'SHU'],
  ['Tottenham Hotspur', 'TOT'],
  ['West Ham United', 'WHU'],
  ['Wolverhampton Wanderers', 'WOL'],
].map(([name, shortName]) => ({ name: name!, shortName: shortName! }));

/** Every label differs from its badge and from every other label of the table. */
function expectReadable(teams: readonly ShortLabelTeam[], shown: readonly string[]): void {
  expect(shown).toHaveLength(teams.length);
  teams.forEach((team, i) => expect(shown[i]!.toUpperCase()).not.toBe(initials(team.name).toUpperCase()));
  expect(new Set(shown.map((label) => label.toUpperCase())).size).toBe(shown.length);
}

describe('team short labels beside the badge', () => {
  it('uses the source short name: FPL MCI and MUN, demo codes', () => {
    const shown = labels(PL_2324);
    expect(shown).toEqual(PL_2324.map((team) => team.shortName));
    expect(shown[12]).toBe('MCI');
    expect(shown[13]).toBe('MUN');
    expectReadable(PL_2324, shown);
    expect(
      labels([
        { name: 'Fenwick County', shortName: 'FEN' },
        { name: 'Greyhaven Athletic', shortName: 'GRE' },
        { name: 'Penmouth Argyle', shortName: 'PEN' },
      ]),
    ).toEqual(['FEN', 'GRE', 'PEN']);
  });

  it('falls back to the spec shortcut (initials of up to 3 words, 3 letters of one word) only without a short name', () => {
    expect(standingsShortName('Northbridge United')).toBe('NU');
    expect(standingsShortName('Goa')).toBe('GOA');
    // an "&" standing alone is no word: not "B&H" beside a badge drawing "B&"
    expect(standingsShortName('Brighton & Hove Albion')).toBe('BHA');
    expect(initials('Brighton & Hove Albion')).toBe('BH');
    expect(labels([{ name: 'Brighton & Hove Albion' }])).toEqual(['BHA']);
    expect(labels([{ name: 'Arsenal' }, { name: 'West Ham United' }, { name: 'Delhi Dynamos United', shortName: null }])).toEqual([
      'ARS',
      'WHU',
      'DDU',
    ]);
    // a blank short name is no short name
    expect(labels([{ name: 'Arsenal', shortName: '  ' }])).toEqual(['ARS']);
  });

  it('never shows the badge initials twice: "FC FC", "GA GA", "PA PA" become a short form of the name', () => {
    const demo: ShortLabelTeam[] = [{ name: 'Fenwick County' }, { name: 'Greyhaven Athletic' }, { name: 'Penmouth Argyle' }];
    // the old rule repeated the badge
    expect(demo.map((team) => standingsShortName(team.name))).toEqual(demo.map((team) => initials(team.name)));
    const shown = labels(demo);
    expect(shown).toEqual(['Fenwick', 'Greyhaven', 'Penmouth']);
    expectReadable(demo, shown);
    // a source short name equal to the badge is not used either
    expect(teamShortLabel({ name: 'Newcastle United', shortName: 'NU' }, 'NU')).toBe('Newcastle');
    // a name that fits stays whole, else its first word (not a qualifier such as "South"), a long one cut with an
    // ellipsis; a club prefix is skipped
    const mixed = ['FC Douro', 'West Ham', 'Luton Town', 'South Korea', 'Real Betis'].map((name) => ({ name }));
    expect(labels(mixed)).toEqual(['FC Douro', 'West Ham', 'Luton', 'Korea', 'Betis']);
    expect(labels([{ name: 'Wolverhampton Wanderers' }, { name: 'VfL Wolfsburg' }])).toEqual(['Wolverham…', 'Wolfsburg']);
  });

  it('tells the two Manchester clubs apart without short names', () => {
    const teams: ShortLabelTeam[] = [{ name: 'Manchester City' }, { name: 'Manchester United' }, { name: 'Newcastle United' }];
    const shown = labels(teams);
    expect(shown).toEqual(['MCI', 'MUN', 'Newcastle']);
    expectReadable(teams, shown);
  });

  it('keeps a whole real table readable without any short name (football-data.co.uk names only)', () => {
    const teams = PL_2324.map(({ name }) => ({ name }));
    const shown = labels(teams);
    expectReadable(teams, shown);
    expect(shown.every((label) => [...label].length <= 10)).toBe(true);
    expect(shown).toEqual([
      'ARS',
      'Aston',
      'BOU',
      'BRE',
      'BHA',
      'BUR',
      'CHE',
      'Crystal',
      'EVE',
      'FUL',
      'LIV',
      'Luton',
      'MCI',
      'MUN',
      'Newcastle',
      'Nottingham',
      'Sheffield',
      'Tottenham',
      'WHU',
      'Wolverham…',
    ]);
  });

  it('keeps labels apart when two short names clash; a name with nothing shorter stays whole', () => {
    const teams: ShortLabelTeam[] = [
      { name: 'Real Castellón del Mar', shortName: 'RCM' },
      { name: 'Racing Club Madrid', shortName: 'RCM' },
    ];
    const shown = labels(teams);
    expectReadable(teams, shown);
    // both move on: the spec shortcut of the one (RCD), the first word of the other (its shortcut is RCM too)
    expect(shown).toEqual(['RCD', 'Racing']);
    // "AZ" has nothing but its name, which is its badge too; the other AZ moves on
    expect(labels([{ name: 'AZ' }, { name: 'AZ Alkmaar', shortName: 'AZ' }])).toEqual(['AZ', 'AAL']);
    expect(teamShortLabel({ name: 'AZ' }, 'AZ')).toBe('AZ');
  });

  it('cuts text with an ellipsis within the limit', () => {
    expect(shorten('Wolverhampton', 10)).toBe('Wolverham…');
    expect(shorten('Manchester', 10)).toBe('Manchester');
    expect([...shorten('Atlético Valmira de la Sierra', 12)]).toHaveLength(12);
  });
});
