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

const team = (name: string, fifaCode: string, isoCode: string, officialName?: string, aliases?: readonly string[]): NationalTeam => ({
  name,
  fifaCode,
  isoCode,
  ...(officialName ? { officialName } : {}),
  ...(aliases ? { aliases } : {}),
});

export const NATIONAL_TEAMS: readonly NationalTeam[] = [
  team('Albania', 'ALB', 'al'),
  team('Algeria', 'ALG', 'dz'),
  team('Argentina', 'ARG', 'ar'),
  team('Australia', 'AUS', 'au'),
  team('Austria', 'AUT', 'at'),
  team('Belgium', 'BEL', 'be'),
  team('Bosnia & Herzegovina', 'BIH', 'ba', 'Bosnia and Herzegovina'),
  team('Brazil', 'BRA', 'br'),
  team('Cameroon', 'CMR', 'cm'),
  team('Canada', 'CAN', 'ca'),
  team('Cape Verde', 'CPV', 'cv', 'Cabo Verde'),
  team('Chile', 'CHI', 'cl'),
  team('Colombia', 'COL', 'co'),
  team('Costa Rica', 'CRC', 'cr'),
  team('Croatia', 'CRO', 'hr'),
  team('Curaçao', 'CUW', 'cw', undefined, ['Curacao']),
  team('Czech Republic', 'CZE', 'cz', 'Czechia'),
  team('Denmark', 'DEN', 'dk'),
  team('DR Congo', 'COD', 'cd', 'Congo DR'),
  team('Ecuador', 'ECU', 'ec'),
  team('Egypt', 'EGY', 'eg'),
  team('England', 'ENG', 'gb-eng'),
  team('Finland', 'FIN', 'fi'),
  team('France', 'FRA', 'fr'),
  team('Georgia', 'GEO', 'ge'),
  team('Germany', 'GER', 'de'),
  team('Ghana', 'GHA', 'gh'),
  team('Greece', 'GRE', 'gr'),
  team('Haiti', 'HAI', 'ht'),
  team('Hungary', 'HUN', 'hu'),
  team('Iceland', 'ISL', 'is'),
  team('Iran', 'IRN', 'ir', 'IR Iran'),
  team('Iraq', 'IRQ', 'iq'),
  team('Italy', 'ITA', 'it'),
  team('Ivory Coast', 'CIV', 'ci', "Côte d'Ivoire"),
  team('Jamaica', 'JAM', 'jm'),
  team('Japan', 'JPN', 'jp'),
  team('Jordan', 'JOR', 'jo'),
  team('Mexico', 'MEX', 'mx'),
  team('Morocco', 'MAR', 'ma'),
  team('Netherlands', 'NED', 'nl'),
  team('New Zealand', 'NZL', 'nz'),
  team('Nigeria', 'NGA', 'ng'),
  team('North Macedonia', 'MKD', 'mk'),
  team('Northern Ireland', 'NIR', 'gb-nir'),
  team('Norway', 'NOR', 'no'),
  team('Panama', 'PAN', 'pa'),
  team('Paraguay', 'PAR', 'py'),
  team('Peru', 'PER', 'pe'),
  team('Poland', 'POL', 'pl'),
  team('Portugal', 'POR', 'pt'),
  team('Qatar', 'QAT', 'qa'),
  team('Republic of Ireland', 'IRL', 'ie', undefined, ['Ireland']),
  team('Romania', 'ROU', 'ro'),
  team('Russia', 'RUS', 'ru'),
  team('Saudi Arabia', 'KSA', 'sa'),
  team('Scotland', 'SCO', 'gb-sct'),
  team('Senegal', 'SEN', 'sn'),
  team('Serbia', 'SRB', 'rs'),
  team('Slovakia', 'SVK', 'sk'),
  team('Slovenia', 'SVN', 'si'),
  team('South Africa', 'RSA', 'za'),
  team('South Korea', 'KOR', 'kr', 'Korea Republic'),
  team('Spain', 'ESP', 'es'),
  team('Sweden', 'SWE', 'se'),
  team('Switzerland', 'SUI', 'ch'),
  team('Tunisia', 'TUN', 'tn'),
  team('Turkey', 'TUR', 'tr', 'Türkiye'),
  team('Ukraine', 'UKR', 'ua'),
  team('Uruguay', 'URU', 'uy'),
  team('USA', 'USA', 'us', undefined, ['United States']),
  team('Uzbekistan', 'UZB', 'uz'),
  team('Wales', 'WAL', 'gb-wls'),
];

const key = (name: string) => name.trim().toLowerCase();
const BY_NAME = new Map<string, NationalTeam>();
for (const nation of NATIONAL_TEAMS) {
  for (const name of [nation.name, nation.officialName, ...(nation.aliases ?? [])]) if (name) BY_NAME.set(key(name), nation);
}

/** The national team of a name as the data, FIFA or another source writes it ("South Korea", "Korea Republic"). */
export function nationalTeam(name: string): NationalTeam | undefined {
  return BY_NAME.get(key(name));
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
