/**
 * What the football data is (GET /api/dataset): the demo season, a replay of a real season, or imported data; and
 * how a replayed match's real date is written where no browser writes it (calendar events, alerts).
 */

/** GET /api/dataset */
export interface DatasetInfo {
  demo: boolean;
  /** The replay of a real season being served (`npm start`'s default, `--replay`), or null. */
  replay: ReplayInfo | null;
}

/**
 * A real season served as if it were being played now: every kick-off is stored moved by `shiftMs`, so a match's
 * real date is its kick-off minus `shiftMs`, and the replay stands now at the real instant now − `shiftMs`.
 */
export interface ReplayInfo {
  /** What is replayed: "Premier League 2024-25", "2024-25 season: Premier League, Champions League, Indian Super League". */
  label: string;
  /** Milliseconds added to every real kick-off. */
  shiftMs: number;
  /** The real first and last kick-off of what is replayed (ISO 8601), null when unknown. */
  first: string | null;
  last: string | null;
}

const REAL_DAY_WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;
const REAL_DAY_MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sept', 'Oct', 'Nov', 'Dec'] as const;

/**
 * The real day, in UTC, of a kick-off stored moved by a replay's `shiftMs`, as the app writes a replayed match's date
 * ("Sun 1 Dec 2024"): what calendar events and alerts of a replay name.
 */
export function replayedMatchDay(kickoff: string | number, shiftMs: number): string {
  const at = new Date((typeof kickoff === 'number' ? kickoff : Date.parse(kickoff)) - shiftMs);
  return `${REAL_DAY_WEEKDAYS[at.getUTCDay()]} ${at.getUTCDate()} ${REAL_DAY_MONTHS[at.getUTCMonth()]} ${at.getUTCFullYear()}`;
}
