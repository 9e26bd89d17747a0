import { fanCase } from '../../domain/player-names';
import { normalizePersonName } from '../names';
import type { ImportedGoal, ImportedMatch, ImportedPlayerMatch, ImportedTeam, ImportedVenue } from '../model';
import { clip } from '../sync/plausibility';

/**
 * What football.json's `-full` files add to a match (data README §3e): both line-ups with the captain, the
 * substitutions and bookings with their minutes, goals with minutes and penalties, the referee (the first of
 * `referees`), the ground and the attendance.
 *
 *   "lineup": [{"starter": [{"name": "Virgil VAN DIJK", "captain": true}, ...], "bench": [...],
 *               "subs": [{"on": "Andy ROBERTSON", "off": "Milos KERKEZ", "minute": "60"}]}, {...away}],
 *   "goals1": [{"name": "MOHAMED SALAH", "minute": "90+4", "penalty": true}], "goals2": [...],
 *   "bookings": [[{"type": "Y", "name": "Milos KERKEZ", "minute": "43"}], [...away]]
 *
 * A side's line-up that does not hold together (not eleven starters, a player named twice, a substitute not on
 * the bench or coming on twice, a player going off who is not on the pitch, a minute that is not a minute) is
 * skipped and reported with the match; the rest of the match is kept. Unlike its name, `bench` lists only the
 * substitutes who came on, so the unused bench is not known.
 */

type Json = unknown;

function isObject(value: Json): value is Record<string, Json> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The longest a match runs on the clock, extra time included (a minute past it is not a minute). */
const LAST_MINUTE = 120;
/** Minutes of a match without extra time (a player on the pitch at the end played to here). */
const FULL_TIME = 90;

/** "45+2" → {minute: 45, stoppage: 2}; "60" → {minute: 60, stoppage: null}; null for anything else. */
export function parseMinute(value: Json): { minute: number; stoppage: number | null } | null {
  if (typeof value === 'number' && Number.isInteger(value)) value = String(value);
  if (typeof value !== 'string') return null;
  const m = /^\s*(\d{1,3})(?:\s*\+\s*(\d{1,2}))?\s*'?\s*$/.exec(value);
  if (!m) return null;
  const minute = Number(m[1]);
  if (minute < 1 || minute > LAST_MINUTE) return null;
  return { minute, stoppage: m[2] === undefined ? null : Number(m[2]) };
}

/** "19:00 UTC+0", "12:30 UTC+1", "20:00 UTC-3" → the local time and its offset in minutes; null for another form. */
export function parseOffsetTime(value: string): { time: string; offsetMinutes: number } | null {
  const m = /^(\d{1,2}):(\d{2})\s+UTC([+-])(\d{1,2})(?::?(\d{2}))?$/.exec(value.trim());
  if (!m) return null;
  const sign = m[3] === '-' ? -1 : 1;
  return { time: `${m[1]}:${m[2]}`, offsetMinutes: sign * (Number(m[4]) * 60 + Number(m[5] ?? 0)) };
}

/** "Anfield, Liverpool" → Anfield in Liverpool. */
export function groundVenue(ground: Json): ImportedVenue | null {
  if (typeof ground !== 'string' || !ground.trim()) return null;
  const [name, ...rest] = ground.split(',').map((part) => part.trim());
  if (!name) return null;
  return { name: clip(name, 120), city: rest.length > 0 ? clip(rest.join(', '), 120) : null };
}

/** A name as the file's lists match it ("Virgil VAN DIJK" in the line-up is "Virgil van Dijk" in the bookings). */
const nameKey = (name: string) => normalizePersonName(name);

interface PlayerState {
  name: string;
  started: boolean;
  captain: boolean;
  cameOn: number | null;
  wentOff: number | null;
  goals: number;
  yellow: number;
  red: number;
}

export interface SideLineup {
  players: PlayerState[];
}

/** One side's line-up from the file; a string says why it does not hold together. */
export function readLineup(raw: Json, bookings: Json): SideLineup | string {
  if (!isObject(raw)) return 'not an object';
  const starters = raw.starter;
  const bench = raw.bench ?? [];
  const subs = raw.subs ?? [];
  if (!Array.isArray(starters)) return 'no starters';
  if (!Array.isArray(bench) || !Array.isArray(subs)) return 'bad bench or substitutions';
  if (starters.length !== 11) return `${starters.length} starters`;
  const byKey = new Map<string, PlayerState>();
  for (const [list, started] of [
    [starters, true],
    [bench, false],
  ] as const) {
    for (const entry of list) {
      const name = isObject(entry) && typeof entry.name === 'string' ? entry.name.trim().replace(/\s+/g, ' ') : '';
      if (!name) return 'a player without a name';
      const key = nameKey(name);
      if (byKey.has(key)) return `${clip(name, 60)} named twice`;
      byKey.set(key, {
        name,
        started,
        captain: isObject(entry) && entry.captain === true,
        cameOn: null,
        wentOff: null,
        goals: 0,
        yellow: 0,
        red: 0,
      });
    }
  }
  if ([...byKey.values()].filter((p) => p.captain).length > 1) return 'two captains';
  const find = (name: Json) => (typeof name === 'string' ? byKey.get(nameKey(name)) : undefined);
  const onPitch = (player: PlayerState, at: number) =>
    (player.started || (player.cameOn !== null && player.cameOn <= at)) && (player.wentOff === null || player.wentOff > at);
  const changes: Array<{ on: PlayerState; off: PlayerState; minute: number }> = [];
  const cameOn = new Set<PlayerState>();
  for (const sub of subs) {
    if (!isObject(sub)) return 'a substitution that is not an object';
    const minute = parseMinute(sub.minute);
    if (!minute) return `substitution minute ${clip(JSON.stringify(sub.minute ?? null), 20)} is not a minute`;
    const on = find(sub.on);
    const off = find(sub.off);
    if (!on || on.started) return `substitute ${clip(String(sub.on), 60)} is not on the bench`;
    if (cameOn.has(on)) return `${clip(on.name, 60)} comes on twice`;
    if (!off) return `${clip(String(sub.off), 60)} goes off but is not in the line-up`;
    cameOn.add(on);
    changes.push({ on, off, minute: minute.minute });
  }
  // in the order of their minutes (a stable sort: changes of one minute keep the file's order)
  for (const change of changes.sort((a, b) => a.minute - b.minute)) {
    if (!onPitch(change.off, change.minute)) return `${clip(change.off.name, 60)} goes off at ${change.minute} but is not on the pitch`;
    change.on.cameOn = change.minute;
    change.off.wentOff = change.minute;
  }
  const cards = bookings ?? [];
  if (!Array.isArray(cards)) return 'bad bookings';
  for (const card of cards) {
    if (!isObject(card)) return 'a booking that is not an object';
    const minute = parseMinute(card.minute);
    if (!minute) return `booking minute ${clip(JSON.stringify(card.minute ?? null), 20)} is not a minute`;
    const player = find(card.name);
    // a booking of someone outside the line-up (a coach, a misspelling) is not a player's
    if (!player) continue;
    if (card.type === 'R' || card.type === 'Y/R' || card.type === 'YR') {
      player.red += 1;
      if (card.type !== 'R') player.yellow += 1;
      if (player.wentOff === null) player.wentOff = minute.minute;
    } else if (card.type === 'Y') {
      player.yellow += 1;
    } else {
      return `booking type ${clip(JSON.stringify(card.type ?? null), 10)}`;
    }
  }
  return { players: [...byKey.values()] };
}

/** A side's goals: `{name, minute, penalty?, owngoal?}`; a string says what is wrong. */
function readGoals(raw: Json, side: 'home' | 'away'): ImportedGoal[] | string {
  if (raw === undefined || raw === null) return [];
  if (!Array.isArray(raw)) return `goals${side === 'home' ? 1 : 2} is not a list`;
  const goals: ImportedGoal[] = [];
  for (const goal of raw) {
    if (!isObject(goal) || typeof goal.name !== 'string' || !goal.name.trim()) return 'a goal without a scorer';
    const minute = parseMinute(goal.minute);
    if (!minute) return `goal minute ${clip(JSON.stringify(goal.minute ?? null), 20)} is not a minute`;
    goals.push({
      side,
      ...minute,
      kind: goal.owngoal === true ? 'own-goal' : goal.penalty === true ? 'penalty' : 'goal',
      scorer: fanCase(goal.name),
    });
  }
  return goals;
}

export interface FullMatchParts {
  goalEvents?: ImportedGoal[];
  referee?: string | null;
  venue?: ImportedVenue | null;
  attendance?: number | null;
  /** The lines of each side whose line-up holds together. */
  lines: ImportedPlayerMatch[];
  /** The file gives the match's line-ups (`lines` are then its lines in full: a side skipped has none). */
  lineupsGiven?: boolean;
  /** What was skipped, for the match's problem lines. */
  problems: string[];
}

/**
 * The `-full` parts of one match: `match` is the match as the results part made it (its teams, score, external id).
 * Goals that do not add up to the score are left out (the match keeps its score).
 */
export function readFullMatch(raw: Record<string, Json>, match: ImportedMatch, source: 'football-json'): FullMatchParts {
  const problems: string[] = [];
  const parts: FullMatchParts = { lines: [], problems };
  const referees = raw.referees;
  if (Array.isArray(referees) && isObject(referees[0]) && typeof referees[0].name === 'string' && referees[0].name.trim()) {
    parts.referee = clip(referees[0].name.trim(), 100);
  }
  const venue = groundVenue(raw.ground);
  if (venue) parts.venue = venue;
  if (typeof raw.attendance === 'number' && Number.isInteger(raw.attendance) && raw.attendance >= 0) parts.attendance = raw.attendance;
  // a results file's match (no line-ups, no goal lists) has nothing more; a -full 0-0 has line-ups and no goal lists
  const full = raw.lineup !== undefined || raw.goals1 !== undefined || raw.goals2 !== undefined;
  if (!full || match.status !== 'finished' || !match.goals) return parts;

  const home = readGoals(raw.goals1, 'home');
  const away = readGoals(raw.goals2, 'away');
  if (typeof home === 'string' || typeof away === 'string') {
    problems.push(`goals skipped: ${typeof home === 'string' ? home : (away as string)}`);
  } else if (home.length !== match.goals.home || away.length !== match.goals.away) {
    problems.push(`goals skipped: ${home.length}-${away.length} listed for a ${match.goals.home}-${match.goals.away}`);
  } else {
    parts.goalEvents = [...home, ...away].sort((a, b) => a.minute - b.minute || (a.stoppage ?? 0) - (b.stoppage ?? 0));
  }

  const lineups = raw.lineup;
  if (lineups === undefined) return parts;
  parts.lineupsGiven = true;
  if (!Array.isArray(lineups) || lineups.length !== 2) {
    problems.push('line-ups skipped: not a home and an away line-up');
    return parts;
  }
  const bookings = Array.isArray(raw.bookings) ? raw.bookings : [];
  const goals = typeof home === 'string' || typeof away === 'string' ? null : { home, away };
  (['home', 'away'] as const).forEach((side, i) => {
    const team: ImportedTeam = side === 'home' ? match.home : match.away;
    const lineup = readLineup(lineups[i], bookings[i]);
    if (typeof lineup === 'string') {
      problems.push(`${side} line-up skipped (${team.name}): ${lineup}`);
      return;
    }
    const byKey = new Map(lineup.players.map((p) => [nameKey(p.name), p]));
    for (const goal of goals?.[side] ?? []) {
      if (goal.kind === 'own-goal') continue;
      const scorer = byKey.get(nameKey(goal.scorer));
      if (scorer) scorer.goals += 1;
    }
    for (const player of lineup.players) {
      const played = player.started || player.cameOn !== null;
      const from = player.started ? 0 : (player.cameOn ?? FULL_TIME);
      const to = player.wentOff ?? FULL_TIME;
      parts.lines.push({
        player: { source, externalId: `${team.name}:${nameKey(player.name)}`, name: fanCase(player.name) },
        team,
        match: { source, externalId: match.externalId },
        position: null,
        started: player.started,
        subbedIn: player.cameOn !== null,
        subbedOut: player.wentOff !== null,
        // a substitute on in stoppage time played, if less than a minute
        minutes: played ? Math.max(player.started ? 0 : 1, to - from) : 0,
        goals: played ? player.goals : null,
        yellowCards: player.yellow,
        redCards: player.red,
        captain: player.captain,
        cameOn: player.cameOn,
        wentOff: player.wentOff,
        origin: match.origin,
      });
    }
  });
  return parts;
}
