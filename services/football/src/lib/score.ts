import type { Knex } from '@matchday/server';

/**
 * The final score of a fixture as fans read it: after extra time when there was extra time, otherwise
 * after 90 minutes. `home_goals`/`away_goals` hold the 90-minute score (what league tables count); every
 * read API that shows a result selects these instead, under the same column names.
 */
export function finalGoals(db: Knex, table = 'f'): [Knex.Raw, Knex.Raw] {
  return [
    db.raw(`coalesce(${table}.home_goals_et, ${table}.home_goals) as home_goals`),
    db.raw(`coalesce(${table}.away_goals_et, ${table}.away_goals) as away_goals`),
  ];
}
