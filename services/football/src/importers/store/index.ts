/**
 * The one writer of the football tables. Imports save through it: every save runs in one transaction,
 * finds what is already stored (fixtures by external id or by league + season + teams + kick-off within
 * 36 hours, teams by normalised alias, players by external id), merges field by field (a value a source
 * does not have never erases one another source gave) and writes only what changed: re-running an import
 * creates and updates nothing. The demo seed writes its generated rows through the same sections.
 * One file per section: shared (save summary, batching, the typed bulk insert, merging), transaction (the prologue of
 * every save: withImportTransaction), dataset, leagues, teams, fixtures, players, adjustments, events, search (the
 * name index).
 */
export * from './shared';
export * from './dataset';
export * from './leagues';
export * from './teams';
export * from './fixtures';
export * from './players';
export * from './adjustments';
export * from './events';
export * from './search';
export * from './transaction';
