import type { Dream11Player, FeedMatch, FeedSquads } from '@matchday/contracts';
import type { FittedModel } from '../../model/dixon-coles';
import { expectedPoints, totalsOf } from '../../fantasy/expected';
import { matchContexts } from '../../fantasy/match-context';
import type { Candidate } from '../../fantasy/optimiser';
import { creditsOf, roleOf } from '../../fantasy/scoring';

/** A player's recent form: his side's last this many matches. */
export const RECENT_MATCHES = 5;
/** Matches read for a player's per-90 rates (his side's last ones, whatever the season). */
export const RATE_MATCHES = 40;

const round1 = (value: number) => Math.round(value * 10) / 10;

/** Goals per side in the league's last 380 played matches before the kick-off (1.35 without any). */
export function averageGoalsBefore(matches: readonly FeedMatch[], kickoffAt: string): number {
  const played = matches.filter((m) => m.homeGoals !== null && Date.parse(m.kickoffAt) < Date.parse(kickoffAt)).slice(-380);
  return played.length ? played.reduce((s, m) => s + m.homeGoals! + m.awayGoals!, 0) / (2 * played.length) : 1.35;
}

/**
 * Each squad player with his expected Dream11 points in the fixture (only lines from before it: the squads read),
 * on the confirmed starting XI when given, else on the XI predicted from the side's last matches.
 */
export function expectedPlayers(
  squads: FeedSquads,
  model: FittedModel,
  averageGoals: number,
  lineup: ReadonlySet<number> | null,
): Dream11Player[] {
  const match = squads.fixture;
  const teamName = (teamId: number) => (teamId === match.homeTeamId ? match.homeTeam : match.awayTeam);
  const contexts = matchContexts(model, match.homeTeamId, match.awayTeamId, averageGoals);
  return squads.players.map((player) => {
    const byFixture = new Map(player.recent.map((line) => [line.fixtureId, line]));
    const all = (squads.teamRecent[player.teamId] ?? []).map((m) => byFixture.get(m.fixtureId) ?? null);
    const expectation = expectedPoints(
      {
        role: roleOf(player.position),
        lines: all.slice(0, RECENT_MATCHES),
        season: totalsOf(all),
        lineup: lineup ? (lineup.has(player.playerId) ? 'starting' : 'not-starting') : null,
        price: player.price,
      },
      player.teamId === match.homeTeamId ? contexts.home : contexts.away,
    );
    return {
      playerId: player.playerId,
      name: player.name,
      team: teamName(player.teamId),
      teamId: player.teamId,
      role: roleOf(player.position),
      credits: creditsOf(player.price),
      expectedPoints: round1(expectation.points),
      startProbability: Math.round(expectation.startProbability * 100) / 100,
      ownership: player.ownership ?? 0,
    };
  });
}

/** The optimiser's candidates: expected points less `penalty` points per ownership percent. */
export function candidatesOf(players: readonly Dream11Player[], penalty: number): Candidate[] {
  return players.map((p) => ({
    id: p.playerId,
    role: p.role,
    teamId: p.teamId,
    credits: p.credits,
    score: p.expectedPoints - penalty * p.ownership,
  }));
}
