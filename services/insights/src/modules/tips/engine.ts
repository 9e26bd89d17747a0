import type {
  FeedLeague,
  FeedMatch,
  FeedMatches,
  FixtureAnalysis,
  RecordSummary,
  TipCard,
  TipsDay,
  WeekendSpecial,
} from '@matchday/contracts';
import { isUniqueViolation, notFound, toDate, toSqlDateTime, type Knex, type FootballClient } from '@matchday/server';
import { DEFAULT_SETTINGS, fitDixonColes, predict, type FittedModel } from '../../model/dixon-coles';
import { blendOneXTwo, impliedOneXTwo, impliedTwoWay, type OneXTwo } from '../../model/market';
import { outcomeOf, rps } from '../../model/metrics';
import { trainingMatches } from '../../model/walk-forward';
import { chooseMarket, priceOf, settle } from './markets';
import { toCard, type TipRow } from './cards';
import { rating, summarise } from './record';

const DAY = 86_400_000;
/** How long a league's feed and fit are reused (the replay releases results while running). */
const CACHE_MS = 60_000;
export const TIPS_PER_DAY = 6;

export interface LeagueState {
  at: number;
  feed: FeedMatches;
  model: FittedModel;
}

function utcDay(date: Date, offset = 0): Date {
  return new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate() + offset));
}

/** The tips engine: league fits (cached), frozen tips, grading and the record. */
export class TipsEngine {
  private readonly cache = new Map<number, Promise<LeagueState>>();
  private leagueList: { at: number; leagues: Promise<FeedLeague[]> } | null = null;

  constructor(
    private readonly db: Knex,
    private readonly football: FootballClient,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async leagues(): Promise<FeedLeague[]> {
    const at = this.now().getTime();
    if (!this.leagueList || at - this.leagueList.at > CACHE_MS) {
      const leagues = this.football.get<FeedLeague[]>('/internal/model-feed/leagues');
      this.leagueList = { at, leagues };
      leagues.catch(() => (this.leagueList = null));
    }
    return this.leagueList.leagues;
  }

  /** The league's matches of the last 3 seasons and onwards, and the model fitted on every result before now. */
  leagueState(leagueId: number): Promise<LeagueState> {
    const at = this.now().getTime();
    const held = this.cache.get(leagueId);
    if (held) {
      const fresh = held.then((state) => at - state.at <= CACHE_MS && at >= state.at);
      return fresh.then((ok) => (ok ? held : this.refresh(leagueId, at)));
    }
    return this.refresh(leagueId, at);
  }

  private refresh(leagueId: number, at: number): Promise<LeagueState> {
    const from = new Date(at - DEFAULT_SETTINGS.windowDays * DAY - 7 * DAY).toISOString().slice(0, 10);
    const state = this.football.get<FeedMatches>(`/internal/model-feed/matches?leagueId=${leagueId}&from=${from}`).then((feed) => {
      const upcoming = feed.matches.filter((m) => m.homeGoals === null);
      const model = fitDixonColes(trainingMatches(feed.matches.filter((m) => Date.parse(m.kickoffAt) < at)), {
        asOf: at,
        season: upcoming[0]?.season ?? feed.league.currentSeason,
        alsoTeams: upcoming.flatMap((m) => [m.homeTeamId, m.awayTeamId]),
      });
      return { at, feed, model };
    });
    this.cache.set(leagueId, state);
    state.catch(() => this.cache.delete(leagueId));
    return state;
  }

  /** The model as it stood before `match` kicked off (a fresh fit for a match already played). */
  async modelFor(match: FeedMatch): Promise<{ model: FittedModel; state: LeagueState }> {
    const state = await this.leagueState(match.leagueId);
    const kickoff = Date.parse(match.kickoffAt);
    if (kickoff > state.at) return { model: state.model, state };
    const asOf = Math.floor(kickoff / DAY) * DAY;
    const model = fitDixonColes(trainingMatches(state.feed.matches), {
      asOf,
      season: match.season,
      alsoTeams: [match.homeTeamId, match.awayTeamId],
    });
    return { model, state };
  }

  private tipRow(match: FeedMatch, league: string, demo: boolean, model: FittedModel) {
    const prediction = predict(model, match.homeTeamId, match.awayTeamId);
    const { market, probability } = chooseMarket(prediction.markets);
    const odds = priceOf(market, match.opening);
    const book = impliedOneXTwo(match.opening);
    return {
      fixture_id: match.id,
      league_id: match.leagueId,
      league_name: league,
      season: match.season,
      kickoff_at: toSqlDateTime(new Date(match.kickoffAt)),
      home_team_id: match.homeTeamId,
      away_team_id: match.awayTeamId,
      home_team: match.homeTeam,
      away_team: match.awayTeam,
      home_logo: match.homeTeamLogo,
      away_logo: match.awayTeamLogo,
      market,
      probability,
      odds,
      bookmaker: odds === null ? null : (match.opening?.bookmaker ?? null),
      p_home: prediction.markets.home,
      p_draw: prediction.markets.draw,
      p_away: prediction.markets.away,
      p_over25: prediction.markets.over25,
      p_btts: prediction.markets.bttsYes,
      p_home_minus1: prediction.markets.homeMinus1,
      p_push: prediction.markets.homeMinus1Push,
      xg_home: prediction.expectedGoals.home,
      xg_away: prediction.expectedGoals.away,
      book_home: book?.home ?? null,
      book_draw: book?.draw ?? null,
      book_away: book?.away ?? null,
      demo,
      made_at: toSqlDateTime(this.now()),
      status: 'upcoming',
    };
  }

  /** The stored tip of each fixture; tips are made (and frozen) for fixtures not yet kicked off. */
  private async tipsFor(matches: FeedMatch[], state: LeagueState): Promise<TipRow[]> {
    if (!matches.length) return [];
    const ids = matches.map((m) => m.id);
    const stored: TipRow[] = await this.db('tips').whereIn('fixture_id', ids).select('*');
    const have = new Set(stored.map((row) => row.fixture_id));
    const now = this.now().getTime();
    for (const match of matches) {
      if (have.has(match.id) || Date.parse(match.kickoffAt) <= now || match.homeGoals !== null) continue;
      const row = this.tipRow(match, state.feed.league.displayName, state.feed.demo, state.model);
      try {
        await this.db('tips').insert(row);
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
      }
    }
    const rows: TipRow[] = await this.db('tips').whereIn('fixture_id', ids).select('*');
    return rows;
  }

  private async tipsBetween(from: Date, to: Date): Promise<{ rows: TipRow[]; demo: boolean }> {
    const leagues = await this.leagues();
    const rows: TipRow[] = [];
    let demo = false;
    for (const league of leagues) {
      const state = await this.leagueState(league.id);
      demo ||= state.feed.demo;
      const matches = state.feed.matches.filter((m) => {
        const t = Date.parse(m.kickoffAt);
        return t >= from.getTime() && t < to.getTime();
      });
      rows.push(...(await this.tipsFor(matches, state)));
    }
    await this.gradeRows(rows);
    const graded: TipRow[] = rows.length
      ? await this.db('tips')
          .whereIn(
            'id',
            rows.map((r) => r.id),
          )
          .select('*')
      : [];
    return { rows: graded, demo };
  }

  async day(day: 'today' | 'tomorrow'): Promise<TipsDay> {
    const start = utcDay(this.now(), day === 'today' ? 0 : 1);
    const { rows, demo } = await this.tipsBetween(start, new Date(start.getTime() + DAY));
    const tips = rows
      .map(toCard)
      .sort((a, b) => b.confidence - a.confidence || a.kickoffAt.localeCompare(b.kickoffAt) || a.id - b.id)
      .slice(0, TIPS_PER_DAY);
    return { day, date: start.toISOString().slice(0, 10), tips, demo };
  }

  /** The coming (or current) Saturday and Sunday, UTC. */
  weekendWindow(): { from: Date; to: Date } {
    const now = this.now();
    const weekday = now.getUTCDay(); // 0 Sunday .. 6 Saturday
    const saturday = utcDay(now, weekday === 0 ? -1 : 6 - weekday);
    return { from: saturday, to: new Date(saturday.getTime() + 2 * DAY) };
  }

  async weekend(): Promise<WeekendSpecial> {
    const window = this.weekendWindow();
    const from = new Date(Math.max(window.from.getTime(), this.now().getTime()));
    const { rows } = await this.tipsBetween(from, window.to);
    const open = rows
      .filter((row) => row.status === 'upcoming')
      .map(toCard)
      .sort((a, b) => b.confidence - a.confidence || a.id - b.id);
    const picks = open.length >= 3 ? open.slice(0, 5) : [];
    const combinedProbability = picks.reduce((p, tip) => p * (tip.confidence / 100), picks.length ? 1 : 0);
    const combinedOdds =
      picks.length && picks.every((tip) => tip.odds !== null) ? Math.round(picks.reduce((o, tip) => o * tip.odds!, 1) * 100) / 100 : null;
    return {
      picks,
      combinedOdds,
      combinedProbability: Math.round(combinedProbability * 10000) / 10000,
      note: picks.length
        ? `A ${picks.length}-fold of the model's most confident weekend picks. The combined probability multiplies the picks' probabilities, so it assumes the picks are independent.`
        : 'Not enough weekend fixtures for an accumulator yet (it needs at least 3 picks).',
    };
  }

  /** Grades every stored tip whose match has kicked off and has a result. */
  async grade(): Promise<number> {
    const due: TipRow[] = await this.db('tips').where('status', 'upcoming').where('kickoff_at', '<', toSqlDateTime(this.now())).select('*');
    return this.gradeRows(due);
  }

  private async gradeRows(rows: TipRow[]): Promise<number> {
    const now = this.now().getTime();
    const due = rows.filter((row) => row.status === 'upcoming' && (toDate(row.kickoff_at)?.getTime() ?? Infinity) < now);
    let graded = 0;
    for (let i = 0; i < due.length; i += 200) {
      const chunk = due.slice(i, i + 200);
      const results = await this.football.get<FeedMatch[]>(`/internal/model-feed/fixtures?ids=${chunk.map((r) => r.fixture_id).join(',')}`);
      const byId = new Map(results.map((m) => [m.id, m]));
      for (const row of chunk) {
        const match = byId.get(row.fixture_id);
        if (!match || match.homeGoals === null || match.awayGoals === null) continue;
        const outcome = outcomeOf(match.homeGoals, match.awayGoals);
        const book = row.book_home === null ? null : { home: row.book_home, draw: row.book_draw!, away: row.book_away! };
        const changed = await this.db('tips')
          .where({ id: row.id, status: 'upcoming' })
          .update({
            status: settle(row.market, match.homeGoals, match.awayGoals),
            home_goals: match.homeGoals,
            away_goals: match.awayGoals,
            rps: rps({ home: row.p_home, draw: row.p_draw, away: row.p_away }, outcome),
            book_rps: book ? rps(book, outcome) : null,
            graded_at: toSqlDateTime(this.now()),
          });
        graded += changed;
      }
    }
    return graded;
  }

  async record(leagueId: number): Promise<RecordSummary> {
    const league = (await this.leagues()).find((l) => l.id === leagueId);
    if (!league) throw notFound('League not found');
    await this.grade();
    const rows: TipRow[] = await this.db('tips')
      .where('league_id', leagueId)
      .orderBy('kickoff_at', 'desc')
      .orderBy('id', 'desc')
      .select('*');
    return summarise(league, rows);
  }

  async records(): Promise<RecordSummary[]> {
    await this.grade();
    const leagues = await this.leagues();
    const rows: TipRow[] = await this.db('tips').orderBy('kickoff_at', 'desc').orderBy('id', 'desc').select('*');
    return leagues
      .map((league) =>
        summarise(
          league,
          rows.filter((row) => row.league_id === league.id),
        ),
      )
      .filter((r) => r.tips > 0);
  }

  async analysis(fixtureId: number): Promise<FixtureAnalysis> {
    const [match] = await this.football.get<FeedMatch[]>(`/internal/model-feed/fixtures?ids=${fixtureId}`);
    if (!match) throw notFound('Fixture not found');
    const { model, state } = await this.modelFor(match);
    await this.tipsFor([match], state);
    await this.grade();
    const stored: TipRow | undefined = await this.db('tips').where('fixture_id', fixtureId).first();
    const prediction = predict(model, match.homeTeamId, match.awayTeamId);
    const tip: TipCard = stored
      ? toCard(stored)
      : (() => {
          const row = this.tipRow(match, state.feed.league.displayName, state.feed.demo, model);
          const status =
            match.homeGoals === null || match.awayGoals === null ? 'upcoming' : settle(row.market, match.homeGoals, match.awayGoals);
          return { ...toCard({ ...row, id: 0, status } as unknown as TipRow), madeAt: match.kickoffAt };
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
    const blend: OneXTwo | null = implied ? blendOneXTwo(markets, implied) : null;
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
