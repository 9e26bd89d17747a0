import { nationFlag, type FeedMatch, type TipCard, type TipMarket, type TipOrigin } from '@matchday/contracts';
import { toDate, toSqlDateTime } from '@matchday/server';
import { predict, type FittedModel, type Markets } from '../../model/dixon-coles';
import { impliedOneXTwo } from '../../model/market';
import { chooseMarket, edgeOf, PREDICTIONS, priceOf, TIP_TYPES } from './markets';
import type { NewTip } from './repository';

/** A frozen tip as stored in the tips table. */
export interface TipRow {
  id: number;
  fixture_id: number;
  league_id: number;
  league_name: string;
  season: number;
  kickoff_at: unknown;
  home_team_id: number;
  away_team_id: number;
  home_team: string;
  away_team: string;
  home_logo: string | null;
  away_logo: string | null;
  market: TipMarket;
  probability: number;
  odds: number | null;
  bookmaker: string | null;
  p_home: number;
  p_draw: number;
  p_away: number;
  p_over25: number;
  p_btts: number;
  p_home_minus1: number;
  p_push: number;
  xg_home: number;
  xg_away: number;
  book_home: number | null;
  book_draw: number | null;
  book_away: number | null;
  demo: unknown;
  made_at: unknown;
  status: TipCard['status'];
  home_goals: number | null;
  away_goals: number | null;
  rps: number | null;
  book_rps: number | null;
  /** live | backfill (the migration made every tip stored before it live). */
  origin: string;
}

export function originOf(row: Pick<TipRow, 'origin'>): TipOrigin {
  return row.origin === 'backfill' ? 'backfill' : 'live';
}

/**
 * The tip `model` makes for `match` at `now`, with the probabilities and the bookmaker's pre-match prices behind it
 * (never the closing prices or the result: a backfilled tip is made for a played match with what was known before it).
 */
export function newTip(match: FeedMatch, league: string, demo: boolean, model: FittedModel, now: Date, origin: TipOrigin = 'live'): NewTip {
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
    made_at: toSqlDateTime(now),
    status: 'upcoming',
    origin,
  };
}

const pct = (p: number) => `${Math.round(p * 100)}%`;

function analysisText(
  match: FeedMatch,
  markets: Markets,
  xg: { home: number; away: number },
  odds: number | null,
  market: TipMarket,
): string {
  const parts = [
    `${match.homeTeam} ${xg.home.toFixed(2)} - ${xg.away.toFixed(2)} ${match.awayTeam} expected goals.`,
    `Home ${pct(markets.home)}, draw ${pct(markets.draw)}, away ${pct(markets.away)}; over 2.5 ${pct(markets.over25)}; both teams score ${pct(markets.bttsYes)}.`,
  ];
  const fair = 1 / markets[market];
  parts.push(
    odds === null
      ? `Fair odds ${fair.toFixed(2)}; no bookmaker price imported.`
      : `Fair odds ${fair.toFixed(2)} against the bookmaker's ${odds.toFixed(2)}.`,
  );
  return parts.join(' ');
}

export function toCard(row: TipRow): TipCard {
  const kickoff = toDate(row.kickoff_at) ?? new Date(0);
  const iso = kickoff.toISOString();
  const markets = rowMarkets(row);
  // a national team's flag, as the fixtures API sends it (the national-teams catalogue stays out of the tips remote)
  const homeTeamFlag = nationFlag(row.league_id, row.home_team);
  const awayTeamFlag = nationFlag(row.league_id, row.away_team);
  return {
    id: row.id,
    fixtureId: row.fixture_id,
    match: `${row.home_team} vs ${row.away_team}`,
    homeTeam: row.home_team,
    awayTeam: row.away_team,
    homeTeamLogo: row.home_logo,
    awayTeamLogo: row.away_logo,
    ...(homeTeamFlag && { homeTeamFlag }),
    ...(awayTeamFlag && { awayTeamFlag }),
    league: row.league_name,
    leagueId: row.league_id,
    kickoffAt: iso,
    date: iso.slice(0, 10),
    time: iso.slice(11, 16),
    tipType: TIP_TYPES[row.market],
    market: row.market,
    prediction: PREDICTIONS[row.market],
    confidence: Math.round(row.probability * 1000) / 10,
    fairOdds: Math.round((100 / row.probability) * 1) / 100,
    odds: row.odds,
    bookmaker: row.bookmaker,
    edge: row.odds === null ? null : Math.round(edgeOf(row.market, row.probability, row.odds, row.p_push)! * 1000) / 1000,
    analysis: analysisText(
      {
        homeTeam: row.home_team,
        awayTeam: row.away_team,
      } as FeedMatch,
      markets,
      { home: row.xg_home, away: row.xg_away },
      row.odds,
      row.market,
    ),
    status: row.status,
    madeAt: (toDate(row.made_at) ?? new Date(0)).toISOString(),
    demo: Boolean(Number(row.demo)),
    origin: originOf(row),
  };
}

export function rowMarkets(row: TipRow): Markets {
  return {
    home: row.p_home,
    draw: row.p_draw,
    away: row.p_away,
    over25: row.p_over25,
    under25: 1 - row.p_over25,
    bttsYes: row.p_btts,
    bttsNo: 1 - row.p_btts,
    homeMinus1: row.p_home_minus1,
    homeMinus1Push: row.p_push,
  };
}
