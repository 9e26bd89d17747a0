import type { PlayerPosition } from '@matchday/contracts';
import type { PlayersRow } from '../../db/rows';
import { POOL_FALLBACK, type DemoClub } from './demo-leagues';
import { int, type Random, type SquadEntry } from './demo-match';
import { FOREIGN_COUNTRIES, NAME_POOLS } from './demo-names';

/** The demo clubs' squads: players by position, with names and nationalities that fit the club's league. */

export interface ClubState {
  teamId: number;
  venueId: number;
  name: string;
  baseStrength: number;
  squad: SquadEntry[];
}

function poolFor(country: string) {
  return NAME_POOLS[country] ?? NAME_POOLS[POOL_FALLBACK[country] ?? ''] ?? NAME_POOLS.England!;
}

const POSITION_COUNTS: ReadonlyArray<[PlayerPosition, number, number]> = [
  ['Goalkeeper', 2, 3],
  ['Defender', 7, 8],
  ['Midfielder', 7, 8],
  ['Attacker', 4, 5],
];

/** A club's squad: players by position with nationalities that fit its league. */
export function makeSquad(
  random: Random,
  club: DemoClub,
  strength: number,
  firstPlayerId: number,
  currentSeason: number,
): { players: PlayersRow[]; squad: SquadEntry[] } {
  const players: PlayersRow[] = [];
  const squad: SquadEntry[] = [];
  const used = new Set<string>();
  const foreign = FOREIGN_COUNTRIES[club.country] ?? FOREIGN_COUNTRIES.default!;
  const foreignShare = club.country === 'India' ? 0.25 : club.country === 'England' ? 0.5 : 0.35;
  for (const [position, min, max] of POSITION_COUNTS) {
    const count = int(random, min, max);
    for (let k = 0; k < count; k += 1) {
      const nationality = random() < foreignShare ? foreign[Math.floor(random() * foreign.length)]! : club.country;
      const pool = poolFor(nationality);
      let first = '';
      let last = '';
      for (let attempt = 0; attempt < 20; attempt += 1) {
        first = pool.first[Math.floor(random() * pool.first.length)]!;
        last = pool.last[Math.floor(random() * pool.last.length)]!;
        if (!used.has(`${first} ${last}`)) break;
      }
      used.add(`${first} ${last}`);
      const age = position === 'Goalkeeper' ? int(random, 18, 36) : int(random, 17, 34);
      const month = int(random, 1, 12);
      const day = int(random, 1, 28);
      const id = firstPlayerId + players.length;
      players.push({
        id,
        name: `${first} ${last}`,
        first_name: first,
        last_name: last,
        nationality: nationality === 'World' ? 'England' : nationality,
        birth_date: `${currentSeason - age}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`,
        birth_country: random() < 0.08 ? foreign[Math.floor(random() * foreign.length)]! : nationality,
        photo: null,
        known_as: null,
      });
      squad.push({ playerId: id, position, quality: Math.min(1, Math.max(0, 0.6 * strength + 0.5 * random() - 0.05)) });
    }
  }
  return { players, squad };
}
