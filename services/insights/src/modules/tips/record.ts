import type { FeedLeague, FeedMatch, RecordSummary, TeamRating } from '@matchday/contracts';
import { DEFAULT_SETTINGS, type FittedModel } from '../../model/dixon-coles';
import { calibrationBins, outcomeOf } from '../../model/metrics';
import { toCard, type TipRow } from './cards';

/** A club's ratings from the fitted model and its last five results before the match. */
export function rating(model: FittedModel, match: FeedMatch, teamId: number, name: string, matches: FeedMatch[]): TeamRating {
  const before = Date.parse(match.kickoffAt);
  const form = matches
    .filter((m) => (m.homeTeamId === teamId || m.awayTeamId === teamId) && m.homeGoals !== null && Date.parse(m.kickoffAt) < before)
    .slice(-5)
    .map((m) => {
      const own = m.homeTeamId === teamId ? m.homeGoals! : m.awayGoals!;
      const other = m.homeTeamId === teamId ? m.awayGoals! : m.homeGoals!;
      return own > other ? 'W' : own === other ? 'D' : 'L';
    });
  return {
    teamId,
    name,
    attack: Math.round((model.attack.get(teamId) ?? DEFAULT_SETTINGS.promotedAttack) * 1000) / 1000,
    defence: Math.round((model.defence.get(teamId) ?? DEFAULT_SETTINGS.promotedDefence) * 1000) / 1000,
    form,
  };
}

/** The public record of a league, computed from its frozen tips only. */
export function summarise(league: FeedLeague, rows: TipRow[]): RecordSummary {
  const graded = rows.filter((r) => r.status !== 'upcoming');
  const won = graded.filter((r) => r.status === 'won').length;
  const lost = graded.filter((r) => r.status === 'lost').length;
  const pushed = graded.filter((r) => r.status === 'push').length;
  const priced = graded.filter((r) => r.odds !== null);
  const profit = priced.reduce((sum, r) => sum + (r.status === 'won' ? r.odds! - 1 : r.status === 'lost' ? -1 : 0), 0);
  const compared = graded.filter((r) => r.rps !== null && r.book_rps !== null);
  const mean = (values: number[]) => (values.length ? values.reduce((s, v) => s + v, 0) / values.length : null);
  const round = (value: number | null, digits: number) => (value === null ? null : Math.round(value * 10 ** digits) / 10 ** digits);
  const calibration = calibrationBins(
    graded.map((r) => ({
      p: { home: r.p_home, draw: r.p_draw, away: r.p_away },
      outcome: outcomeOf(r.home_goals ?? 0, r.away_goals ?? 0),
    })),
  ).map((b) => ({ ...b, predicted: round(b.predicted, 4)!, observed: round(b.observed, 4)! }));
  return {
    leagueId: league.id,
    league: league.displayName,
    tips: rows.length,
    graded: graded.length,
    won,
    lost,
    pushed,
    hitRate: won + lost ? round(won / (won + lost), 4) : null,
    roi: priced.length ? round(profit / priced.length, 4) : null,
    withOdds: priced.length,
    modelRps: round(mean(compared.map((r) => r.rps!)), 4),
    bookmakerRps: round(mean(compared.map((r) => r.book_rps!)), 4),
    rpsMatches: compared.length,
    calibration,
    recent: graded.slice(0, 10).map(toCard),
  };
}
