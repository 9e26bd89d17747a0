import type { Dream11Card, Dream11Player, Dream11Team, FeedMatch, FeedSquads } from '@matchday/contracts';
import { notFound, type FootballClient } from '@matchday/server';
import { expectedGoals } from '../../model/dixon-coles';
import { expectedPoints } from '../../fantasy/expected';
import { optimise, type Candidate, type Selection } from '../../fantasy/optimiser';
import { creditsOf, roleOf } from '../../fantasy/scoring';
import type { TipsEngine } from '../tips/engine';

const DAY = 86_400_000;
/** Differential team: expected points minus this many points per ownership percent. */
export const OWNERSHIP_PENALTY = 0.3;
export const CARDS_PER_DAY = 8;
const RECENT_MATCHES = 5;
const CARD_CACHE_MS = 5 * 60_000;

export interface Dream11Day {
  day: 'today' | 'tomorrow';
  date: string;
  cards: Dream11Card[];
  demo: boolean;
}

const round1 = (value: number) => Math.round(value * 10) / 10;

export class Dream11Engine {
  constructor(
    private readonly football: FootballClient,
    private readonly tips: TipsEngine,
    private readonly now: () => Date = () => new Date(),
  ) {}

  private readonly cards = new Map<number, { at: number; card: Promise<Dream11Card> }>();

  /** A fixture's card, reused for CARD_CACHE_MS (squads and form change only when results arrive). */
  card(fixtureId: number): Promise<Dream11Card> {
    const at = this.now().getTime();
    const held = this.cards.get(fixtureId);
    if (held && at - held.at <= CARD_CACHE_MS && at >= held.at) return held.card;
    const card = this.build(fixtureId);
    this.cards.set(fixtureId, { at, card });
    card.catch(() => this.cards.delete(fixtureId));
    if (this.cards.size > 500) this.cards.delete(this.cards.keys().next().value!);
    return card;
  }

  private async build(fixtureId: number): Promise<Dream11Card> {
    const squads = await this.football.get<FeedSquads>(`/internal/model-feed/squads?fixtureId=${fixtureId}&recent=${RECENT_MATCHES}`);
    return this.cardFor(squads);
  }

  private async cardFor(squads: FeedSquads): Promise<Dream11Card> {
    const match: FeedMatch = squads.fixture;
    const { model, state } = await this.tips.modelFor(match);
    const xg = expectedGoals(model, match.homeTeamId, match.awayTeamId);
    const played = state.feed.matches
      .filter((m) => m.homeGoals !== null && Date.parse(m.kickoffAt) < Date.parse(match.kickoffAt))
      .slice(-380);
    const averageGoals = played.length ? played.reduce((s, m) => s + m.homeGoals! + m.awayGoals!, 0) / (2 * played.length) : 1.35;
    const teamName = (teamId: number) => (teamId === match.homeTeamId ? match.homeTeam : match.awayTeam);
    const players: Dream11Player[] = squads.players.map((player) => {
      const byFixture = new Map(player.recent.map((line) => [line.fixtureId, line]));
      const lines = (squads.teamRecent[player.teamId] ?? []).map((m) => byFixture.get(m.fixtureId) ?? null);
      const home = player.teamId === match.homeTeamId;
      const expectation = expectedPoints(
        { role: roleOf(player.position), lines },
        { teamGoals: home ? xg.home : xg.away, opponentGoals: home ? xg.away : xg.home, averageGoals },
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
    const candidates = (penalty: number): Candidate[] =>
      players.map((p) => ({
        id: p.playerId,
        role: p.role,
        teamId: p.teamId,
        credits: p.credits,
        score: p.expectedPoints - penalty * p.ownership,
      }));
    const [safe, differential] = [await optimise(candidates(0)), await optimise(candidates(OWNERSHIP_PENALTY))];
    if (!safe || !differential) throw notFound('No Dream11 team can be made for this fixture (squads too small)');
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
      safe: safeTeam,
      differential: team(differential),
      demo: state.feed.demo,
    };
  }

  async day(day: 'today' | 'tomorrow'): Promise<Dream11Day> {
    const now = this.now();
    const start = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + (day === 'today' ? 0 : 1));
    const leagues = await this.tips.leagues();
    const fixtures: FeedMatch[] = [];
    let demo = false;
    for (const league of leagues) {
      const state = await this.tips.leagueState(league.id);
      demo ||= state.feed.demo;
      fixtures.push(
        ...state.feed.matches.filter(
          (m) => m.homeGoals === null && Date.parse(m.kickoffAt) >= start && Date.parse(m.kickoffAt) < start + DAY,
        ),
      );
    }
    fixtures.sort((a, b) => a.kickoffAt.localeCompare(b.kickoffAt) || a.id - b.id);
    const cards: Dream11Card[] = [];
    for (const fixture of fixtures.slice(0, CARDS_PER_DAY)) {
      try {
        cards.push(await this.card(fixture.id));
      } catch (error) {
        if ((error as { status?: number }).status !== 404) throw error;
      }
    }
    return { day, date: new Date(start).toISOString().slice(0, 10), cards, demo };
  }
}
