import type { Dream11Card, Dream11Day, Dream11Player, Dream11Team, FeedMatch, FeedSquads } from '@matchday/contracts';
import { notFound, type FootballClient } from '@matchday/server';
import { optimise, RULES, type Selection } from '../../fantasy/optimiser';
import type { LeagueFeed } from '../league-feed';
import { nextDay } from '../next-day';
import { dayWindow } from '../tips/job';
import { averageGoalsBefore, candidatesOf, expectedPlayers, RATE_MATCHES } from './players';

/** Differential team: expected points minus this many points per ownership percent. */
export const OWNERSHIP_PENALTY = 0.3;
export const CARDS_PER_DAY = 8;
const CARD_CACHE_MS = 5 * 60_000;

const round1 = (value: number) => Math.round(value * 10) / 10;

export class Dream11Engine {
  constructor(
    private readonly football: FootballClient,
    private readonly feed: LeagueFeed,
  ) {}

  private now(): Date {
    return this.feed.now();
  }

  private readonly cards = new Map<number, { at: number; lineup: string; card: Promise<Dream11Card> }>();

  /**
   * A fixture's card, reused for CARD_CACHE_MS (squads and form change only when results arrive) unless the
   * line-ups came out since it was made: then the picks are made again on the confirmed XI.
   */
  async card(fixtureId: number): Promise<Dream11Card> {
    const squads = await this.football.get<FeedSquads>(`/internal/model-feed/squads?fixtureId=${fixtureId}&recent=${RATE_MATCHES}`);
    const lineup = squads.lineup?.length ? squads.lineup.join(',') : 'predicted';
    const at = this.now().getTime();
    const held = this.cards.get(fixtureId);
    if (held && held.lineup === lineup && at - held.at <= CARD_CACHE_MS && at >= held.at) return held.card;
    const card = this.cardFor(squads);
    this.cards.set(fixtureId, { at, lineup, card });
    card.catch(() => this.cards.delete(fixtureId));
    if (this.cards.size > 500) this.cards.delete(this.cards.keys().next().value!);
    return card;
  }

  private async cardFor(squads: FeedSquads): Promise<Dream11Card> {
    const match: FeedMatch = squads.fixture;
    const { model, state } = await this.feed.modelFor(match);
    const averageGoals = averageGoalsBefore(state.feed.matches, match.kickoffAt);
    const starting = squads.lineup?.length ? new Set(squads.lineup) : null;
    // the players' expected points on the predicted XI, and on the confirmed one once it is out
    const playersOn = (lineup: Set<number> | null) => expectedPlayers(squads, model, averageGoals, lineup);
    const predictedPlayers = playersOn(null);
    const players = starting ? playersOn(starting) : predictedPlayers;
    const [safe, differential] = [await optimise(candidatesOf(players, 0)), await optimise(candidatesOf(players, OWNERSHIP_PENALTY))];
    if (!safe || !differential) throw notFound('No Dream11 team can be made for this fixture (squads too small)');
    let changes: Dream11Card['changes'] = null;
    if (starting) {
      // what the line-ups changed: the safe XI on the predicted XI against the one on the confirmed XI
      const before = await optimise(candidatesOf(predictedPlayers, 0));
      const name = new Map(players.map((p) => [p.playerId, p.name]));
      const was = new Set(before?.ids ?? []);
      const now = new Set(safe.ids);
      changes = {
        out: [...was].filter((id) => !now.has(id)).map((id) => name.get(id)!),
        in: safe.ids.filter((id) => !was.has(id)).map((id) => name.get(id)!),
      };
    }
    const byId = new Map(players.map((p) => [p.playerId, p]));
    const team = (selection: Selection): Dream11Team => {
      const xi = selection.ids
        .map((id) => byId.get(id)!)
        .sort(
          (a, b) =>
            ['GK', 'DEF', 'MID', 'FWD'].indexOf(a.role) - ['GK', 'DEF', 'MID', 'FWD'].indexOf(b.role) ||
            b.expectedPoints - a.expectedPoints,
        );
      const c = byId.get(selection.captainId)!;
      const vc = byId.get(selection.viceCaptainId)!;
      return {
        players: xi,
        captainId: c.playerId,
        viceCaptainId: vc.playerId,
        credits: selection.credits,
        expectedPoints: round1(xi.reduce((s, p) => s + p.expectedPoints, 0) + c.expectedPoints + 0.5 * vc.expectedPoints),
      };
    };
    const safeTeam = team(safe);
    const captain = byId.get(safeTeam.captainId)!;
    const vice = byId.get(safeTeam.viceCaptainId)!;
    const person = (p: Dream11Player) => ({ name: p.name, team: p.team, points: p.expectedPoints, ownership: p.ownership });
    return {
      fixtureId: match.id,
      match: `${match.homeTeam} vs ${match.awayTeam}`,
      homeTeam: match.homeTeam,
      awayTeam: match.awayTeam,
      homeTeamLogo: match.homeTeamLogo,
      awayTeamLogo: match.awayTeamLogo,
      league: state.feed.league.displayName,
      kickoffAt: match.kickoffAt,
      captain: person(captain),
      viceCaptain: person(vice),
      credits: safeTeam.credits,
      expectedPoints: safeTeam.expectedPoints,
      safetyScore: round1((10 * safeTeam.players.reduce((s, p) => s + p.startProbability, 0)) / safeTeam.players.length),
      lineups: starting ? 'confirmed' : 'predicted',
      changes,
      safe: safeTeam,
      differential: team(differential),
      demo: state.feed.demo,
    };
  }

  async day(day: 'today' | 'tomorrow'): Promise<Dream11Day> {
    const now = this.now();
    const { from, to } = dayWindow(now, day, await this.feed.replayShiftMs());
    const { matches, demo } = await this.feed.matchesBetween(from, to);
    // Dream11 locks a match's teams at kick-off: a day's cards are the matches still to start (a match under way,
    // not yet finished, has no team left to make).
    const fixtures = matches.map(({ match }) => match).filter((m) => m.homeGoals === null && Date.parse(m.kickoffAt) > now.getTime());
    // made side by side: each card's reads (football), fit (here) and solves (the solver's process) overlap
    const made = await Promise.all(
      fixtures.slice(0, CARDS_PER_DAY).map((fixture) =>
        this.card(fixture.id).catch((error: unknown) => {
          if ((error as { status?: number }).status !== 404) throw error;
          return null;
        }),
      ),
    );
    const cards = made.filter((card): card is Dream11Card => card !== null);
    const reply: Dream11Day = { day, date: from.toISOString().slice(0, 10), cards, demo };
    if (!cards.length) {
      const next = await nextDay(this.feed, to, (match) => this.hasSquads(match));
      if (next) reply.next = next;
    }
    return reply;
  }

  private readonly squadsByLeague = new Map<string, Promise<boolean>>();

  /**
   * Whether a team can be made for a match of this league and season: its fixture's squads hold a team's worth of
   * players (read once per league and season; a league without fantasy data has none).
   */
  hasSquads(match: FeedMatch): Promise<boolean> {
    const key = `${match.leagueId}:${match.season}`;
    let held = this.squadsByLeague.get(key);
    if (!held) {
      held = this.football.get<FeedSquads>(`/internal/model-feed/squads?fixtureId=${match.id}&recent=1`).then(
        (squads) => squads.players.length >= 2 * RULES.players,
        (error: unknown) => {
          if ((error as { status?: number }).status === 404) return false;
          throw error;
        },
      );
      this.squadsByLeague.set(key, held);
      held.catch(() => this.squadsByLeague.delete(key));
    }
    return held;
  }
}
