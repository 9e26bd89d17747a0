import type { Knex } from '@matchday/server';
import type { ImportedAdjustment } from '../model';
import { emptySummary, problemAt, type SaveOptions, type SaveSummary } from './shared';
import { withImportTransaction } from './transaction';

/** Standings adjustments. */

/** Saves points adjustments keyed by (league, season, team, reason); the points of a known one are updated. */
export async function saveAdjustments(
  db: Knex,
  adjustments: readonly ImportedAdjustment[],
  options: SaveOptions = {},
): Promise<SaveSummary> {
  const summary = emptySummary();
  const valid = adjustments.filter((a) => {
    const problem =
      (Number.isInteger(a.points) ? null : `bad points "${String(a.points)}"`) ??
      (a.reason?.trim() ? null : 'missing reason') ??
      (a.team?.name?.trim() ? null : 'missing team name');
    if (problem) summary.problems.push(problemAt(a.origin, 'adjustments', problem));
    return !problem;
  });
  if (valid.length === 0) return summary;
  await withImportTransaction(db, valid, async ({ trx, teams, unknownLeagues }) => {
    let done = 0;
    for (const adjustment of valid) {
      done += 1;
      options.onProgress?.(done, valid.length);
      if (unknownLeagues.has(adjustment.leagueId)) {
        summary.problems.push(problemAt(adjustment.origin, 'adjustments', `unknown league ${adjustment.leagueId}`));
        continue;
      }
      const teamId = await teams.resolve(adjustment.team, 'adjustments');
      const reason = adjustment.reason.trim().slice(0, 255);
      const key = { league_id: adjustment.leagueId, season: adjustment.season, team_id: teamId, reason };
      const current = (await trx('standings_adjustments').where(key).first('id', 'points')) as { id: number; points: number } | undefined;
      if (!current) {
        await trx('standings_adjustments').insert({ ...key, points: adjustment.points });
        summary.created += 1;
      } else if (Number(current.points) !== adjustment.points) {
        await trx('standings_adjustments').where({ id: current.id }).update({ points: adjustment.points });
        summary.updated += 1;
      } else {
        summary.unchanged += 1;
      }
    }
  });
  return summary;
}
