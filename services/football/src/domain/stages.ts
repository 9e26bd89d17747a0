/**
 * The stages a fixture can belong to (column fixtures.stage). Sources map their rounds onto these; the
 * standings count only the table stages.
 */
export type FixtureStage = 'regular' | 'group' | 'league-phase' | 'qualifying' | 'playoff' | 'knockout';

/** Standings count 'regular', 'group' and 'league-phase' matches only. */
export const TABLE_STAGES: readonly FixtureStage[] = ['regular', 'group', 'league-phase'];
