import { catalogueLeague, seasonName, seasonRules, type SeasonRules } from '@matchday/contracts';
import type { Knex } from '@matchday/server';
import type { ImportedLeague } from '../model';
import { indexNames } from './search';
import type { LeaguesRow } from '../../db/rows';
import { insertRows } from './shared';

/** Leagues and seasons. */

/** The one insert of a league row. */
export async function insertLeague(trx: Knex, row: LeaguesRow): Promise<void> {
  await trx('leagues').insert(row);
}

/** The one insert of season rows: each year with its name and the rules it is played under. */
export async function insertSeasons(
  trx: Knex,
  leagueId: number,
  years: readonly number[],
  rulesOf: (year: number) => SeasonRules,
): Promise<void> {
  await insertRows(
    trx,
    'seasons',
    years.map((year) => {
      const rules = rulesOf(year);
      return {
        league_id: leagueId,
        year,
        name: seasonName(year, leagueId),
        format: rules.format,
        tiebreak: rules.tiebreak,
        zones: JSON.stringify(rules.zones),
      };
    }),
  );
}

/** Creates the league (known metadata or the source's) and raises its current season; false when unknown. */
export async function ensureLeague(trx: Knex.Transaction, leagueId: number, season: number, info?: ImportedLeague): Promise<boolean> {
  const existing = (await trx('leagues').where({ id: leagueId }).first('id', 'current_season')) as
    { id: number; current_season: number } | undefined;
  if (existing) {
    if (Number(existing.current_season) < season) await trx('leagues').where({ id: leagueId }).update({ current_season: season });
    return true;
  }
  const known = catalogueLeague(leagueId);
  if (!known && !info) return false;
  await insertLeague(trx, {
    id: leagueId,
    name: known?.name ?? info!.name,
    display_name: known?.displayName ?? info!.name,
    country: known?.country ?? info!.country,
    logo: info?.logo ?? null,
    colour: known?.colour ?? null,
    type: known?.type ?? info?.type ?? 'league',
    current_season: season,
  });
  await indexNames(trx, 'league', [{ id: leagueId, names: [known?.displayName ?? info!.name, known?.name ?? info!.name] }]);
  return true;
}

/** Creates the season row with its format, tie-breaking rule and zones (an existing row is left alone). */
export async function ensureSeason(trx: Knex.Transaction, leagueId: number, year: number): Promise<void> {
  const existing = await trx('seasons').where({ league_id: leagueId, year }).first('year');
  if (existing) return;
  await insertSeasons(trx, leagueId, [year], (y) => seasonRules(leagueId, y));
}

/** ensureLeague + ensureSeason for every distinct (league, season); returns the pairs whose league is unknown. */
export async function ensureLeagueSeasons(
  trx: Knex.Transaction,
  pairs: ReadonlyArray<{ leagueId: number; season: number; league?: ImportedLeague | undefined }>,
): Promise<Set<number>> {
  const unknown = new Set<number>();
  const done = new Set<string>();
  for (const pair of pairs) {
    const key = `${pair.leagueId}|${pair.season}`;
    if (done.has(key)) continue;
    done.add(key);
    if (!(await ensureLeague(trx, pair.leagueId, pair.season, pair.league))) {
      unknown.add(pair.leagueId);
      continue;
    }
    await ensureSeason(trx, pair.leagueId, pair.season);
  }
  return unknown;
}
