import { toSqlDateTime, type Knex } from '@matchday/server';
import { LEAGUE_IDS } from '@matchday/contracts';
import { daysBetween, utcDateString } from '../../lib/time';

/**
 * Deterministic demo data: three leagues of fictional clubs, a double round-robin each, rounds every
 * three days with each league on its own phase so that every day (today, tomorrow, the whole week)
 * has fixtures. Rounds before today are finished with scores; the rest are scheduled. The anchor date
 * is stored, and `moveDemoToToday` shifts the whole calendar when the service starts on a later day.
 */

interface DemoLeague {
  id: number;
  name: string;
  displayName: string;
  country: string;
  colour: string;
  type: 'league' | 'cup';
  /** Kick-off times (UTC hour, minute) used in turn within a round. */
  kickoffs: Array<[number, number]>;
  phase: number;
  clubs: Array<[name: string, shortName: string, city: string, venue: string]>;
}

export const DEMO_SEASON = 2026;

const LEAGUES: DemoLeague[] = [
  {
    id: LEAGUE_IDS.indianSuperLeague,
    name: 'Indian Super League',
    displayName: 'Indian Super League',
    country: 'India',
    colour: '#f97316',
    type: 'league',
    kickoffs: [
      [14, 0],
      [11, 30],
    ],
    phase: 0,
    clubs: [
      ['Mumbai Mariners', 'MUM', 'Mumbai', 'Harbour Arena'],
      ['Kolkata Tigers', 'KOL', 'Kolkata', 'Eden Park Stadium'],
      ['Goa Waves', 'GOA', 'Margao', 'Seaside Ground'],
      ['Bengaluru Bluebirds', 'BEN', 'Bengaluru', 'Garden City Stadium'],
      ['Kerala Tuskers', 'KER', 'Kochi', 'Backwaters Stadium'],
      ['Chennai Cyclones', 'CHE', 'Chennai', 'Marina Arena'],
      ['Hyderabad Nizams', 'HYD', 'Hyderabad', 'Deccan Stadium'],
      ['Odisha Warriors', 'ODI', 'Bhubaneswar', 'Temple Town Ground'],
      ['Punjab Lions', 'PUN', 'Mohali', 'Five Rivers Stadium'],
      ['Shillong Highlanders', 'SHI', 'Shillong', 'Cloud Hill Ground'],
    ],
  },
  {
    id: LEAGUE_IDS.premierLeague,
    name: 'Premier League',
    displayName: 'Premier League',
    country: 'England',
    colour: '#7c3aed',
    type: 'league',
    kickoffs: [
      [12, 30],
      [15, 0],
      [17, 30],
    ],
    phase: 1,
    clubs: [
      ['Northbridge United', 'NBU', 'Northbridge', 'Riverside Park'],
      ['Ashford Rovers', 'ASH', 'Ashford', 'The Meadow'],
      ['Kingsport City', 'KIN', 'Kingsport', 'Kingsport Stadium'],
      ['Marlow Athletic', 'MAR', 'Marlow', 'Mill Lane'],
      ['Redcliffe Town', 'RED', 'Redcliffe', 'Quarry Road'],
      ['Westhaven Wanderers', 'WES', 'Westhaven', 'Harbour View'],
      ['Elmstead Albion', 'ELM', 'Elmstead', 'Elm Park'],
      ['Harrowgate Forest', 'HAR', 'Harrowgate', 'Forest Ground'],
      ['Castleford Hotspur', 'CAS', 'Castleford', 'Castle Lane'],
      ['Southmere Athletic', 'SOU', 'Southmere', 'The Dell'],
    ],
  },
  {
    id: LEAGUE_IDS.championsLeague,
    name: 'UEFA Champions League',
    displayName: 'Champions League',
    country: 'World',
    colour: '#1d4ed8',
    type: 'cup',
    kickoffs: [
      [20, 0],
      [17, 45],
    ],
    phase: 2,
    clubs: [
      ['Atlético Valmira', 'VAL', 'Valmira', 'Estadio del Sol'],
      ['Sporting Lusitano', 'LUS', 'Lisbon', 'Estádio Atlântico'],
      ['FC Rheinstadt', 'RHE', 'Rheinstadt', 'Rheinpark Arena'],
      ['Olympique Marivaux', 'OLM', 'Marivaux', 'Stade des Pins'],
      ['AC Veronza', 'VER', 'Veronza', 'Stadio Arena Verde'],
      ['SV Amstelburg', 'AMS', 'Amstelburg', 'Grachtenstadion'],
      ['Dinamo Karpaty', 'DIN', 'Karpaty', 'Mountain Stadium'],
      ['Glenmoor Celtic', 'GLE', 'Glenmoor', 'Glen Park'],
    ],
  },
];

/** Small deterministic PRNG (mulberry32). */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function goals(random: () => number, strength: number): number {
  // Poisson sample with mean ~1.1-1.8 depending on strength
  const lambda = 1.1 + strength * 0.7;
  let k = 0;
  let p = Math.exp(-lambda);
  let s = p;
  const u = random();
  while (u > s && k < 8) {
    k += 1;
    p = (p * lambda) / k;
    s += p;
  }
  return k;
}

/** Circle-method double round robin: rounds of [home, away] index pairs. */
export function doubleRoundRobin(teamCount: number): Array<Array<[number, number]>> {
  const ids = Array.from({ length: teamCount }, (_, i) => i);
  const rounds: Array<Array<[number, number]>> = [];
  for (let r = 0; r < teamCount - 1; r += 1) {
    const pairs: Array<[number, number]> = [];
    for (let i = 0; i < teamCount / 2; i += 1) {
      const a = ids[i]!;
      const b = ids[teamCount - 1 - i]!;
      pairs.push(r % 2 === 0 ? [a, b] : [b, a]);
    }
    rounds.push(pairs);
    ids.splice(1, 0, ids.pop()!);
  }
  return [...rounds, ...rounds.map((pairs) => pairs.map(([h, a]) => [a, h] as [number, number]))];
}

export async function isEmpty(db: Knex): Promise<boolean> {
  const [leagues] = await db('leagues').count({ n: '*' });
  const [meta] = await db('dataset_meta').count({ n: '*' });
  return Number(leagues?.n) === 0 && Number(meta?.n) === 0;
}

export async function seedDemo(db: Knex, today: Date = new Date()): Promise<'seeded' | 'skipped'> {
  if (!(await isEmpty(db))) return 'skipped';
  const todayMidnight = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate());
  await db.transaction(async (trx) => {
    for (const league of LEAGUES) {
      const random = prng(league.id * 7919);
      await trx('leagues').insert({
        id: league.id,
        name: league.name,
        display_name: league.displayName,
        country: league.country,
        logo: null,
        colour: league.colour,
        type: league.type,
        current_season: DEMO_SEASON,
      });
      const teamIds: number[] = [];
      const venueIds: number[] = [];
      for (const [name, shortName, city, venue] of league.clubs) {
        // Without returning(): SQLite and MySQL both answer [insertId]
        const [venueId] = await trx('venues').insert({ name: venue, city, country: league.country });
        const [id] = await trx('teams').insert({
          name,
          short_name: shortName,
          logo: null,
          country: league.country,
          venue_id: venueId,
        });
        teamIds.push(Number(id));
        venueIds.push(Number(venueId));
      }
      const strengths = league.clubs.map(() => random());
      const rounds = doubleRoundRobin(league.clubs.length);
      const middle = Math.floor(rounds.length / 2);
      const rows = rounds.flatMap((pairs, roundIndex) =>
        pairs.map(([h, a], matchIndex) => {
          const dayOffset = 3 * (roundIndex - middle) + league.phase + (matchIndex % 2);
          const [hour, minute] = league.kickoffs[matchIndex % league.kickoffs.length]!;
          const kickoff = new Date(todayMidnight + dayOffset * 86_400_000 + (hour * 60 + minute) * 60_000);
          const finished = dayOffset < 0;
          return {
            league_id: league.id,
            season: DEMO_SEASON,
            round: league.type === 'cup' ? `League Stage - ${roundIndex + 1}` : `Regular Season - ${roundIndex + 1}`,
            kickoff_at: toSqlDateTime(kickoff),
            status: finished ? 'finished' : 'scheduled',
            home_team_id: teamIds[h]!,
            away_team_id: teamIds[a]!,
            home_goals: finished ? goals(random, strengths[h]! + 0.15) : null,
            away_goals: finished ? goals(random, strengths[a]!) : null,
            venue_id: venueIds[h]!,
          };
        }),
      );
      await trx.batchInsert('fixtures', rows, 200);
    }
    await trx('dataset_meta').insert([
      { key: 'source', value: 'demo' },
      { key: 'anchor_date', value: utcDateString(today) },
    ]);
  });
  return 'seeded';
}

/** Keeps demo fixtures around the current date: shifts every kick-off by the days since the last anchor. */
export async function moveDemoToToday(db: Knex, today: Date = new Date()): Promise<number> {
  const meta = await db('dataset_meta').select('key', 'value');
  const source = meta.find((m) => m.key === 'source')?.value;
  const anchor = meta.find((m) => m.key === 'anchor_date')?.value;
  if (source !== 'demo' || !anchor) return 0;
  const shift = daysBetween(anchor, utcDateString(today));
  if (shift === 0) return 0;
  await db.transaction(async (trx) => {
    const expression =
      trx.client.config.client === 'mysql2'
        ? trx.raw('DATE_ADD(kickoff_at, INTERVAL ? DAY)', [shift])
        : trx.raw("datetime(kickoff_at, ? || ' days')", [`${shift >= 0 ? '+' : ''}${shift}`]);
    await trx('fixtures').update({ kickoff_at: expression });
    await trx('dataset_meta')
      .where({ key: 'anchor_date' })
      .update({ value: utcDateString(today) });
  });
  return shift;
}

export async function isDemoData(db: Knex): Promise<boolean> {
  const row = await db('dataset_meta').where({ key: 'source' }).first();
  return row?.value === 'demo';
}
