import type { PlayerPosition } from '@matchday/contracts';

/**
 * One simulated match of the demo generator: the score and every team and player statistic, kept
 * consistent with each other (shots >= shots on target >= goals, possession summing to 100, a keeper's
 * saves = the other side's shots on target - its goals, players' goals/cards/passes/fouls adding up to
 * the team's). Pure: all randomness comes from the `random` function passed in.
 */

export type Random = () => number;

/** Small deterministic PRNG (mulberry32). */
export function prng(seed: number): Random {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const int = (random: Random, min: number, max: number): number => min + Math.floor(random() * (max - min + 1));

export function poisson(random: Random, lambda: number): number {
  let k = 0;
  let p = Math.exp(-lambda);
  let s = p;
  const u = random();
  while (u > s && k < 10) {
    k += 1;
    p = (p * lambda) / k;
    s += p;
  }
  return k;
}

export function shuffle<T>(random: Random, items: T[]): T[] {
  for (let i = items.length - 1; i > 0; i -= 1) {
    const j = Math.floor(random() * (i + 1));
    [items[i], items[j]] = [items[j]!, items[i]!];
  }
  return items;
}

function pickWeighted<T>(random: Random, items: readonly T[], weight: (item: T) => number): T | undefined {
  const total = items.reduce((sum, item) => sum + Math.max(0, weight(item)), 0);
  if (total <= 0) return undefined;
  let u = random() * total;
  for (const item of items) {
    u -= Math.max(0, weight(item));
    if (u < 0) return item;
  }
  return items[items.length - 1];
}

/** Splits `total` into integer parts proportional to `weights` (largest remainder), summing exactly to `total`. */
export function apportion(total: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  if (sum <= 0 || total <= 0) return weights.map(() => 0);
  const exact = weights.map((w) => (total * w) / sum);
  const parts = exact.map(Math.floor);
  let rest = total - parts.reduce((a, b) => a + b, 0);
  const order = exact.map((e, i) => [e - Math.floor(e), i] as const).sort((a, b) => b[0] - a[0] || a[1] - b[1]);
  for (const [, i] of order) {
    if (rest <= 0) break;
    parts[i]! += 1;
    rest -= 1;
  }
  return parts;
}

export interface SquadEntry {
  playerId: number;
  position: PlayerPosition;
  /** 0-1, how good (and so how often picked). */
  quality: number;
}

export interface Side {
  teamId: number;
  /** 0-1 */
  strength: number;
  squad: readonly SquadEntry[];
}

/** A row of fixture_team_stats without fixture_id. */
export interface TeamStatsRow {
  team_id: number;
  is_home: number;
  total_shots: number;
  shots_on_target: number;
  blocked_shots: number;
  shots_inside_box: number;
  shots_outside_box: number;
  ball_possession: number;
  total_passes: number;
  passes_accurate: number;
  passes_percent: number;
  goalkeeper_saves: number;
  fouls: number;
  offsides: number;
  yellow_cards: number;
  red_cards: number;
  corner_kicks: number;
}

/** A row of fixture_player_stats without fixture_id. */
export interface PlayerStatsRow {
  player_id: number;
  team_id: number;
  position: PlayerPosition;
  started: number;
  subbed_in: number;
  subbed_out: number;
  minutes: number;
  rating: number | null;
  goals: number;
  assists: number;
  goals_conceded: number;
  saves: number;
  passes_total: number;
  passes_key: number;
  passes_accuracy: number | null;
  tackles_total: number;
  tackles_blocks: number;
  tackles_interceptions: number;
  duels_total: number;
  duels_won: number;
  fouls_drawn: number;
  fouls_committed: number;
  yellow_cards: number;
  red_cards: number;
}

export interface SimulatedMatch {
  homeGoals: number;
  awayGoals: number;
  homeGoalsHt: number;
  awayGoalsHt: number;
  teams: [TeamStatsRow, TeamStatsRow];
  players: PlayerStatsRow[];
}

const FORMATIONS: ReadonlyArray<[number, number, number]> = [
  [4, 3, 3],
  [4, 4, 2],
  [3, 5, 2],
  [4, 2, 4],
];

interface Appearance {
  entry: SquadEntry;
  started: boolean;
  subbedIn: boolean;
  subbedOut: boolean;
  minutes: number;
  goals: number;
  assists: number;
  yellow: number;
  red: number;
}

function lineup(random: Random, squad: readonly SquadEntry[]): Appearance[] {
  const formation = FORMATIONS[Math.floor(random() * FORMATIONS.length)]!;
  const byPosition = (position: PlayerPosition) =>
    squad
      .filter((p) => p.position === position)
      .map((p) => ({ p, score: p.quality + random() * 0.45 }))
      .sort((a, b) => b.score - a.score)
      .map((x) => x.p);
  const keepers = byPosition('Goalkeeper');
  const groups: Array<[SquadEntry[], number]> = [
    [keepers, 1],
    [byPosition('Defender'), formation[0]],
    [byPosition('Midfielder'), formation[1]],
    [byPosition('Attacker'), formation[2]],
  ];
  const starters: SquadEntry[] = [];
  const bench: SquadEntry[] = [];
  for (const [players, count] of groups) {
    starters.push(...players.slice(0, count));
    bench.push(...players.slice(count));
  }
  const appearances: Appearance[] = starters.map((entry) => ({
    entry,
    started: true,
    subbedIn: false,
    subbedOut: false,
    minutes: 90,
    goals: 0,
    assists: 0,
    yellow: 0,
    red: 0,
  }));
  const outfieldBench = bench.filter((p) => p.position !== 'Goalkeeper');
  const substitutions = Math.min(int(random, 3, 5), outfieldBench.length);
  for (let s = 0; s < substitutions; s += 1) {
    const candidates = appearances.filter((a) => a.started && !a.subbedOut && a.entry.position !== 'Goalkeeper');
    const off = candidates[Math.floor(random() * candidates.length)];
    if (!off) break;
    const same = outfieldBench.findIndex((p) => p.position === off.entry.position);
    const [on] = outfieldBench.splice(same >= 0 ? same : 0, 1);
    if (!on) break;
    const minute = int(random, 46, 88);
    off.subbedOut = true;
    off.minutes = minute;
    appearances.push({
      entry: on,
      started: false,
      subbedIn: true,
      subbedOut: false,
      minutes: 90 - minute,
      goals: 0,
      assists: 0,
      yellow: 0,
      red: 0,
    });
  }
  return appearances;
}

const GOAL_WEIGHT: Readonly<Record<PlayerPosition, number>> = { Goalkeeper: 0, Defender: 0.8, Midfielder: 2.4, Attacker: 5 };
const ASSIST_WEIGHT: Readonly<Record<PlayerPosition, number>> = { Goalkeeper: 0.1, Defender: 1.2, Midfielder: 3, Attacker: 2 };
const CARD_WEIGHT: Readonly<Record<PlayerPosition, number>> = { Goalkeeper: 0.3, Defender: 2.2, Midfielder: 2, Attacker: 1 };
const PASS_WEIGHT: Readonly<Record<PlayerPosition, number>> = { Goalkeeper: 0.45, Defender: 1.15, Midfielder: 1.35, Attacker: 0.7 };

export function expectedGoals(own: number, other: number, home: boolean): number {
  return Math.min(3.6, Math.max(0.3, (home ? 1.45 : 1.15) + 1.4 * (own - other)));
}

/** Simulates one match between two sides (`neutral`: no home advantage, e.g. a final). */
export function simulateMatch(random: Random, home: Side, away: Side, neutral = false): SimulatedMatch {
  const goals = [
    poisson(random, expectedGoals(home.strength, away.strength, !neutral)),
    poisson(random, expectedGoals(away.strength, home.strength, false)),
  ] as const;
  const halfTime = goals.map((g) => Array.from({ length: g }, () => random() < 0.45).filter(Boolean).length);
  const sides = [home, away] as const;
  const lineups = sides.map((side) => lineup(random, side.squad));

  // Team statistics, consistent with the score.
  const onTarget = sides.map((side, i) => goals[i]! + poisson(random, 2.2 + 2.5 * side.strength));
  const offTarget = sides.map((side) => int(random, 2, 6) + Math.round(3 * side.strength));
  const blocked = sides.map(() => int(random, 0, 5));
  const totalShots = sides.map((_, i) => onTarget[i]! + offTarget[i]! + blocked[i]!);
  const inside = totalShots.map((total, i) => Math.min(total, Math.max(goals[i]!, Math.round(total * (0.55 + 0.2 * random())))));
  const homePossession = Math.min(
    72,
    Math.max(28, Math.round(50 + 22 * (home.strength - away.strength) + (random() - 0.5) * 12 + (neutral ? 0 : 2))),
  );
  const possession = [homePossession, 100 - homePossession];
  const passes = possession.map((p) => Math.round(p * (8 + 3 * random())));
  const accuracy = sides.map((side) => Math.min(93, Math.max(62, Math.round(74 + 14 * side.strength + (random() - 0.5) * 6))));
  const accurate = passes.map((total, i) => Math.round((total * accuracy[i]!) / 100));
  const fouls = sides.map(() => int(random, 6, 16));
  const yellow = sides.map(() => Math.min(6, poisson(random, 1.8)));
  const red = sides.map(() => (random() < 0.05 ? 1 : 0));
  const teams = sides.map((side, i): TeamStatsRow => ({
    team_id: side.teamId,
    is_home: i === 0 ? 1 : 0,
    total_shots: totalShots[i]!,
    shots_on_target: onTarget[i]!,
    blocked_shots: blocked[i]!,
    shots_inside_box: inside[i]!,
    shots_outside_box: totalShots[i]! - inside[i]!,
    ball_possession: possession[i]!,
    total_passes: passes[i]!,
    passes_accurate: accurate[i]!,
    passes_percent: Math.round((accurate[i]! * 100) / passes[i]!),
    goalkeeper_saves: onTarget[1 - i]! - goals[1 - i]!,
    fouls: fouls[i]!,
    offsides: int(random, 0, 5),
    yellow_cards: yellow[i]!,
    red_cards: red[i]!,
    corner_kicks: Math.max(0, Math.round(totalShots[i]! * 0.35 + (random() - 0.5) * 4)),
  })) as [TeamStatsRow, TeamStatsRow];

  const players: PlayerStatsRow[] = [];
  sides.forEach((side, i) => {
    const team = lineups[i]!;
    const stats = teams[i]!;
    // A sending-off: an outfield starter still on the pitch leaves early.
    if (red[i]) {
      const candidates = team.filter((a) => a.started && !a.subbedOut && a.entry.position !== 'Goalkeeper');
      const sentOff = candidates[Math.floor(random() * candidates.length)];
      if (sentOff) {
        sentOff.red = 1;
        sentOff.minutes = int(random, 25, 89);
      } else {
        stats.red_cards = 0;
      }
    }
    for (let g = 0; g < goals[i]!; g += 1) {
      const scorer = pickWeighted(random, team, (a) => (GOAL_WEIGHT[a.entry.position] * a.minutes * (0.6 + a.entry.quality)) / 90)!;
      scorer.goals += 1;
      if (random() < 0.75) {
        const assistant = pickWeighted(
          random,
          team.filter((a) => a !== scorer),
          (a) => (ASSIST_WEIGHT[a.entry.position] * a.minutes) / 90,
        );
        if (assistant) assistant.assists += 1;
      }
    }
    const cardable = shuffle(random, [...team]);
    let yellowLeft = yellow[i]!;
    while (yellowLeft > 0) {
      const booked = pickWeighted(random, cardable, (a) => (a.yellow ? 0 : (CARD_WEIGHT[a.entry.position] * Math.max(a.minutes, 10)) / 90));
      if (!booked) break;
      booked.yellow = 1;
      yellowLeft -= 1;
    }
    stats.yellow_cards = team.reduce((sum, a) => sum + a.yellow, 0);

    const passParts = apportion(
      passes[i]!,
      team.map((a) => PASS_WEIGHT[a.entry.position] * a.minutes * (0.8 + 0.4 * random())),
    );
    const foulParts = apportion(
      fouls[i]!,
      team.map((a) => (a.entry.position === 'Goalkeeper' ? 0.1 : 1) * a.minutes * (0.5 + random())),
    );
    const drawnParts = apportion(
      fouls[1 - i]!,
      team.map((a) => (a.entry.position === 'Goalkeeper' ? 0.1 : 1) * a.minutes * (0.5 + random())),
    );
    const won = goals[i]! > goals[1 - i]!;
    const lost = goals[i]! < goals[1 - i]!;
    team.forEach((a, k) => {
      const position = a.entry.position;
      const keeper = position === 'Goalkeeper';
      const share = a.minutes / 90;
      let rating =
        6.4 + (random() - 0.5) * 1.2 + a.goals * 0.9 + a.assists * 0.5 + (won ? 0.3 : 0) - (lost ? 0.3 : 0) + 0.4 * a.entry.quality;
      if (keeper) rating += goals[1 - i] === 0 ? 0.6 : -0.25 * goals[1 - i]! + 0.1 * stats.goalkeeper_saves;
      if (a.red) rating -= 1;
      const duels = Math.round(share * int(random, 5, 16));
      players.push({
        player_id: a.entry.playerId,
        team_id: side.teamId,
        position,
        started: a.started ? 1 : 0,
        subbed_in: a.subbedIn ? 1 : 0,
        subbed_out: a.subbedOut ? 1 : 0,
        minutes: a.minutes,
        rating: a.minutes >= 10 ? Math.round(Math.min(9, Math.max(5.5, rating)) * 10) / 10 : null,
        goals: a.goals,
        assists: a.assists,
        goals_conceded: keeper ? goals[1 - i]! : 0,
        saves: keeper ? stats.goalkeeper_saves : 0,
        passes_total: passParts[k]!,
        passes_key: keeper ? 0 : Math.round(share * int(random, 0, position === 'Defender' ? 1 : 3)),
        passes_accuracy:
          passParts[k]! > 0
            ? Math.min(
                100,
                Math.max(40, accuracy[i]! + Math.round((random() - 0.5) * 14) + (position === 'Attacker' ? -6 : keeper ? -10 : 2)),
              )
            : null,
        tackles_total: keeper ? 0 : Math.round(share * int(random, 0, position === 'Attacker' ? 2 : 5)),
        tackles_blocks: position === 'Defender' ? Math.round(share * int(random, 0, 2)) : 0,
        tackles_interceptions: keeper || position === 'Attacker' ? 0 : Math.round(share * int(random, 0, 3)),
        duels_total: duels,
        duels_won: Math.round(duels * (0.35 + 0.3 * random())),
        fouls_drawn: drawnParts[k]!,
        fouls_committed: foulParts[k]!,
        yellow_cards: a.yellow,
        red_cards: a.red,
      });
    });
  });
  return { homeGoals: goals[0], awayGoals: goals[1], homeGoalsHt: halfTime[0]!, awayGoalsHt: halfTime[1]!, teams, players };
}
