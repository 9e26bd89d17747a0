import { normalizeTeamName } from './names';

/**
 * Known clubs and the spellings sources use for them (our own curated list). The first name is the
 * one shown in the app; every alias, once normalised (see names.ts), leads to the same team. Spellings
 * that normalise to the canonical name anyway ("Arsenal FC", "Man Utd" = "Man United") need no entry.
 */
export interface CuratedClub {
  name: string;
  country: string;
  aliases: readonly string[];
}

export const CURATED_CLUBS: readonly CuratedClub[] = [
  // England (football-data.co.uk short forms, FPL names, openfootball long names, API-Football names)
  { name: 'Arsenal', country: 'England', aliases: [] },
  { name: 'Aston Villa', country: 'England', aliases: [] },
  { name: 'Bournemouth', country: 'England', aliases: ['AFC Bournemouth'] },
  { name: 'Brentford', country: 'England', aliases: [] },
  { name: 'Brighton & Hove Albion', country: 'England', aliases: ['Brighton', 'Brighton Hove'] },
  { name: 'Burnley', country: 'England', aliases: [] },
  { name: 'Chelsea', country: 'England', aliases: [] },
  { name: 'Crystal Palace', country: 'England', aliases: [] },
  { name: 'Everton', country: 'England', aliases: [] },
  { name: 'Fulham', country: 'England', aliases: [] },
  { name: 'Ipswich Town', country: 'England', aliases: ['Ipswich'] },
  { name: 'Leeds United', country: 'England', aliases: ['Leeds'] },
  { name: 'Leicester City', country: 'England', aliases: ['Leicester'] },
  { name: 'Liverpool', country: 'England', aliases: [] },
  { name: 'Luton Town', country: 'England', aliases: ['Luton'] },
  { name: 'Manchester City', country: 'England', aliases: ['Man City'] },
  { name: 'Manchester United', country: 'England', aliases: ['Man United', 'Man Utd'] },
  { name: 'Newcastle United', country: 'England', aliases: ['Newcastle'] },
  { name: 'Norwich City', country: 'England', aliases: ['Norwich'] },
  { name: 'Nottingham Forest', country: 'England', aliases: ["Nott'm Forest", 'Nottingham'] },
  { name: 'Sheffield United', country: 'England', aliases: ['Sheffield Utd', 'Sheff Utd'] },
  { name: 'Southampton', country: 'England', aliases: [] },
  { name: 'Sunderland', country: 'England', aliases: [] },
  { name: 'Tottenham Hotspur', country: 'England', aliases: ['Tottenham', 'Spurs'] },
  { name: 'Watford', country: 'England', aliases: [] },
  { name: 'West Bromwich Albion', country: 'England', aliases: ['West Brom'] },
  { name: 'West Ham United', country: 'England', aliases: ['West Ham'] },
  { name: 'Wolverhampton Wanderers', country: 'England', aliases: ['Wolves'] },

  // Spain (football-data.co.uk SP1 short forms and openfootball long names)
  { name: 'Alavés', country: 'Spain', aliases: ['Deportivo Alavés'] },
  { name: 'Almería', country: 'Spain', aliases: ['UD Almería'] },
  { name: 'Athletic Club', country: 'Spain', aliases: ['Ath Bilbao', 'Athletic Bilbao'] },
  { name: 'Atlético Madrid', country: 'Spain', aliases: ['Ath Madrid', 'Club Atlético de Madrid', 'Atletico de Madrid'] },
  { name: 'Barcelona', country: 'Spain', aliases: [] },
  { name: 'Cádiz', country: 'Spain', aliases: [] },
  { name: 'Celta Vigo', country: 'Spain', aliases: ['Celta', 'RC Celta de Vigo', 'Celta de Vigo'] },
  { name: 'Eibar', country: 'Spain', aliases: ['SD Eibar'] },
  { name: 'Elche', country: 'Spain', aliases: [] },
  { name: 'Espanyol', country: 'Spain', aliases: ['Espanol', 'RCD Espanyol', 'RCD Espanyol de Barcelona'] },
  { name: 'Getafe', country: 'Spain', aliases: [] },
  { name: 'Girona', country: 'Spain', aliases: [] },
  { name: 'Granada', country: 'Spain', aliases: [] },
  { name: 'Huesca', country: 'Spain', aliases: ['SD Huesca'] },
  { name: 'Las Palmas', country: 'Spain', aliases: ['UD Las Palmas'] },
  { name: 'Leganés', country: 'Spain', aliases: ['CD Leganés'] },
  { name: 'Levante', country: 'Spain', aliases: ['Levante UD'] },
  { name: 'Mallorca', country: 'Spain', aliases: ['RCD Mallorca'] },
  { name: 'Osasuna', country: 'Spain', aliases: ['CA Osasuna'] },
  { name: 'Real Oviedo', country: 'Spain', aliases: ['Oviedo'] },
  { name: 'Rayo Vallecano', country: 'Spain', aliases: ['Vallecano', 'Rayo Vallecano de Madrid'] },
  { name: 'Real Betis', country: 'Spain', aliases: ['Betis', 'Real Betis Balompié'] },
  { name: 'Real Madrid', country: 'Spain', aliases: [] },
  { name: 'Real Sociedad', country: 'Spain', aliases: ['Sociedad', 'Real Sociedad de Fútbol'] },
  { name: 'Real Valladolid', country: 'Spain', aliases: ['Valladolid'] },
  { name: 'Sevilla', country: 'Spain', aliases: [] },
  { name: 'Valencia', country: 'Spain', aliases: [] },
  { name: 'Villarreal', country: 'Spain', aliases: [] },

  // Champions League clubs whose short and long names differ (openfootball 2021-23 vs 2023-26)
  { name: 'Bayern Munich', country: 'Germany', aliases: ['Bayern München', 'FC Bayern München', 'Bayern'] },
  { name: 'Bayer Leverkusen', country: 'Germany', aliases: ['Bayer 04 Leverkusen'] },
  { name: 'Union Berlin', country: 'Germany', aliases: ['1. FC Union Berlin'] },
  { name: 'Inter', country: 'Italy', aliases: ['FC Internazionale Milano', 'Internazionale', 'Inter Milan'] },
  { name: 'AC Milan', country: 'Italy', aliases: ['Milan'] },
  { name: 'Atalanta', country: 'Italy', aliases: ['Atalanta BC'] },
  { name: 'Bologna', country: 'Italy', aliases: ['Bologna FC 1909'] },
  { name: 'Lazio', country: 'Italy', aliases: ['SS Lazio'] },
  { name: 'Napoli', country: 'Italy', aliases: ['SSC Napoli'] },
  { name: 'Paris Saint-Germain', country: 'France', aliases: ['PSG', 'Paris SG'] },
  { name: 'Marseille', country: 'France', aliases: ['Olympique Marseille', 'Olympique de Marseille'] },
  { name: 'Lens', country: 'France', aliases: ['Racing Club de Lens', 'RC Lens'] },
  { name: 'Brest', country: 'France', aliases: ['Stade Brestois 29', 'Stade Brestois'] },
  { name: 'Lille', country: 'France', aliases: ['Lille OSC'] },
  { name: 'Nice', country: 'France', aliases: ['OGC Nice'] },
  { name: 'Monaco', country: 'France', aliases: ['AS Monaco FC', 'AS Monaco'] },
  { name: 'Benfica', country: 'Portugal', aliases: ['SL Benfica', 'Sport Lisboa e Benfica'] },
  { name: 'Sporting CP', country: 'Portugal', aliases: ['Sporting Clube de Portugal', 'Sporting Lisbon'] },
  { name: 'Braga', country: 'Portugal', aliases: ['Sporting Clube de Braga', 'SC Braga'] },
  { name: 'Porto', country: 'Portugal', aliases: [] },
  { name: 'Feyenoord', country: 'Netherlands', aliases: ['Feyenoord Rotterdam'] },
  { name: 'PSV Eindhoven', country: 'Netherlands', aliases: ['PSV'] },
  { name: 'Ajax', country: 'Netherlands', aliases: [] },
  { name: 'Club Brugge', country: 'Belgium', aliases: ['Club Brugge KV'] },
  { name: 'Union Saint-Gilloise', country: 'Belgium', aliases: ['Royale Union Saint-Gilloise'] },
  { name: 'Antwerp', country: 'Belgium', aliases: ['Royal Antwerp FC', 'Royal Antwerp'] },
  { name: 'RB Salzburg', country: 'Austria', aliases: ['FC Red Bull Salzburg', 'Red Bull Salzburg'] },
  { name: 'Sturm Graz', country: 'Austria', aliases: ['SK Sturm Graz'] },
  { name: 'Qarabağ', country: 'Azerbaijan', aliases: ['Qarabağ FK', 'Qarabağ Ağdam FK'] },
  { name: 'Dinamo Zagreb', country: 'Croatia', aliases: ['GNK Dinamo Zagreb'] },
  { name: 'Pafos', country: 'Cyprus', aliases: ['Pafos FC', 'Paphos FC', 'Paphos'] },
  { name: 'Slavia Praha', country: 'Czechia', aliases: ['SK Slavia Praha', 'Slavia Prague'] },
  { name: 'Sparta Praha', country: 'Czechia', aliases: ['AC Sparta Praha', 'Sparta Prague'] },
  { name: 'Copenhagen', country: 'Denmark', aliases: ['FC København', 'FC Copenhagen'] },
  { name: 'Red Star Belgrade', country: 'Serbia', aliases: ['Crvena Zvezda', 'FK Crvena Zvezda'] },
  { name: 'Slovan Bratislava', country: 'Slovakia', aliases: ['ŠK Slovan Bratislava'] },
  { name: 'Galatasaray', country: 'Turkey', aliases: ['Galatasaray SK'] },
  { name: 'Shakhtar Donetsk', country: 'Ukraine', aliases: ['FK Shakhtar Donetsk'] },
  { name: 'Dynamo Kyiv', country: 'Ukraine', aliases: ['Dinamo Kiev', 'Dynamo Kiev'] },
  { name: 'Young Boys', country: 'Switzerland', aliases: ['BSC Young Boys'] },
  { name: 'Basel', country: 'Switzerland', aliases: ['FC Basel 1893'] },
  { name: 'Ludogorets Razgrad', country: 'Bulgaria', aliases: ['PFC Ludogorets Razgrad', 'Ludogorets'] },
  { name: 'Olympiacos', country: 'Greece', aliases: ['PAE Olympiakos SFP', 'Olympiakos'] },
  { name: 'PAOK', country: 'Greece', aliases: ['PAOK Saloniki'] },
  { name: 'Ferencváros', country: 'Hungary', aliases: ['Ferencvárosi TC'] },
  { name: 'Bodø/Glimt', country: 'Norway', aliases: ['FK Bodø/Glimt'] },

  // India (FBref short names of the ISL files, official names)
  { name: 'Mohun Bagan Super Giant', country: 'India', aliases: ['Mohun Bagan', 'Mohun Bagan SG', 'ATK Mohun Bagan'] },
  { name: 'FC Goa', country: 'India', aliases: ['Goa'] },
  { name: 'NorthEast United', country: 'India', aliases: ['North East United', 'NorthEast Utd'] },
  { name: 'Punjab FC', country: 'India', aliases: ['Punjab', 'RoundGlass Punjab'] },
  { name: 'Odisha FC', country: 'India', aliases: ['Odisha'] },
  { name: 'Hyderabad FC', country: 'India', aliases: ['Hyderabad'] },
  { name: 'Mohammedan SC', country: 'India', aliases: ['Mohammedan', 'Mohammedan Sporting'] },
  { name: 'Bengaluru FC', country: 'India', aliases: ['Bengaluru'] },
  { name: 'Chennaiyin FC', country: 'India', aliases: ['Chennaiyin'] },
  { name: 'East Bengal', country: 'India', aliases: ['SC East Bengal', 'Quess East Bengal'] },
  { name: 'Jamshedpur FC', country: 'India', aliases: ['Jamshedpur'] },
  { name: 'Kerala Blasters', country: 'India', aliases: [] },
  { name: 'Mumbai City', country: 'India', aliases: [] },
];

let index: Map<string, CuratedClub> | null = null;

/** The curated club a spelling belongs to, by its normalised form. */
export function findCuratedClub(name: string): CuratedClub | undefined {
  if (!index) {
    index = new Map();
    for (const club of CURATED_CLUBS) {
      for (const spelling of [club.name, ...club.aliases]) {
        const key = normalizeTeamName(spelling);
        const other = index.get(key);
        if (other && other !== club) throw new Error(`Alias "${spelling}" is listed for both ${other.name} and ${club.name}`);
        index.set(key, club);
      }
    }
  }
  return index.get(normalizeTeamName(name));
}

/** Every normalised key of a curated club (its name and aliases). */
export function curatedKeys(club: CuratedClub): string[] {
  return [...new Set([club.name, ...club.aliases].map(normalizeTeamName))];
}
