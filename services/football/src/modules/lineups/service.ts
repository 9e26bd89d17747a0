import type { Knex } from '@matchday/server';
import type { FixtureLineups } from '@matchday/contracts';
import { findFixtureSources } from '../fixture-stats/repository';
import { benchListed, lineupSide, lineupSource } from './lineup';
import { findLineupFixture, findLineupLines } from './repository';

/**
 * The fixture's line-ups; null for an unknown fixture, or one whose sources do not say who started on either side (no
 * player lines, or lines without `starts`, as FPL before 2022-23). A side without starters while the other has them
 * (its line-up was skipped at import: twelve starters, a player named twice) is sent as not available.
 */
export async function fixtureLineups(db: Knex, fixtureId: number): Promise<FixtureLineups | null> {
  const fixture = await findLineupFixture(db, fixtureId);
  if (!fixture) return null;
  const [lines, sources] = await Promise.all([findLineupLines(db, fixtureId), findFixtureSources(db, fixtureId)]);
  const source = lineupSource(sources, lines);
  const bench = benchListed(source.key);
  const home = lineupSide(Number(fixture.home_team_id), fixture.home_name, lines, bench);
  const away = lineupSide(Number(fixture.away_team_id), fixture.away_name, lines, bench);
  if (!home.available && !away.available) return null;
  return { source: source.name, home, away };
}
