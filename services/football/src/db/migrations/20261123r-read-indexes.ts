import type { Knex } from '@matchday/server';

/**
 * Indexes for the slowest reads (measured at 93k fixtures / 2.5M player rows, both dialects):
 *
 * - `fixture_player_stats_goals` (fixture_id, goals, player_id): the top scorers' first pass reads only the
 *   rows with a goal of a league season, from the index alone.
 * - `fixture_player_stats_player_totals` (player_id, fixture_id, then the counted columns): a player's rows of
 *   one season are one short range that holds every column the totals add up (top scorers, player stats),
 *   so no table row is read. Its first two columns are those of `fixture_player_stats_player`.
 * - `fixture_player_stats_team_minutes` (team_id, fixture_id, minutes, player_id): who appeared for a club in a
 *   league season (squads), from the index alone.
 * - `fixtures_league_season_status` (league_id, season, status, kickoff_at): the finished fixtures of a league
 *   season in kick-off order, without reading other seasons or sorting (squads' last match).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('fixture_player_stats', (t) => {
    t.index(['fixture_id', 'goals', 'player_id'], 'fixture_player_stats_goals');
    t.index(
      ['player_id', 'fixture_id', 'team_id', 'minutes', 'goals', 'assists', 'yellow_cards', 'red_cards', 'position'],
      'fixture_player_stats_player_totals',
    );
    t.index(['team_id', 'fixture_id', 'minutes', 'player_id'], 'fixture_player_stats_team_minutes');
  });
  await knex.schema.alterTable('fixtures', (t) => {
    t.index(['league_id', 'season', 'status', 'kickoff_at'], 'fixtures_league_season_status');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('fixtures', (t) => {
    t.dropIndex([], 'fixtures_league_season_status');
  });
  await knex.schema.alterTable('fixture_player_stats', (t) => {
    t.dropIndex([], 'fixture_player_stats_team_minutes');
    t.dropIndex([], 'fixture_player_stats_player_totals');
    t.dropIndex([], 'fixture_player_stats_goals');
  });
}
