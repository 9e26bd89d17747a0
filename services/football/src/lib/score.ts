import type { Knex } from '@matchday/server';

/**
 * The final score of a fixture as fans read it: after extra time when there was extra time, otherwise
 * after 90 minutes. `home_goals`/`away_goals` hold the 90-minute score (what league tables count); every
 * read API that shows a result selects these columns instead (lib/played.ts: finalResult).
 */
export interface FinalScoreColumns {
  final_home_goals: number | null;
  final_away_goals: number | null;
  /** 1 when the match went to extra time (the final score is then the a.e.t. one), else 0. */
  extra_time: number | boolean | null;
  home_penalties: number | null;
  away_penalties: number | null;
}

/** Selects FinalScoreColumns of the fixtures table `table` (its alias in the query). */
export function finalScoreColumns(db: Knex, table = 'f'): Knex.Raw[] {
  return [
    db.raw(`coalesce(${table}.home_goals_et, ${table}.home_goals) as final_home_goals`),
    db.raw(`coalesce(${table}.away_goals_et, ${table}.away_goals) as final_away_goals`),
    db.raw(`case when ${table}.home_goals_et is null then 0 else 1 end as extra_time`),
    db.raw(`${table}.home_penalties as home_penalties`),
    db.raw(`${table}.away_penalties as away_penalties`),
  ];
}
