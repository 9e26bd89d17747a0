import {
  orderLeagues,
  type FeedMatch,
  type FixtureAnalysis,
  type RecordSummary,
  type TipCard,
  type TipsDay,
  type WeekendSpecial,
} from '@matchday/contracts';
import { notFound } from '@matchday/server';
import { predict } from '../../model/dixon-coles';
import { blendOneXTwo, impliedOneXTwo, impliedTwoWay, type OneXTwo } from '../../model/market';
import { BLEND_MODEL_WEIGHT } from '../../model/constants';
import type { LeagueFeed } from '../league-feed';
import { nextDay } from '../next-day';
import { newTip, toCard, type TipRow } from './cards';
import { dayWindow, weekendWindow } from './job';
import { settle } from './markets';
import { rating, summarise } from './record';
import type { TipsRepository } from './repository';

export const TIPS_PER_DAY = 6;

/**
 * The tips as the API reads them: read-only. Tips are frozen and graded by the background job (job.ts) only; a
 * read shows the stored tips of the fixtures it asks about, and the analysis of a fixture without a stored tip
 * shows the tip the model would make, without storing it.
 */
export class TipsEngine {
  constructor(
    private readonly feed: LeagueFeed,
    private readonly repository: TipsRepository,
  ) {}

  private async storedBetween(from: Date, to: Date): Promise<{ rows: TipRow[]; demo: boolean }> {
    const { matches, demo } = await this.feed.matchesBetween(from, to);
    return { rows: await this.repository.byFixtures(matches.map(({ match }) => match.id)), demo };
  }

  async day(day: 'today' | 'tomorrow'): Promise<TipsDay> {
    const { from, to } = dayWindow(this.feed.now(), day, await this.feed.replayShiftMs());
    const { rows, demo } = await this.storedBetween(from, to);
    const tips = rows
      .map(toCard)
      .sort((a, b) => b.confidence - a.confidence || Date.parse(a.kickoffAt) - Date.parse(b.kickoffAt) || a.id - b.id)
      .slice(0, TIPS_PER_DAY);
    const reply: TipsDay = { day, date: from.toISOString().slice(0, 10), tips, demo };
    if (!tips.length) {
      const next = await nextDay(this.feed, to);
      if (next) reply.next = next;
    }
    return reply;
  }

  async weekend(): Promise<WeekendSpecial> {
    const now = this.feed.now();
    const window = weekendWindow(now, await this.feed.replayShiftMs());
    const from = new Date(Math.max(window.from.getTime(), now.getTime()));
    const { rows } = await this.storedBetween(from, window.to);
    const open = rows
      .filter((row) => row.status === 'upcoming')
      .map(toCard)
      .sort((a, b) => b.confidence - a.confidence || a.id - b.id);
    const picks = open.length >= 3 ? open.slice(0, 5) : [];
    const combinedProbability = picks.reduce((p, tip) => p * (tip.confidence / 100), picks.length ? 1 : 0);
    const combinedOdds =
      picks.length && picks.every((tip) => tip.odds !== null) ? Math.round(picks.reduce((o, tip) => o * tip.odds!, 1) * 100) / 100 : null;
    const reply: WeekendSpecial = {
      picks,
      combinedOdds,
      combinedProbability: Math.round(combinedProbability * 10000) / 10000,
      note: picks.length
        ? `A ${picks.length}-fold of the model's most confident weekend picks. The combined probability multiplies the picks' probabilities, so it assumes the picks are independent.`
        : 'Not enough weekend fixtures for an accumulator yet (it needs at least 3 picks).',
    };
    if (!picks.length) {
      const next = await nextDay(this.feed, window.to);
      if (next) reply.next = next;
    }
    return reply;
  }

  async record(leagueId: number): Promise<RecordSummary> {
    const league = (await this.feed.leagues()).find((l) => l.id === leagueId);
    if (!league) throw notFound('League not found');
    return summarise(league, await this.repository.recorded(leagueId));
  }

  /** Every league with tips, in the order every list of leagues takes (the emphasised leagues first). */
  async records(): Promise<Array<ReturnType<typeof summarise>>> {
    const leagues = orderLeagues(await this.feed.leagues());
    const rows = await this.repository.recorded();
    return leagues
      .map((league) =>
        summarise(
          league,
          rows.filter((row) => row.league_id === league.id),
        ),
      )
      .filter((r) => r.parts.some((part) => part.tips > 0));
  }

  async analysis(fixtureId: number): Promise<FixtureAnalysis> {
    const [match] = await this.feed.football.get<FeedMatch[]>(`/internal/model-feed/fixtures?ids=${fixtureId}`);
    if (!match) throw notFound('Fixture not found');
    const { model, state } = await this.feed.modelFor(match);
    const stored = await this.repository.byFixture(fixtureId);
    const prediction = predict(model, match.homeTeamId, match.awayTeamId);
    const tip: TipCard = stored
      ? toCard(stored)
      : (() => {
          // not stored (outside the published window, or before the job reached it): shown, never written
          // a played match's tip is the model's before its day (modelFor), computed afterwards as the backfill's are
          const now = this.feed.now();
          const origin = Date.parse(match.kickoffAt) <= now.getTime() ? 'backfill' : 'live';
          const row = newTip(match, state.feed.league.displayName, state.feed.demo, model, now, origin);
          const status =
            match.homeGoals === null || match.awayGoals === null ? 'upcoming' : settle(row.market, match.homeGoals, match.awayGoals);
          return {
            ...toCard({ ...row, id: 0, status, home_goals: null, away_goals: null, rps: null, book_rps: null }),
            madeAt: match.kickoffAt,
          };
        })();
    const markets = prediction.markets;
    const implied = impliedOneXTwo(match.opening);
    const overUnder = impliedTwoWay(match.opening?.over25, match.opening?.under25);
    const handicap = match.opening?.ahLine === -1 ? impliedTwoWay(match.opening.ahHome, match.opening.ahAway) : null;
    const bookmaker: FixtureAnalysis['bookmaker'] = { name: match.opening?.bookmaker ?? null };
    if (implied) Object.assign(bookmaker, { home: implied.home, draw: implied.draw, away: implied.away });
    if (overUnder) Object.assign(bookmaker, { over25: overUnder[0], under25: overUnder[1] });
    if (handicap) bookmaker.homeMinus1 = handicap[0];
    const scores = prediction.matrix.flatMap((row, h) => row.map((p, a) => ({ home: h, away: a, probability: p })));
    // With a model weight of 0 (chosen on 2019-22, constants.ts) the blend is the bookmaker's price: not shown as another view.
    const blend: OneXTwo | null = implied && BLEND_MODEL_WEIGHT > 0 ? blendOneXTwo(markets, implied) : null;
    return {
      fixtureId: match.id,
      tip,
      leagueId: match.leagueId,
      league: state.feed.league.displayName,
      homeTeam: match.homeTeam,
      awayTeam: match.awayTeam,
      kickoffAt: match.kickoffAt,
      expectedGoals: prediction.expectedGoals,
      probabilities: markets,
      bookmaker,
      blend,
      scoreMatrix: prediction.matrix.slice(0, 7).map((row) => row.slice(0, 7)),
      mostLikelyScores: scores.sort((a, b) => b.probability - a.probability).slice(0, 5),
      ratings: {
        home: rating(model, match, match.homeTeamId, match.homeTeam, state.feed.matches),
        away: rating(model, match, match.awayTeamId, match.awayTeam, state.feed.matches),
        homeAdvantage: model.homeAdvantage,
      },
      record: await this.record(match.leagueId),
      demo: state.feed.demo,
    };
  }
}
