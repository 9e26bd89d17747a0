import type { Fixture, LookupEntities, LookupEntity } from '@matchday/contracts';
import { toSqlDateTime, type Knex } from '@matchday/server';
import { playedOrLiveScore } from '../../lib/played';
import { fixturesWithNames, toFixture, type FixtureWithNamesRow } from '../fixtures/mapper';

/** The teams, leagues and players of those ids that exist, with the name and picture a follow list shows. */
export async function findEntities(db: Knex, ids: { team?: number[]; league?: number[]; player?: number[] }): Promise<LookupEntities> {
  const entities: LookupEntities = { team: [], league: [], player: [] };
  if (ids.team?.length) {
    const rows: Array<{ id: number; name: string; logo: string | null; short_name: string | null; code: string | null }> = await db('teams')
      .whereIn('id', ids.team)
      .select('id', 'name', 'logo', 'short_name', 'code');
    entities.team = rows.map((r) => ({ id: Number(r.id), name: r.name, image: r.logo, shortName: r.code ?? r.short_name }));
  }
  if (ids.league?.length) {
    const rows: Array<{ id: number; display_name: string; logo: string | null }> = await db('leagues')
      .whereIn('id', ids.league)
      .select('id', 'display_name', 'logo');
    entities.league = rows.map((r): LookupEntity => ({ id: Number(r.id), name: r.display_name, image: r.logo }));
  }
  if (ids.player?.length) {
    const rows: Array<{ id: number; name: string; photo: string | null }> = await db('players')
      .whereIn('id', ids.player)
      .select('id', 'name', 'photo');
    entities.player = rows.map((r): LookupEntity => ({ id: Number(r.id), name: r.name, image: r.photo }));
  }
  return entities;
}

/** Fixtures by id, or those kicking off in [fromMs, toMs) (with `lineups`, only those whose line-ups are out), with names and their played or live score. */
export async function lookupFixtures(db: Knex, query: { ids?: number[]; from?: number; to?: number; lineups?: '1' }): Promise<Fixture[]> {
  const q = fixturesWithNames(db).orderBy([{ column: 'f.kickoff_at' }, { column: 'f.id' }]);
  if (query.lineups) q.whereExists((sub) => sub.select('l.fixture_id').from('fixture_lineups as l').whereRaw('l.fixture_id = f.id'));
  if (query.ids) q.whereIn('f.id', query.ids);
  else q.where('f.kickoff_at', '>=', toSqlDateTime(new Date(query.from!))).where('f.kickoff_at', '<', toSqlDateTime(new Date(query.to!)));
  const rows = (await q.limit(2000)) as FixtureWithNamesRow[];
  return rows.map((row) => toFixture(row, playedOrLiveScore));
}
