import { fanCase } from '../../domain/player-names';
import type { ImportedIncident, ImportedMatch } from '../model';
import { normalizePersonName } from '../names';
import { parseMinute, readLineup } from './football-json-full';

/**
 * The cards and substitutions of a football.json `-full` match at their minutes, for its timeline (data README §3e):
 *
 *   "lineup": [{..., "subs": [{"on": "Andy ROBERTSON", "off": "Milos KERKEZ", "minute": "60"}]}, {...away}],
 *   "bookings": [[{"type": "Y", "name": "Milos KERKEZ", "minute": "43"}], [...away]]
 *
 * Stoppage time is kept as the file writes it ("90+3" is minute 90, stoppage 3). Only a side whose line-up holds
 * together (readLineup: the checks the line-up import makes) gives its incidents, so the timeline never says more
 * than the line-ups; a booking of someone outside the line-up (a coach) is not a player's and is left out. A
 * second yellow ("Y/R") is the red card it makes. Names are written as fans write them ("Milos Kerkez").
 */

type Json = unknown;

const isObject = (value: Json): value is Record<string, Json> => typeof value === 'object' && value !== null && !Array.isArray(value);

const CARDS: Record<string, ImportedIncident['kind']> = { Y: 'yellow-card', R: 'red-card', 'Y/R': 'red-card', YR: 'red-card' };

const nameOf = (value: Json) => (typeof value === 'string' && value.trim() ? fanCase(value.trim().replace(/\s+/g, ' ')) : null);

function sideIncidents(lineup: Json, bookings: Json, side: 'home' | 'away'): ImportedIncident[] {
  const read = readLineup(lineup, bookings);
  if (typeof read === 'string' || !isObject(lineup)) return [];
  const inLineup = new Set(read.players.map((p) => normalizePersonName(p.name)));
  const incidents: ImportedIncident[] = [];
  for (const sub of Array.isArray(lineup.subs) ? lineup.subs : []) {
    const minute = isObject(sub) ? parseMinute(sub.minute) : null;
    const on = isObject(sub) ? nameOf(sub.on) : null;
    if (!minute || !on || !isObject(sub)) continue;
    incidents.push({ kind: 'substitution', side, ...minute, player: on, playerOff: nameOf(sub.off) });
  }
  for (const card of Array.isArray(bookings) ? bookings : []) {
    const minute = isObject(card) ? parseMinute(card.minute) : null;
    const player = isObject(card) ? nameOf(card.name) : null;
    const kind = isObject(card) && typeof card.type === 'string' ? CARDS[card.type] : undefined;
    if (!minute || !player || !kind || !inLineup.has(normalizePersonName(player))) continue;
    incidents.push({ kind, side, ...minute, player });
  }
  return incidents;
}

/**
 * A finished match's incidents in match order (minute, then stoppage; the file's order among equals), home side's
 * first at the same moment; undefined where the file has no line-ups (a results file, a match not played).
 */
export function readIncidents(raw: Record<string, Json>, match: Pick<ImportedMatch, 'status'>): ImportedIncident[] | undefined {
  const lineups = raw.lineup;
  if (match.status !== 'finished' || !Array.isArray(lineups) || lineups.length !== 2) return undefined;
  const bookings = Array.isArray(raw.bookings) ? raw.bookings : [];
  const all = [...sideIncidents(lineups[0], bookings[0], 'home'), ...sideIncidents(lineups[1], bookings[1], 'away')];
  return all
    .map((incident, index) => ({ incident, index }))
    .sort((a, b) => a.incident.minute - b.incident.minute || (a.incident.stoppage ?? 0) - (b.incident.stoppage ?? 0) || a.index - b.index)
    .map(({ incident }) => incident);
}
