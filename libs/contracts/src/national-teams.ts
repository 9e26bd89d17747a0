import { catalogueLeague } from './leagues';

/**
 * National teams as FIFA names them: the name the data uses ("South Korea"), FIFA's three-letter code (KOR, shown
 * where a table is narrow), the ISO 3166 code of its flag (England, Scotland, Wales and Northern Ireland have their
 * own: `gb-eng`, `gb-sct`, `gb-wls`, `gb-nir`) and FIFA's official name where it differs ("Korea Republic"), which
 * search finds too. One place for all of them: the standings, the bracket and search read it from here.
 */
export interface NationalTeam {
  name: string;
  fifaCode: string;
  isoCode: string;
  /** FIFA's official name, when the data's differs. */
  officialName?: string;
  /** Other names sources write. */
  aliases?: readonly string[];
}

export const NATIONAL_TEAMS: readonly NationalTeam[] = [
  { name: 'Albania', fifaCode: 'ALB', isoCode: 'al' },
  { name: 'Algeria', fifaCode: 'ALG', isoCode: 'dz' },
  { name: 'Argentina', fifaCode: 'ARG', isoCode: 'ar' },
  { name: 'Australia', fifaCode: 'AUS', isoCode: 'au' },
  { name: 'Austria', fifaCode: 'AUT', isoCode: 'at' },
  { name: 'Belgium', fifaCode: 'BEL', isoCode: 'be' },
  { name: 'Bosnia & Herzegovina', fifaCode: 'BIH', isoCode: 'ba', officialName: 'Bosnia and Herzegovina' },
  { name: 'Brazil', fifaCode: 'BRA', isoCode: 'br' },
  { name: 'Cameroon', fifaCode: 'CMR', isoCode: 'cm' },
  { name: 'Canada', fifaCode: 'CAN', isoCode: 'ca' },
  { name: 'Cape Verde', fifaCode: 'CPV', isoCode: 'cv', officialName: 'Cabo Verde' },
  { name: 'Chile', fifaCode: 'CHI', isoCode: 'cl' },
  { name: 'Colombia', fifaCode: 'COL', isoCode: 'co' },
  { name: 'Costa Rica', fifaCode: 'CRC', isoCode: 'cr' },
  { name: 'Croatia', fifaCode: 'CRO', isoCode: 'hr' },
  { name: 'Curaçao', fifaCode: 'CUW', isoCode: 'cw', aliases: ['Curacao'] },
  { name: 'Czech Republic', fifaCode: 'CZE', isoCode: 'cz', officialName: 'Czechia' },
  { name: 'Denmark', fifaCode: 'DEN', isoCode: 'dk' },
  { name: 'DR Congo', fifaCode: 'COD', isoCode: 'cd', officialName: 'Congo DR' },
  { name: 'Ecuador', fifaCode: 'ECU', isoCode: 'ec' },
  { name: 'Egypt', fifaCode: 'EGY', isoCode: 'eg' },
  { name: 'England', fifaCode: 'ENG', isoCode: 'gb-eng' },
  { name: 'Finland', fifaCode: 'FIN', isoCode: 'fi' },
  { name: 'France', fifaCode: 'FRA', isoCode: 'fr' },
  { name: 'Georgia', fifaCode: 'GEO', isoCode: 'ge' },
  { name: 'Germany', fifaCode: 'GER', isoCode: 'de' },
  { name: 'Ghana', fifaCode: 'GHA', isoCode: 'gh' },
  { name: 'Greece', fifaCode: 'GRE', isoCode: 'gr' },
  { name: 'Haiti', fifaCode: 'HAI', isoCode: 'ht' },
  { name: 'Hungary', fifaCode: 'HUN', isoCode: 'hu' },
  { name: 'Iceland', fifaCode: 'ISL', isoCode: 'is' },
  { name: 'Iran', fifaCode: 'IRN', isoCode: 'ir', officialName: 'IR Iran' },
  { name: 'Iraq', fifaCode: 'IRQ', isoCode: 'iq' },
  { name: 'Italy', fifaCode: 'ITA', isoCode: 'it' },
  { name: 'Ivory Coast', fifaCode: 'CIV', isoCode: 'ci', officialName: "Côte d'Ivoire" },
  { name: 'Jamaica', fifaCode: 'JAM', isoCode: 'jm' },
  { name: 'Japan', fifaCode: 'JPN', isoCode: 'jp' },
  { name: 'Jordan', fifaCode: 'JOR', isoCode: 'jo' },
  { name: 'Mexico', fifaCode: 'MEX', isoCode: 'mx' },
  { name: 'Morocco', fifaCode: 'MAR', isoCode: 'ma' },
  { name: 'Netherlands', fifaCode: 'NED', isoCode: 'nl' },
  { name: 'New Zealand', fifaCode: 'NZL', isoCode: 'nz' },
  { name: 'Nigeria', fifaCode: 'NGA', isoCode: 'ng' },
  { name: 'North Macedonia', fifaCode: 'MKD', isoCode: 'mk' },
  { name: 'Northern Ireland', fifaCode: 'NIR', isoCode: 'gb-nir' },
  { name: 'Norway', fifaCode: 'NOR', isoCode: 'no' },
  { name: 'Panama', fifaCode: 'PAN', isoCode: 'pa' },
  { name: 'Paraguay', fifaCode: 'PAR', isoCode: 'py' },
  { name: 'Peru', fifaCode: 'PER', isoCode: 'pe' },
  { name: 'Poland', fifaCode: 'POL', isoCode: 'pl' },
  { name: 'Portugal', fifaCode: 'POR', isoCode: 'pt' },
  { name: 'Qatar', fifaCode: 'QAT', isoCode: 'qa' },
  { name: 'Republic of Ireland', fifaCode: 'IRL', isoCode: 'ie', aliases: ['Ireland'] },
  { name: 'Romania', fifaCode: 'ROU', isoCode: 'ro' },
  { name: 'Russia', fifaCode: 'RUS', isoCode: 'ru' },
  { name: 'Saudi Arabia', fifaCode: 'KSA', isoCode: 'sa' },
  { name: 'Scotland', fifaCode: 'SCO', isoCode: 'gb-sct' },
  { name: 'Senegal', fifaCode: 'SEN', isoCode: 'sn' },
  { name: 'Serbia', fifaCode: 'SRB', isoCode: 'rs' },
  { name: 'Slovakia', fifaCode: 'SVK', isoCode: 'sk' },
  { name: 'Slovenia', fifaCode: 'SVN', isoCode: 'si' },
  { name: 'South Africa', fifaCode: 'RSA', isoCode: 'za' },
  { name: 'South Korea', fifaCode: 'KOR', isoCode: 'kr', officialName: 'Korea Republic' },
  { name: 'Spain', fifaCode: 'ESP', isoCode: 'es' },
  { name: 'Sweden', fifaCode: 'SWE', isoCode: 'se' },
  { name: 'Switzerland', fifaCode: 'SUI', isoCode: 'ch' },
  { name: 'Tunisia', fifaCode: 'TUN', isoCode: 'tn' },
  { name: 'Turkey', fifaCode: 'TUR', isoCode: 'tr', officialName: 'Türkiye' },
  { name: 'Ukraine', fifaCode: 'UKR', isoCode: 'ua' },
  { name: 'Uruguay', fifaCode: 'URU', isoCode: 'uy' },
  { name: 'USA', fifaCode: 'USA', isoCode: 'us', aliases: ['United States'] },
  { name: 'Uzbekistan', fifaCode: 'UZB', isoCode: 'uz' },
  { name: 'Wales', fifaCode: 'WAL', isoCode: 'gb-wls' },
];

const key = (name: string) => name.trim().toLowerCase();
// built on first use: a bundle that never looks a team up keeps none of this (no work at load)
let byName: Map<string, NationalTeam> | undefined;

/** The national team of a name as the data, FIFA or another source writes it ("South Korea", "Korea Republic"). */
export function nationalTeam(name: string): NationalTeam | undefined {
  if (!byName) {
    byName = new Map();
    for (const nation of NATIONAL_TEAMS) {
      for (const other of [nation.name, nation.officialName, ...(nation.aliases ?? [])]) if (other) byName.set(key(other), nation);
    }
  }
  return byName.get(key(name));
}

/**
 * The national team a name stands for in a league played by national teams (the World Cup, the Euro); undefined in
 * a club competition, so that no club is ever taken for a nation.
 */
export function nationIn(leagueId: number, name: string): NationalTeam | undefined {
  return catalogueLeague(leagueId)?.nationalTeams === true ? nationalTeam(name) : undefined;
}

/**
 * A flag as an emoji: two regional indicators for an ISO country ("fr" -> 🇫🇷), the black flag with tag letters for
 * England, Scotland, Wales and Northern Ireland ("gb-eng" -> 🏴 + "gbeng" + cancel tag).
 */
export function flagEmoji(isoCode: string): string {
  const code = isoCode.toLowerCase();
  if (code.includes('-')) {
    const tags = [...code.replace('-', '')].map((c) => String.fromCodePoint(0xe0000 + c.charCodeAt(0))).join('');
    return `\u{1F3F4}${tags}\u{E007F}`;
  }
  return [...code].map((c) => String.fromCodePoint(0x1f1e6 + c.charCodeAt(0) - 97)).join('');
}

/** The flag (emoji) a team wears in a league: a nation's in a league played by national teams (nationIn), else none. */
export function nationFlag(leagueId: number, name: string): string | undefined {
  const nation = nationIn(leagueId, name);
  return nation ? flagEmoji(nation.isoCode) : undefined;
}

/**
 * A team's name as an alert writes it (push, the header's bell): a national team's flag before its name ("🇲🇽 Mexico";
 * where a system shows no flag emoji, as Windows, the flag reads as its two letters, "MX Mexico"), a club's alone.
 */
export function flaggedName(name: string, flag: string | undefined): string {
  return flag ? `${flag} ${name}` : name;
}
