import { catalogueLeague, LEAGUE_IDS, seasonRules, type CatalogueLeague, type SeasonRules } from '@matchday/contracts';

/** A fictional club: name, 3-letter code, home city, stadium, capacity and country. */
export interface DemoClub {
  name: string;
  code: string;
  city: string;
  venue: string;
  capacity: number;
  country: string;
}

export interface DemoLeague extends Pick<CatalogueLeague, 'id' | 'name' | 'displayName' | 'country' | 'colour' | 'type'> {
  /** Format, tie-break and zones of every demo season (the Champions League always in its league phase). */
  rules: SeasonRules;
  /** Kick-off times (UTC hour, minute) used in turn within a round. */
  kickoffs: Array<[number, number]>;
  /** Day of the three-day cycle its rounds start on (0-2), so that the leagues together cover every day. */
  phase: number;
  /** Days between two rounds. */
  spacing: number;
  /** Days one round is spread over. */
  spread: number;
  /** After the regular season of a finished season: 'isl' (play-offs 3-6, semi-finals, final) or 'ucl'. */
  knockouts: 'none' | 'isl' | 'ucl';
  /** Clubs of their own; a cup may also take clubs of other leagues (`guests`: league id and how many from its top). */
  clubs: DemoClub[];
  guests?: { leagueId: number; count: number };
}

const club = (name: string, code: string, city: string, venue: string, capacity: number, country: string): DemoClub => ({
  name,
  code,
  city,
  venue,
  capacity,
  country,
});

const england = (name: string, code: string, city: string, venue: string, capacity: number) =>
  club(name, code, city, venue, capacity, 'England');
/** A league of the catalogue, as every demo season plays it (no group stages). */
function catalogued(id: number): Pick<DemoLeague, 'id' | 'name' | 'displayName' | 'country' | 'colour' | 'type' | 'rules'> {
  const { name, displayName, country, colour, type } = catalogueLeague(id)!;
  return { id, name, displayName, country, colour, type, rules: seasonRules(id, new Date().getUTCFullYear(), false) };
}

const india = (name: string, code: string, city: string, venue: string, capacity: number) =>
  club(name, code, city, venue, capacity, 'India');

export const DEMO_LEAGUES: readonly DemoLeague[] = [
  {
    ...catalogued(LEAGUE_IDS.indianSuperLeague),
    kickoffs: [
      [14, 0],
      [11, 30],
    ],
    phase: 0,
    spacing: 3,
    spread: 2,
    knockouts: 'isl',
    clubs: [
      india('Mumbai Mariners', 'MUM', 'Mumbai', 'Harbour Arena', 18000),
      india('Kolkata Tigers', 'KOL', 'Kolkata', 'Eden Park Stadium', 68000),
      india('Goa Waves', 'GOA', 'Margao', 'Seaside Ground', 19000),
      india('Bengaluru Bluebirds', 'BEN', 'Bengaluru', 'Garden City Stadium', 25000),
      india('Kerala Tuskers', 'KER', 'Kochi', 'Backwaters Stadium', 41000),
      india('Chennai Cyclones', 'CHE', 'Chennai', 'Marina Arena', 40000),
      india('Hyderabad Nizams', 'HYD', 'Hyderabad', 'Deccan Stadium', 30000),
      india('Odisha Warriors', 'ODI', 'Bhubaneswar', 'Temple Town Ground', 15000),
      india('Punjab Lions', 'PUN', 'Mohali', 'Five Rivers Stadium', 26000),
      india('Shillong Highlanders', 'SHI', 'Shillong', 'Cloud Hill Ground', 20000),
      india('Jamshedpur Steelmen', 'JAM', 'Jamshedpur', 'Furnace Park', 24000),
      india('Guwahati Rhinos', 'GUW', 'Guwahati', 'Brahmaputra Stadium', 23000),
      india('Delhi Dynamos United', 'DEL', 'New Delhi', 'Capital Arena', 34000),
    ],
  },
  {
    ...catalogued(LEAGUE_IDS.premierLeague),
    kickoffs: [
      [12, 30],
      [15, 0],
      [17, 30],
    ],
    phase: 1,
    spacing: 3,
    spread: 2,
    knockouts: 'none',
    clubs: [
      england('Northbridge United', 'NBU', 'Northbridge', 'Riverside Park', 52000),
      england('Ashford Rovers', 'ASH', 'Ashford', 'The Meadow', 31000),
      england('Kingsport City', 'KIN', 'Kingsport', 'Kingsport Stadium', 55000),
      england('Marlow Athletic', 'MAR', 'Marlow', 'Mill Lane', 27000),
      england('Redcliffe Town', 'RED', 'Redcliffe', 'Quarry Road', 24000),
      england('Westhaven Wanderers', 'WES', 'Westhaven', 'Harbour View', 33000),
      england('Elmstead Albion', 'ELM', 'Elmstead', 'Elm Park', 30000),
      england('Harrowgate Forest', 'HAR', 'Harrowgate', 'Forest Ground', 29000),
      england('Castleford Hotspur', 'CAS', 'Castleford', 'Castle Lane', 61000),
      england('Southmere Athletic', 'SOU', 'Southmere', 'The Dell', 32000),
      england('Brackenridge City', 'BRC', 'Brackenridge', 'Ironworks Road', 40000),
      england('Oakham Villa', 'OAK', 'Oakham', 'Oak Hill', 42000),
      england('Penmouth Argyle', 'PEN', 'Penmouth', 'Lighthouse Park', 21000),
      england('Stanwick Rangers', 'STA', 'Stanwick', 'Canal Street', 26000),
      england('Whitmore Palace', 'WHI', 'Whitmore', 'Crystal Road', 25000),
      england('Lowfield Town', 'LOW', 'Lowfield', 'Marsh Lane', 22000),
      england('Thornbury United', 'THO', 'Thornbury', 'Old Mill Ground', 38000),
      england('Greyhaven Athletic', 'GRE', 'Greyhaven', 'Seagate Stadium', 28000),
      england('Bramley Wednesday', 'BRA', 'Bramley', 'Hillside', 36000),
      england('Fenwick County', 'FEN', 'Fenwick', 'County Ground', 20000),
    ],
  },
  {
    ...catalogued(LEAGUE_IDS.championsLeague),
    kickoffs: [
      [17, 45],
      [20, 0],
    ],
    // League-phase matchdays every six days on day 0 of the cycle, when Premier League clubs rest.
    phase: 0,
    spacing: 6,
    spread: 1,
    knockouts: 'ucl',
    guests: { leagueId: LEAGUE_IDS.premierLeague, count: 4 },
    clubs: [
      club('Atlético Valmira', 'VAL', 'Valmira', 'Estadio del Sol', 54000, 'Spain'),
      club('Real Castellón del Mar', 'RCM', 'Castellón', 'Estadio Azahar', 47000, 'Spain'),
      club('CD Montaña Alta', 'CMA', 'Huesca', 'Campo de los Pirineos', 21000, 'Spain'),
      club('Racing Almería', 'RAL', 'Almería', 'Estadio Mediterráneo', 26000, 'Spain'),
      club('Sporting Lusitano', 'LUS', 'Lisbon', 'Estádio Atlântico', 50000, 'Portugal'),
      club('FC Douro', 'DOU', 'Porto', 'Estádio da Ribeira', 45000, 'Portugal'),
      club('FC Rheinstadt', 'RHE', 'Rheinstadt', 'Rheinpark Arena', 62000, 'Germany'),
      club('Borussia Elbtal', 'BEL', 'Elbtal', 'Elbtal-Arena', 57000, 'Germany'),
      club('VfB Schwarzwald', 'VFB', 'Freiburg', 'Tannenstadion', 34000, 'Germany'),
      club('Eintracht Nordmark', 'EIN', 'Kiel', 'Förde-Stadion', 30000, 'Germany'),
      club('Olympique Marivaux', 'OLM', 'Marivaux', 'Stade des Pins', 48000, 'France'),
      club('AS Loire-Atlantique', 'ASL', 'Nantes', 'Stade de la Loire', 37000, 'France'),
      club('Racing Club Alsace', 'RCA', 'Strasbourg', 'Stade du Rhin', 29000, 'France'),
      club('AC Veronza', 'VER', 'Veronza', 'Stadio Arena Verde', 60000, 'Italy'),
      club('Internazionale Lario', 'INL', 'Como', 'Stadio del Lago', 39000, 'Italy'),
      club('SS Vesuviana', 'VES', 'Naples', 'Stadio del Golfo', 54000, 'Italy'),
      club('Torino Granata Unita', 'TGU', 'Turin', 'Stadio delle Alpi Nuove', 41000, 'Italy'),
      club('SV Amstelburg', 'AMS', 'Amstelburg', 'Grachtenstadion', 52000, 'Netherlands'),
      club('PSV Kempenland', 'PSK', 'Eindhoven', 'Lichtstad Park', 35000, 'Netherlands'),
      club('Dinamo Karpaty', 'DIN', 'Karpaty', 'Mountain Stadium', 33000, 'Ukraine'),
      club('Shakhtar Dniprovsky', 'SHD', 'Dnipro', 'Dnipro Arena', 31000, 'Ukraine'),
      club('Glenmoor Celtic', 'GLE', 'Glenmoor', 'Glen Park', 58000, 'Scotland'),
      club('Clydeside Rangers', 'CLR', 'Glasgow', 'Clyde Park', 50000, 'Scotland'),
      club('Club Brugge Polders', 'CBP', 'Bruges', 'Polderstadion', 29000, 'Belgium'),
      club('Royal Antwerp Haven', 'RAH', 'Antwerp', 'Havenstadion', 16000, 'Belgium'),
      club('Dinamo Zagorje', 'DZA', 'Zagreb', 'Stadion Sava', 35000, 'Croatia'),
      club('FK Fjordby', 'FJO', 'Bergen', 'Fjordarena', 17000, 'Norway'),
      club('Galata Boğaziçi', 'GAB', 'Istanbul', 'Boğaz Arena', 52000, 'Turkey'),
      club('Crvena Dunav', 'CRD', 'Belgrade', 'Stadion Dunav', 51000, 'Serbia'),
      club('Slavia Vltava', 'SLV', 'Prague', 'Vltava Stadion', 19000, 'Czech Republic'),
      club('Red Bull Alpen', 'RBA', 'Salzburg', 'Alpenarena', 30000, 'Austria'),
      club('BSC Aare', 'AAR', 'Bern', 'Stadion Aare', 31000, 'Switzerland'),
    ],
  },
];

/** Countries whose clubs use another country's name pool (no pool of their own). */
export const POOL_FALLBACK: Readonly<Record<string, string>> = {
  Serbia: 'Croatia',
  Austria: 'Germany',
  Switzerland: 'Germany',
  World: 'England',
};

const SUFFIXES = ['United', 'City', 'Athletic', 'Rovers', 'Town', 'Wanderers', 'Albion', 'Sporting', 'Rangers', 'Dynamo'];
const TOWNS = [
  'Ardmore',
  'Belcaster',
  'Corrow',
  'Dunmere',
  'Eastwick',
  'Farrow',
  'Galloway',
  'Hollin',
  'Ivybridge',
  'Jarrow',
  'Kelso',
  'Larkhill',
  'Moorcroft',
  'Newholm',
  'Orwell',
  'Pemberton',
  'Quarrington',
  'Rushmere',
  'Selby',
  'Tarrant',
  'Upton',
  'Varley',
  'Wexcombe',
  'Yarrow',
  'Zennor',
  'Ashby',
  'Birchwood',
  'Coldstream',
  'Dalby',
  'Elsworth',
];

/**
 * Synthetic leagues for large datasets (benchmarks): ids from 1000, `clubs` clubs each, points, goal
 * difference, goals; top four to a continental cup, bottom three relegated.
 */
export function syntheticLeagues(count: number, clubs: number, countries: readonly string[]): DemoLeague[] {
  return Array.from({ length: count }, (_, index) => {
    const id = 1000 + index;
    const country = countries[index % countries.length]!;
    return {
      id,
      name: `${country} Division ${Math.floor(index / countries.length) + 1}`,
      displayName: `${country} Division ${Math.floor(index / countries.length) + 1}`,
      country,
      colour: `#${((id * 2654435761) >>> 8).toString(16).padStart(6, '0').slice(-6)}`,
      type: 'league',
      rules: {
        format: 'league',
        tiebreak: 'points-gd-gf',
        zones: [
          { from: 1, to: 4, description: 'Champions League', kind: 'champions-league' },
          { from: clubs - 2, to: clubs, description: 'Relegation', kind: 'relegation' },
        ],
      },
      kickoffs: [
        [13, 0],
        [15, 30],
        [18, 0],
      ],
      phase: index % 3,
      spacing: 3,
      spread: 2,
      knockouts: 'none',
      clubs: Array.from({ length: clubs }, (_, c) => {
        const town = `${TOWNS[(c + index * 7) % TOWNS.length]!}${c >= TOWNS.length ? ' North' : ''}`;
        const name = `${town} ${SUFFIXES[(c + index) % SUFFIXES.length]!} ${id}`;
        return club(name, `${town.slice(0, 3).toUpperCase()}`, town, `${name} Ground`, 15000 + ((c * 7919) % 40000), country);
      }),
    } satisfies DemoLeague;
  });
}
