import { startService, testDatabases, type RunningService } from '@matchday/testing';
import type { ImportedMatch } from '../src/importers/model';
import { saveMatches } from '../src/importers/store';
import { football } from '../src/service';

/** Which calendar feed the football service's warm-up reads (the calendar feeds themselves: calendar.test.ts). */

describe.each(testDatabases())("the service's warm-up on %s", (_label, target) => {
  let service: RunningService;
  beforeAll(async () => {
    service = await startService(football, target('football'));
  });
  afterAll(async () => {
    await service?.close();
  });

  it('reads the calendar of the team with the most fixtures, home and away (the longest feed)', async () => {
    const game = (id: string, home: string, away: string, day: number): ImportedMatch => ({
      source: 'results-csv',
      externalId: id,
      leagueId: 9903,
      season: 2026,
      kickoffAt: new Date(Date.UTC(2026, 7, day, 15)),
      status: 'scheduled',
      stage: 'regular',
      round: 'Regular Season - 1',
      home: { name: home, country: 'Testland' },
      away: { name: away, country: 'Testland' },
      goals: null,
      league: { name: 'Warm-up League', country: 'Testland', type: 'league' },
    });
    // Ashby is stored first; Caxton plays most, twice of three away
    const summary = await saveMatches(service.db, [
      game('w1', 'Ashby', 'Caxton', 1),
      game('w2', 'Caxton', 'Dunmore', 8),
      game('w3', 'Ely', 'Caxton', 15),
    ]);
    expect(summary.problems).toEqual([]);
    const id = async (name: string) => Number(((await service.db('teams').where({ name }).first('id')) as { id: number }).id);
    expect(await id('Ashby')).toBeLessThan(await id('Caxton'));
    const paths = await football.warmUpPaths!(service.db);
    expect(paths.filter((path) => path.startsWith('/api/calendar/'))).toEqual([`/api/calendar/team/${await id('Caxton')}.ics`]);
  });
});
