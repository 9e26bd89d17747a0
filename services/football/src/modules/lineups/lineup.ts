import type { LineupPlayer, LineupSide } from '@matchday/contracts';
import { fanCase } from '../../domain/player-names';
import { num, numOrNull, positionOrder, round1, toPosition } from '../../lib/values';
import { hasFullLineups, SOURCE_NAMES } from '../fixture-stats/available';
import type { LineupLineRow } from './repository';

/**
 * A match's line-ups from its players' lines: who started (grouped goalkeeper, defenders, midfielders, forwards),
 * who came on, and the unused bench where the source lists it.
 */

/** Sources whose per-match lines are line-ups, best first (the store keeps one line per player and match). */
const LINEUP_SOURCES = ['api-football', 'football-json', 'fpl'] as const;

/**
 * Sources that list the unused substitutes. API-Football names the whole match-day squad (its substitutes with 0
 * minutes); FPL has a line for every squad player each gameweek, 0 minutes for the unused, but does not say who sat
 * on the bench, so its bench is not known; football.json's `-full` "bench" lists only the substitutes who came on.
 */
const BENCH_LISTED: ReadonlySet<string> = new Set(['api-football']);

/**
 * The source of the lines: the first line-up source among the fixture's sources (the demo season has none).
 * football.json counts only where its line-ups were stored (its lines name a captain; a results file has none).
 */
export function lineupSource(sources: readonly string[], lines: readonly LineupLineRow[]): { key: string; name: string } {
  const fromFull = hasFullLineups(lines);
  const key = LINEUP_SOURCES.find((source) => sources.includes(source) && (source !== 'football-json' || fromFull)) ?? 'demo';
  return { key, name: SOURCE_NAMES[key] ?? key };
}

function player(row: LineupLineRow): LineupPlayer {
  const rating = numOrNull(row.rating);
  const xg = numOrNull(row.expected_goals);
  return {
    playerId: Number(row.player_id),
    name: fanCase(row.name),
    position: toPosition(row.position),
    captain: row.captain === null || row.captain === undefined ? null : num(row.captain) > 0,
    minutes: numOrNull(row.minutes),
    // football.json's -full files give them; FPL, API-Football's lines and the demo do not
    cameOn: numOrNull(row.came_on),
    wentOff: numOrNull(row.went_off),
    goals: num(row.goals),
    assists: num(row.assists),
    yellow: num(row.yellow_cards),
    red: num(row.red_cards),
    xg: xg === null ? null : Math.round(xg * 100) / 100,
    rating: rating === null ? null : round1(rating),
  };
}

/** Goalkeeper, defenders, midfielders, forwards (unknown last); within a position the longer played, then by name. */
export function byPosition(a: LineupPlayer, b: LineupPlayer): number {
  return positionOrder(a.position) - positionOrder(b.position) || num(b.minutes) - num(a.minutes) || a.name.localeCompare(b.name);
}

/** By the minute they came on where known (unknown last), then the longer played, then by name. */
export function byComingOn(a: LineupPlayer, b: LineupPlayer): number {
  const on = (p: LineupPlayer) => p.cameOn ?? Number.POSITIVE_INFINITY;
  return on(a) - on(b) || num(b.minutes) - num(a.minutes) || a.name.localeCompare(b.name);
}

/**
 * One side's line-up from its lines; `benchListed` when the source lists the unused substitutes. A side whose lines
 * name no starter has no line-up: not available, nothing listed.
 */
export function lineupSide(teamId: number, teamName: string, lines: readonly LineupLineRow[], benchListed: boolean): LineupSide {
  const started = (line: LineupLineRow) => num(line.started) > 0;
  const own = lines.filter((line) => Number(line.team_id) === teamId);
  if (!own.some(started)) return { teamId, teamName, available: false, starters: [], substitutes: [], bench: null };
  const cameOn = (line: LineupLineRow) => !started(line) && (num(line.minutes) > 0 || num(line.subbed_in) > 0);
  return {
    teamId,
    teamName,
    available: true,
    starters: own.filter(started).map(player).sort(byPosition),
    substitutes: own.filter(cameOn).map(player).sort(byComingOn),
    bench: benchListed
      ? own
          .filter((line) => !started(line) && !cameOn(line))
          .map(player)
          .sort(byPosition)
      : null,
  };
}

export function benchListed(sourceKey: string): boolean {
  return BENCH_LISTED.has(sourceKey);
}
