import type { Knex } from '@matchday/server';
import type { ImportedLeague } from '../model';
import { claimForImport } from './dataset';
import { ensureLeagueSeasons } from './leagues';
import { TeamResolver, VenueResolver } from './teams';

/** What every save of the store has at hand inside its transaction. */
export interface ImportTransaction {
  trx: Knex.Transaction;
  /** Teams by normalised alias (new ones created), with their venues. */
  teams: TeamResolver;
  venues: VenueResolver;
  /** Leagues named by the records that are neither stored, nor in the catalogue, nor described by their source. */
  unknownLeagues: ReadonlySet<number>;
}

/**
 * The prologue of every save, in one transaction: the database is claimed for imports (the demo rows go at
 * the first import), the leagues and seasons `leagueSeasons` name are created where missing, and the team and
 * venue resolvers are loaded; then `save` runs in the same transaction.
 */
export async function withImportTransaction<T>(
  db: Knex,
  leagueSeasons: ReadonlyArray<{ leagueId: number; season: number; league?: ImportedLeague | undefined }>,
  save: (ctx: ImportTransaction) => Promise<T>,
): Promise<T> {
  return db.transaction(async (trx) => {
    await claimForImport(trx);
    const unknownLeagues = await ensureLeagueSeasons(trx, leagueSeasons);
    const venues = new VenueResolver(trx);
    const teams = await TeamResolver.load(trx, venues);
    return save({ trx, teams, venues, unknownLeagues });
  });
}
