import type { Knex } from '@matchday/server';

/**
 * Which source wrote a match event (`match_events.source`: 'football-json', 'openfootball', 'api-football', ...), so
 * that a source's timeline of a match can be replaced as a whole (importers/store/events.ts): an event the source no
 * longer has is withdrawn, and never an event another source wrote. Null on rows written before it was kept,
 * except those the match clock wrote (importers/live-clock.ts: 'goal:3', 'yellow-card:2'): they are given the one
 * source with goal minutes (football.json, openfootball) their fixture is known by, where there is exactly one.
 */

const CLOCK_KEY = /^(goal|yellow-card|red-card|substitution):\d+$/;
const TIMELINE_SOURCES = ['football-json', 'openfootball'];

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('match_events', (t) => {
    t.string('source', 40).nullable();
  });
  const rows = (await knex('match_events')
    .whereIn('kind', ['goal', 'yellow-card', 'red-card', 'substitution'])
    .select('id', 'fixture_id', 'event_key')) as Array<{
    id: number;
    fixture_id: number;
    event_key: string;
  }>;
  const clockRows = rows.filter((row) => CLOCK_KEY.test(row.event_key));
  const fixtureIds = [...new Set(clockRows.map((row) => Number(row.fixture_id)))];
  for (let i = 0; i < fixtureIds.length; i += 500) {
    const ids = fixtureIds.slice(i, i + 500);
    const known = (await knex('external_ids')
      .where('entity', 'fixture')
      .whereIn('source', TIMELINE_SOURCES)
      .whereIn('entity_id', ids)
      .distinct('entity_id', 'source')) as Array<{ entity_id: number; source: string }>;
    const sources = new Map<number, Set<string>>();
    for (const row of known) sources.set(Number(row.entity_id), (sources.get(Number(row.entity_id)) ?? new Set()).add(row.source));
    for (const id of ids) {
      const found = sources.get(id);
      if (found?.size !== 1) continue;
      const eventIds = clockRows.filter((row) => Number(row.fixture_id) === id).map((row) => Number(row.id));
      await knex('match_events')
        .whereIn('id', eventIds)
        .update({ source: [...found][0] });
    }
  }
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('match_events', (t) => {
    t.dropColumn('source');
  });
}
