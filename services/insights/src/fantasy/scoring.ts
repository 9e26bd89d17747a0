import type { FantasyRole } from '@matchday/contracts';

/**
 * Dream11 football scoring, the one table the app uses. Source: Dream11's published "Fantasy Points System"
 * for football (dream11.com, "How to play" > "Fantasy points system" > Football).
 *
 * Rows our data supports (counted here):
 * - playing time (starting XI, substitute), goals by position, assists, clean sheets (55 minutes), goals
 *   conceded, saves, penalties saved and missed, yellow and red cards, own goals: FPL per-match rows and
 *   API-Football player statistics;
 * - chance created (+3): API-Football's key passes (`passes.key`); FPL rows have none, so on FPL data it
 *   counts 0 for every player alike. Dream11 gives no chance created for a pass that earns an assist, so an
 *   assist's key pass is not counted twice.
 *
 * Rows Dream11 scores that no source here supports (left out for every player alike):
 * - shot on target (+6, goals included): no per-player shots in FPL rows, nor in what we import from
 *   API-Football; counting only goals as shots on target would score the same event twice and still miss
 *   every saved shot;
 * - 5 passes completed (+1): API-Football gives total passes and an accuracy that is a percentage in some
 *   replies and a count in others, so completed passes cannot be told reliably; FPL has none;
 * - tackles won, interceptions won, blocked shots, clearances and the other defensive actions: FPL has none,
 *   and API-Football's tackle, block and interception counts do not say which were won as Dream11 defines them.
 */
export const DREAM11_POINTS = {
  startingXI: 4,
  substitute: 2,
  goal: { GK: 60, DEF: 60, MID: 50, FWD: 40 } satisfies Record<FantasyRole, number>,
  assist: 20,
  /** Key pass that did not become an assist. */
  chanceCreated: 3,
  /** Goalkeepers and defenders who played at least 55 minutes. */
  cleanSheet: { GK: 20, DEF: 20, MID: 0, FWD: 0 } satisfies Record<FantasyRole, number>,
  cleanSheetMinutes: 55,
  /** Per goal conceded while on the pitch, goalkeepers and defenders. */
  goalConceded: { GK: -2, DEF: -2, MID: 0, FWD: 0 } satisfies Record<FantasyRole, number>,
  save: 6,
  penaltySaved: 50,
  penaltyMissed: -20,
  yellowCard: -4,
  redCard: -10,
  ownGoal: -8,
  captain: 2,
  viceCaptain: 1.5,
} as const;

export interface MatchLine {
  minutes: number;
  started: boolean;
  goals: number;
  assists: number;
  goalsConceded: number;
  saves: number;
  yellowCards: number;
  redCards: number;
  ownGoals?: number;
  penaltiesSaved?: number;
  penaltiesMissed?: number;
  /** Key passes (API-Football), assists included; null or absent where the source has none. */
  keyPasses?: number | null;
  /** FPL's expected goals and assists of the match (inputs of the expectation, never scored). */
  expectedGoals?: number | null;
  expectedAssists?: number | null;
}

/** Dream11 points of one player's match. */
export function dream11Points(role: FantasyRole, line: MatchLine): number {
  if (line.minutes <= 0) return 0;
  const p = DREAM11_POINTS;
  let points = line.started ? p.startingXI : p.substitute;
  points += line.goals * p.goal[role] + line.assists * p.assist;
  points += Math.max(0, (line.keyPasses ?? 0) - line.assists) * p.chanceCreated;
  if (line.minutes >= p.cleanSheetMinutes && line.goalsConceded === 0) points += p.cleanSheet[role];
  points += line.goalsConceded * p.goalConceded[role];
  if (role === 'GK') points += line.saves * p.save + (line.penaltiesSaved ?? 0) * p.penaltySaved;
  points +=
    (line.penaltiesMissed ?? 0) * p.penaltyMissed +
    line.yellowCards * p.yellowCard +
    line.redCards * p.redCard +
    (line.ownGoals ?? 0) * p.ownGoal;
  return points;
}

/** Our positions (spec: Goalkeeper, Defender, Midfielder, Attacker) as fantasy roles. */
export function roleOf(position: string): FantasyRole {
  switch (position) {
    case 'Goalkeeper':
    case 'GK':
      return 'GK';
    case 'Defender':
    case 'DEF':
      return 'DEF';
    case 'Attacker':
    case 'FWD':
      return 'FWD';
    default:
      return 'MID';
  }
}

/**
 * Credits on Dream11's 7.0-11.0 scale in 0.5 steps from the FPL price (tenths: 45 = 4.5m): 4.0m and below
 * is 7.0, 13.0m and above is 11.0, linear between. Without a price a player costs 8.0.
 */
export function creditsOf(price: number | null): number {
  if (price === null || !Number.isFinite(price)) return 8;
  const raw = 7 + ((price - 40) / 90) * 4;
  return Math.min(11, Math.max(7, Math.round(raw * 2) / 2));
}
