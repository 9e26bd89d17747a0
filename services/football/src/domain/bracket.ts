import {
  BRACKET_ROUNDS,
  type BracketLeg,
  type BracketRound,
  type BracketRoundName,
  type BracketSide,
  type BracketTie,
} from '@matchday/contracts';
import type { FixtureStatus } from '@matchday/contracts';

/**
 * A cup's knockout stage as a tree (GET /api/bracket), from its stored knockout and play-off fixtures: pure, no
 * database (modules/bracket loads the rows). A tie is one match (a tournament) or two legs (the Champions League:
 * the aggregate decides, away goals do not count, then the second leg's extra time and penalties).
 *
 * Tree order: from the final back, each tie's feeders are the ties its two places come from: the draw's `W74` /
 * `L101` where the fixtures carry it (the tournament importer stores it), otherwise the tie of the round before that
 * the team played in. A team is shown once it is known: its group finished (`1A`, `3A/B/C/D/F`), the tie it comes
 * from decided (`W74`), the league phase over (a Champions League team straight into the Round of 16), or its own tie
 * begun; until then the place shows only its label, so that a replay fills the bracket as it plays.
 */

export interface KnockoutFixture {
  id: number;
  /** Kick-off, epoch ms. */
  kickoff: number;
  status: FixtureStatus;
  /** The round as stored ("Round of 16", "Quarterfinals", "Knockout play-offs - Matchday 1", "Final"). */
  round: string | null;
  matchNumber: number | null;
  homeSlot: string | null;
  awaySlot: string | null;
  homeTeamId: number;
  awayTeamId: number;
  homeTeam: string;
  awayTeam: string;
  /** The score fans read (after extra time when there was extra time), the live score while live; null before kick-off. */
  goalsHome: number | null;
  goalsAway: number | null;
  afterExtraTime: boolean;
  penaltiesHome: number | null;
  penaltiesAway: number | null;
  /** The clock of a live match. */
  minute: string | null;
}

export interface BracketContext {
  /** Whether every group-stage match of these groups (letters) is finished; an empty list: of all groups. */
  groupsFinished(groups: readonly string[]): boolean;
  /** Whether the league phase (or whatever came before the first knockout round) is over. */
  leaguePhaseFinished: boolean;
}

/** The bracket's name of a stored round, or null for a round that is not part of one. */
export function bracketRoundOf(round: string | null): BracketRoundName | null {
  const text = (round ?? '').toLowerCase();
  // before the play-offs: "Third-place play-off" and "Play-off for third place" are the match for third place
  if (/third|3rd/.test(text)) return 'Match for third place';
  if (/play-?offs?/.test(text)) return 'Knockout play-offs';
  if (/round of 32/.test(text)) return 'Round of 32';
  if (/round of 16|1\/8/.test(text)) return 'Round of 16';
  if (/quarter/.test(text)) return 'Quarter-finals';
  if (/semi/.test(text)) return 'Semi-finals';
  if (/^(finals?, )?final$/.test(text.trim())) return 'Final';
  return null;
}

const PLAYED: readonly FixtureStatus[] = ['live', 'finished'];

interface Tie {
  round: BracketRoundName;
  legs: KnockoutFixture[];
  number: number | null;
  /** The team ids of its two places, home first (the first leg's home side). */
  teams: [number, number];
  names: [string, string];
  slots: [string | null, string | null];
  feeders: [Tie | null, Tie | null];
}

const isSlotRef = (slot: string | null) => (slot ? /^([WL])(\d+)$/.exec(slot) : null);

/** Goals of `teamId` in a leg (null when the leg has no score). */
function goalsOf(leg: KnockoutFixture, teamId: number): number | null {
  const goals = leg.homeTeamId === teamId ? leg.goalsHome : leg.goalsAway;
  return goals === null ? null : Number(goals);
}

function penaltiesOf(leg: KnockoutFixture, teamId: number): number | null {
  const penalties = leg.homeTeamId === teamId ? leg.penaltiesHome : leg.penaltiesAway;
  return penalties === null ? null : Number(penalties);
}

/** The aggregate of the legs with a score, from the tie's home side; null before any. */
function aggregate(tie: Tie): [number, number] | null {
  const scored = tie.legs.filter((leg) => PLAYED.includes(leg.status) && leg.goalsHome !== null && leg.goalsAway !== null);
  if (scored.length === 0) return null;
  return [scored.reduce((n, leg) => n + goalsOf(leg, tie.teams[0])!, 0), scored.reduce((n, leg) => n + goalsOf(leg, tie.teams[1])!, 0)];
}

/** The index (0 home, 1 away) of the side that went through, or null while undecided. */
function winnerIndex(tie: Tie): 0 | 1 | null {
  if (!tie.legs.every((leg) => leg.status === 'finished')) return null;
  const score = aggregate(tie);
  if (!score) return null;
  if (score[0] !== score[1]) return score[0] > score[1] ? 0 : 1;
  const last = tie.legs[tie.legs.length - 1]!;
  const [home, away] = [penaltiesOf(last, tie.teams[0]), penaltiesOf(last, tie.teams[1])];
  if (home === null || away === null || home === away) return null;
  return home > away ? 0 : 1;
}

/** Groups a place's label names: "1A" -> [A], "3A/B/C/D/F" -> [] (a third's place depends on every group). */
function groupsOfSlot(slot: string): string[] | null {
  const match = /^([123])([A-L](?:\/[A-L])*)$/.exec(slot);
  if (!match) return null;
  return match[1] === '3' ? [] : match[2]!.split('/');
}

export function buildBracket(fixtures: readonly KnockoutFixture[], context: BracketContext): BracketRound[] {
  // Ties: one per round and pair of teams, legs in kick-off order.
  const byKey = new Map<string, Tie>();
  for (const fixture of [...fixtures].sort((a, b) => a.kickoff - b.kickoff || a.id - b.id)) {
    const round = bracketRoundOf(fixture.round);
    if (!round) continue;
    const pair = [fixture.homeTeamId, fixture.awayTeamId].sort((a, b) => a - b).join('-');
    const key = fixture.matchNumber !== null ? `#${fixture.matchNumber}` : `${round}|${pair}`;
    const tie = byKey.get(key);
    if (tie) tie.legs.push(fixture);
    else
      byKey.set(key, {
        round,
        legs: [fixture],
        number: fixture.matchNumber,
        teams: [fixture.homeTeamId, fixture.awayTeamId],
        names: [fixture.homeTeam, fixture.awayTeam],
        slots: [fixture.homeSlot, fixture.awaySlot],
        feeders: [null, null],
      });
  }
  const ties = [...byKey.values()];
  if (ties.length === 0) return [];
  const roundIndex = (tie: Tie) => BRACKET_ROUNDS.indexOf(tie.round);
  const byNumber = new Map(ties.flatMap((tie) => (tie.number !== null ? [[tie.number, tie] as const] : [])));

  // Feeders: the draw's W/L labels, else the tie of an earlier round the team played in (the latest one).
  for (const tie of ties) {
    for (const side of [0, 1] as const) {
      const ref = isSlotRef(tie.slots[side]);
      if (ref) {
        tie.feeders[side] = byNumber.get(Number(ref[2])) ?? null;
        continue;
      }
      if (tie.slots[side]) continue;
      const team = tie.teams[side];
      const earlier = ties.filter(
        (other) =>
          other !== tie &&
          roundIndex(other) < roundIndex(tie) &&
          other.round !== 'Match for third place' &&
          other.teams.includes(team) &&
          other.legs[0]!.kickoff < tie.legs[0]!.kickoff,
      );
      tie.feeders[side] = earlier.sort((a, b) => roundIndex(b) - roundIndex(a))[0] ?? null;
    }
  }

  // Tree order: from the final (and the match for third place) back through the feeders, depth first.
  const order = new Map<BracketRoundName, Tie[]>();
  const placed = new Set<Tie>();
  const visit = (tie: Tie) => {
    if (placed.has(tie)) return;
    placed.add(tie);
    order.set(tie.round, [...(order.get(tie.round) ?? []), tie]);
    for (const feeder of tie.feeders) if (feeder && feeder.round !== tie.round) visit(feeder);
  };
  const byKickoff = [...ties].sort((a, b) => a.legs[0]!.kickoff - b.legs[0]!.kickoff);
  const latestFirst = [...byKickoff].sort((a, b) => roundIndex(b) - roundIndex(a) || a.legs[0]!.kickoff - b.legs[0]!.kickoff);
  for (const tie of latestFirst.filter((t) => t.round === 'Final')) visit(tie);
  for (const tie of latestFirst) visit(tie);
  const rounds = BRACKET_ROUNDS.filter((name) => order.has(name)).map((name) => ({ name, ties: order.get(name)! }));

  // Numbers where the data has none (the Champions League): 1.. in round and tree order; then labels from feeders.
  let next = Math.max(0, ...ties.map((tie) => tie.number ?? 0));
  for (const round of rounds) for (const tie of round.ties) if (tie.number === null) tie.number = ++next;
  for (const tie of ties) {
    for (const side of [0, 1] as const) {
      const feeder = tie.feeders[side];
      if (!tie.slots[side] && feeder) tie.slots[side] = `${tie.round === 'Match for third place' ? 'L' : 'W'}${feeder.number}`;
    }
  }

  const winners = new Map(ties.map((tie) => [tie, winnerIndex(tie)]));
  const known = (tie: Tie, side: 0 | 1): boolean => {
    if (tie.legs.some((leg) => PLAYED.includes(leg.status))) return true;
    const feeder = tie.feeders[side];
    if (feeder) return winners.get(feeder) !== null;
    const groups = tie.slots[side] ? groupsOfSlot(tie.slots[side]!) : null;
    if (groups) return context.groupsFinished(groups);
    return context.leaguePhaseFinished;
  };

  return rounds.map(({ name, ties: list }) => ({ name, ties: list.map((tie) => tieOf(tie, winners.get(tie) ?? null, known)) }));
}

/**
 * A tie as the reply shows it. A team not known yet is hidden everywhere in it: its side, the legs' team ids, and the
 * fixture ids of the tie and its legs (a match page would name both teams) until both teams are known.
 */
function tieOf(tie: Tie, winner: 0 | 1 | null, known: (tie: Tie, side: 0 | 1) => boolean): BracketTie {
  const shownSides = [known(tie, 0), known(tie, 1)] as const;
  const open = shownSides[0] && shownSides[1];
  const side = (index: 0 | 1): BracketSide =>
    shownSides[index]
      ? { teamId: tie.teams[index], teamName: tie.names[index], slot: tie.slots[index] }
      : { teamId: null, teamName: null, slot: tie.slots[index] };
  const teamIdShown = (teamId: number): number | null =>
    (teamId === tie.teams[0] && shownSides[0]) || (teamId === tie.teams[1] && shownSides[1]) ? teamId : null;
  const live = tie.legs.find((leg) => leg.status === 'live');
  const next = tie.legs.find((leg) => leg.status !== 'finished');
  const shown = live ?? next ?? tie.legs[tie.legs.length - 1]!;
  const last = [...tie.legs].reverse().find((leg) => PLAYED.includes(leg.status));
  const score = aggregate(tie);
  const status: FixtureStatus = live ? 'live' : tie.legs.every((leg) => leg.status === 'finished') ? 'finished' : next!.status;
  return {
    matchNumber: tie.number!,
    fixtureId: open ? shown.id : null,
    kickoff: new Date(shown.kickoff).toISOString(),
    status,
    minute: live?.minute ?? null,
    home: side(0),
    away: side(1),
    goalsHome: score?.[0] ?? null,
    goalsAway: score?.[1] ?? null,
    afterExtraTime: last?.afterExtraTime ?? false,
    penaltiesHome: last ? penaltiesOf(last, tie.teams[0]) : null,
    penaltiesAway: last ? penaltiesOf(last, tie.teams[1]) : null,
    winner: winner === null ? null : { teamId: tie.teams[winner], teamName: tie.names[winner] },
    legs: tie.legs.map((leg): BracketLeg => ({
      fixtureId: open ? leg.id : null,
      kickoff: new Date(leg.kickoff).toISOString(),
      status: leg.status,
      minute: leg.status === 'live' ? leg.minute : null,
      homeTeamId: teamIdShown(leg.homeTeamId),
      awayTeamId: teamIdShown(leg.awayTeamId),
      goalsHome: PLAYED.includes(leg.status) ? leg.goalsHome : null,
      goalsAway: PLAYED.includes(leg.status) ? leg.goalsAway : null,
      afterExtraTime: leg.afterExtraTime,
      penaltiesHome: leg.penaltiesHome,
      penaltiesAway: leg.penaltiesAway,
    })),
  };
}
