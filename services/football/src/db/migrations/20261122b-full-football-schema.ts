import type { Knex } from '@matchday/server';

/**
 * The full football schema: seasons (with their tie-breaking rule), venues, team aliases, players and
 * squads, per-fixture team and player statistics, bookmaker odds, points adjustments and the
 * external-id map that lets several sources land on the same rows.
 *
 * Season aggregates (standings, top scorers, player season stats, team home/away stats, head-to-head)
 * are never stored: they are derived from `fixtures` and `fixture_player_stats` at query time, so a
 * re-import can never leave them stale.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('venues', (t) => {
    t.increments('id').primary();
    t.string('name', 120).notNullable();
    t.string('city', 80).notNullable().defaultTo('');
    t.string('country', 80).nullable();
    t.integer('capacity').nullable();
    t.unique(['name', 'city'], { indexName: 'venues_name_city_unique' });
  });

  // Move the free-text venue columns of the skeleton onto venues.
  await knex.schema.alterTable('teams', (t) => {
    t.integer('venue_id').unsigned().nullable().references('venues.id');
    t.string('code', 8).nullable();
    t.integer('founded').nullable();
  });
  await knex.schema.alterTable('fixtures', (t) => {
    t.integer('venue_id').unsigned().nullable().references('venues.id');
    // 'regular' (league season), 'group' (cup group stage), 'league-phase' (UCL 2024-25 on), and the
    // non-table stages: 'qualifying', 'playoff', 'knockout'. Standings count only the first three.
    t.string('stage', 20).notNullable().defaultTo('regular');
    t.string('group_name', 20).nullable();
    t.integer('home_goals_ht').nullable();
    t.integer('away_goals_ht').nullable();
    // Score after extra time (home_goals/away_goals hold the 90-minute score) and shoot-out.
    t.integer('home_goals_et').nullable();
    t.integer('away_goals_et').nullable();
    t.integer('home_penalties').nullable();
    t.integer('away_penalties').nullable();
    t.string('referee', 80).nullable();
    t.index(['league_id', 'season', 'stage'], 'fixtures_league_season_stage');
    t.index(['home_team_id', 'away_team_id'], 'fixtures_pairing');
  });
  for (const table of ['teams', 'fixtures'] as const) {
    const rows: Array<{ venue: string; venue_city: string | null }> = await knex(table)
      .distinct('venue', 'venue_city')
      .whereNotNull('venue');
    for (const row of rows) {
      const city = row.venue_city ?? '';
      let venue = await knex('venues').where({ name: row.venue, city }).first('id');
      if (!venue) {
        const [id] = await knex('venues').insert({ name: row.venue, city });
        venue = { id };
      }
      await knex(table)
        .where({ venue: row.venue })
        .andWhere((q) => (row.venue_city === null ? q.whereNull('venue_city') : q.where('venue_city', row.venue_city)))
        .update({ venue_id: venue.id });
    }
  }
  await knex.schema.alterTable('teams', (t) => {
    t.dropColumn('venue');
    t.dropColumn('venue_city');
  });
  await knex.schema.alterTable('fixtures', (t) => {
    t.dropColumn('venue');
    t.dropColumn('venue_city');
  });

  await knex.schema.createTable('seasons', (t) => {
    t.integer('league_id').unsigned().notNullable().references('leagues.id');
    // Named by its starting year: 2023 = 2023-24.
    t.integer('year').notNullable();
    t.string('name', 20).notNullable();
    // 'league' (one table), 'groups' (a table per group), 'league-phase' (one table, cup knockouts after)
    t.string('format', 20).notNullable().defaultTo('league');
    // 'points-gd-gf' (Premier League), 'h2h-first' (ISL, UCL groups), 'ucl-league-phase' (2024-25 on)
    t.string('tiebreak', 24).notNullable().defaultTo('points-gd-gf');
    // Qualification zones: JSON array of {from, to, description}
    t.text('zones').nullable();
    t.primary(['league_id', 'year']);
  });

  await knex.schema.createTable('team_aliases', (t) => {
    // Lower-cased, accent-free, punctuation-free spelling used by some source.
    t.string('alias', 120).primary();
    t.integer('team_id').unsigned().notNullable().references('teams.id');
    t.index(['team_id']);
  });

  await knex.schema.createTable('players', (t) => {
    t.increments('id').primary();
    t.string('name', 120).notNullable();
    t.string('first_name', 80).nullable();
    t.string('last_name', 80).nullable();
    t.string('nationality', 80).nullable();
    t.date('birth_date').nullable();
    t.string('birth_country', 80).nullable();
    t.string('photo', 500).nullable();
    t.index(['name']);
  });

  await knex.schema.createTable('squad_members', (t) => {
    t.integer('team_id').unsigned().notNullable().references('teams.id');
    t.integer('season').notNullable();
    t.integer('player_id').unsigned().notNullable().references('players.id');
    // Goalkeeper, Defender, Midfielder, Attacker
    t.string('position', 16).notNullable();
    t.integer('shirt_number').nullable();
    // Fantasy price in tenths (55 = 5.5) and ownership percent, when a fantasy source provides them.
    t.integer('price').nullable();
    t.float('ownership').nullable();
    t.primary(['team_id', 'season', 'player_id']);
    t.index(['player_id', 'season'], 'squad_members_player_season');
  });

  await knex.schema.createTable('fixture_team_stats', (t) => {
    t.integer('fixture_id').unsigned().notNullable().references('fixtures.id').onDelete('CASCADE');
    t.integer('team_id').unsigned().notNullable().references('teams.id');
    t.boolean('is_home').notNullable();
    for (const column of [
      'total_shots',
      'shots_on_target',
      'blocked_shots',
      'shots_inside_box',
      'shots_outside_box',
      'ball_possession',
      'total_passes',
      'passes_accurate',
      'passes_percent',
      'goalkeeper_saves',
      'fouls',
      'offsides',
      'yellow_cards',
      'red_cards',
      'corner_kicks',
    ]) {
      t.integer(column).nullable();
    }
    t.primary(['fixture_id', 'team_id']);
    t.index(['team_id']);
  });

  await knex.schema.createTable('fixture_player_stats', (t) => {
    t.integer('fixture_id').unsigned().notNullable().references('fixtures.id').onDelete('CASCADE');
    t.integer('player_id').unsigned().notNullable().references('players.id');
    t.integer('team_id').unsigned().notNullable().references('teams.id');
    t.string('position', 16).nullable();
    t.boolean('started').notNullable().defaultTo(false);
    t.boolean('subbed_in').notNullable().defaultTo(false);
    t.boolean('subbed_out').notNullable().defaultTo(false);
    t.integer('minutes').notNullable().defaultTo(0);
    t.float('rating').nullable();
    for (const column of [
      'goals',
      'assists',
      'goals_conceded',
      'saves',
      'passes_total',
      'passes_key',
      'passes_accuracy',
      'tackles_total',
      'tackles_blocks',
      'tackles_interceptions',
      'duels_total',
      'duels_won',
      'fouls_drawn',
      'fouls_committed',
      'yellow_cards',
      'red_cards',
    ]) {
      t.integer(column).nullable();
    }
    t.primary(['fixture_id', 'player_id']);
    t.index(['player_id', 'fixture_id'], 'fixture_player_stats_player');
    t.index(['team_id', 'fixture_id'], 'fixture_player_stats_team');
  });

  await knex.schema.createTable('fixture_odds', (t) => {
    t.integer('fixture_id').unsigned().notNullable().references('fixtures.id').onDelete('CASCADE');
    // Bookmaker code as football-data.co.uk writes it: B365, PS, Max, Avg, ...
    t.string('bookmaker', 16).notNullable();
    // 'opening' (pre-match as collected) or 'closing'
    t.string('timing', 8).notNullable();
    t.float('home').nullable();
    t.float('draw').nullable();
    t.float('away').nullable();
    t.float('over_2_5').nullable();
    t.float('under_2_5').nullable();
    t.float('asian_handicap_line').nullable();
    t.float('asian_handicap_home').nullable();
    t.float('asian_handicap_away').nullable();
    t.primary(['fixture_id', 'bookmaker', 'timing']);
  });

  await knex.schema.createTable('standings_adjustments', (t) => {
    t.increments('id').primary();
    t.integer('league_id').unsigned().notNullable().references('leagues.id');
    t.integer('season').notNullable();
    t.integer('team_id').unsigned().notNullable().references('teams.id');
    t.integer('points').notNullable();
    t.string('reason', 255).notNullable();
    t.unique(['league_id', 'season', 'team_id', 'reason'], { indexName: 'standings_adjustments_unique' });
  });

  await knex.schema.createTable('external_ids', (t) => {
    // Which source row became which of our rows: entity 'fixture' | 'team' | 'player'.
    t.string('entity', 16).notNullable();
    t.string('source', 32).notNullable();
    t.string('external_id', 80).notNullable();
    t.integer('entity_id').unsigned().notNullable();
    t.primary(['entity', 'source', 'external_id']);
    t.index(['entity', 'entity_id'], 'external_ids_entity');
  });
}

export async function down(knex: Knex): Promise<void> {
  for (const table of [
    'external_ids',
    'standings_adjustments',
    'fixture_odds',
    'fixture_player_stats',
    'fixture_team_stats',
    'squad_members',
    'players',
    'team_aliases',
    'seasons',
  ]) {
    await knex.schema.dropTable(table);
  }
  await knex.schema.alterTable('fixtures', (t) => {
    t.string('venue', 120).nullable();
    t.string('venue_city', 80).nullable();
  });
  await knex.schema.alterTable('teams', (t) => {
    t.string('venue', 120).nullable();
    t.string('venue_city', 80).nullable();
  });
  await knex.schema.alterTable('fixtures', (t) => {
    t.dropIndex(['league_id', 'season', 'stage'], 'fixtures_league_season_stage');
    t.dropIndex(['home_team_id', 'away_team_id'], 'fixtures_pairing');
    for (const column of [
      'venue_id',
      'stage',
      'group_name',
      'home_goals_ht',
      'away_goals_ht',
      'home_goals_et',
      'away_goals_et',
      'home_penalties',
      'away_penalties',
      'referee',
    ]) {
      t.dropColumn(column);
    }
  });
  await knex.schema.alterTable('teams', (t) => {
    t.dropColumn('venue_id');
    t.dropColumn('code');
    t.dropColumn('founded');
  });
  await knex.schema.dropTable('venues');
}
