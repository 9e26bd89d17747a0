import type { FeedLeague, FeedMatch, RecordFigures, RecordPart, RecordSummary, TeamRating, TipOrigin } from '@matchday/contracts';
import { DEFAULT_SETTINGS, type FittedModel } from '../../model/dixon-coles';
import { calibrationBins, outcomeOf } from '../../model/metrics';
import { originOf, toCard, type TipRow } from './cards';

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

export const ORIGIN_LABELS: Record<TipOrigin, string> = {
  live: 'frozen before kick-off',
  backfill: 'computed afterwards from data before kick-off',
};

/** How the two records differ, in one sentence (the record screen shows it). */
export const RECORD_NOTE =
  "Frozen tips were stored before their kick-off and never changed; backfilled tips were computed after the matches, when the replay started, from only what was known before each kick-off (earlier results, statistics and prices, and the match's pre-match prices), so they show how the model would have done, not what it published.";

const mean = (values: number[]) => (values.length ? values.reduce((s, v) => s + v, 0) / values.length : null);
const round = (value: number | null, digits: number) => (value === null ? null : Math.round(value * 10 ** digits) / 10 ** digits);

/** A set of tips' figures: count, grading, hit rate, ROI at the odds shown, RPS against the bookmaker's, calibration. */
export function figures(rows: readonly TipRow[]): RecordFigures {
  const graded = rows.filter((r) => r.status !== 'upcoming');
  const won = graded.filter((r) => r.status === 'won').length;
  const lost = graded.filter((r) => r.status === 'lost').length;
  const pushed = graded.filter((r) => r.status === 'push').length;
  const priced = graded.filter((r) => r.odds !== null);
  const profit = priced.reduce((sum, r) => sum + (r.status === 'won' ? r.odds! - 1 : r.status === 'lost' ? -1 : 0), 0);
  const compared = graded.filter((r) => r.rps !== null && r.book_rps !== null);
  const calibration = calibrationBins(
    graded.map((r) => ({
      p: { home: r.p_home, draw: r.p_draw, away: r.p_away },
      outcome: outcomeOf(r.home_goals ?? 0, r.away_goals ?? 0),
    })),
  ).map((b) => ({ ...b, predicted: round(b.predicted, 4)!, observed: round(b.observed, 4)! }));
  return {
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
  };
}

const labelled = (origin: TipOrigin, of: RecordFigures): RecordPart => ({ origin, label: ORIGIN_LABELS[origin], ...of });

/**
 * The public record of a league: the top-level figures are those of its tips frozen live; `parts` has the live and the
 * backfilled record apart (never merged).
 */
export function summarise(league: FeedLeague, rows: TipRow[]): RecordSummary & Required<Pick<RecordSummary, 'parts' | 'note'>> {
  const live = figures(rows.filter((r) => originOf(r) === 'live'));
  const backfill = figures(rows.filter((r) => originOf(r) === 'backfill'));
  return {
    leagueId: league.id,
    league: league.displayName,
    ...live,
    recent: rows
      .filter((r) => originOf(r) === 'live' && r.status !== 'upcoming')
      .slice(0, 10)
      .map(toCard),
    parts: [labelled('live', live), labelled('backfill', backfill)],
    note: RECORD_NOTE,
  };
}
