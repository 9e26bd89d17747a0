import type { Fixture, SearchResults } from '@matchday/contracts';
import type { RunningService } from '@matchday/testing';
import { testDatabases } from '@matchday/testing';
import { SEARCH_TABLE, searchTermRows } from '../src/domain/search';
import { fixtureIdByTeams, getJson, serviceWithImports, sharedData } from './import-helpers';

/**
 * National teams wear their flags (and FIFA's codes where a short form is needed) in every reply that names a team
 * for a screen, an alert or a calendar, on the real World Cup 2026 next to a season of clubs (the Premier League
 * 2024-25), whose clubs send none.
 */

const MEXICO = '🇲🇽';
const SOUTH_AFRICA = '🇿🇦';

describe.each(testDatabases())('national teams’ flags and codes on %s', (_label, makeTarget) => {
  let service: RunningService;
  let opener: number;

  beforeAll(async () => {
    service = await serviceWithImports(makeTarget('football'), [
      ['openfootball', sharedData('openfootball', 'worldcup-2026')],
      ['football-data-co-uk', sharedData('football-data-co-uk', 'E0-2425.csv')],
    ]);
    opener = await fixtureIdByTeams(service.db, 1, 2026, 'Mexico', 'South Africa');
  });

  afterAll(async () => {
    await service?.close();
  });

  it("sends a World Cup fixture's flags with its teams (Home's cards, the league hub, alerts), a club fixture none", async () => {
    const worldCup = await getJson<Fixture[]>(service, '/api/fixtures/filter?leagueId=1&season=2026');
    expect(worldCup.find((f) => f.id === opener)).toMatchObject({
      homeTeam: 'Mexico',
      homeTeamFlag: MEXICO,
      awayTeam: 'South Africa',
      awayTeamFlag: SOUTH_AFRICA,
    });
    // every World Cup team of the draw is in the catalogue: no fixture without its flags
    expect(worldCup.filter((f) => !f.homeTeamFlag || !f.awayTeamFlag).map((f) => `${f.homeTeam} v ${f.awayTeam}`)).toEqual([]);
    const england = worldCup.find((f) => f.homeTeam === 'England' || f.awayTeam === 'England')!;
    expect(england.homeTeam === 'England' ? england.homeTeamFlag : england.awayTeamFlag).toBe('🏴󠁧󠁢󠁥󠁮󠁧󠁿');

    const clubs = await getJson<Fixture[]>(service, '/api/fixtures/filter?leagueId=39&season=2024');
    expect(clubs.length).toBeGreaterThan(300);
    expect(clubs.some((f) => 'homeTeamFlag' in f || 'awayTeamFlag' in f)).toBe(false);

    // what the alert sender reads its texts from
    const [looked] = await getJson<Fixture[]>(service, `/internal/lookup/fixtures?ids=${opener}`);
    expect(looked).toMatchObject({ homeTeamFlag: MEXICO, awayTeamFlag: SOUTH_AFRICA });
  });

  it("search gives a national team its flag, by the data's name or FIFA's, and a club none", async () => {
    const mexico = await getJson<SearchResults>(service, '/api/search?q=mexico');
    expect(mexico.teams[0]).toMatchObject({ name: 'Mexico', flag: MEXICO, leagueId: 1, season: 2026 });
    const korea = await getJson<SearchResults>(service, `/api/search?q=${encodeURIComponent('korea republic')}`);
    expect(korea.teams[0]).toMatchObject({ name: 'South Korea', flag: '🇰🇷' });
    const liverpool = await getJson<SearchResults>(service, '/api/search?q=liverpool');
    expect(liverpool.teams[0]).toMatchObject({ name: 'Liverpool', leagueId: 39 });
    expect(liverpool.teams[0]).not.toHaveProperty('flag');
  });

  it("search gives a national team's player his team's flag, a club's player none", async () => {
    // the World Cup's source names no players: one in Mexico's squad, found as the importers index him
    const mexico = (await service.db('teams').where({ name: 'Mexico' }).first('id')) as { id: number };
    const [id] = (await service.db('players').insert({ name: 'Zacarías Probador' })) as number[];
    await service.db('squad_members').insert({ team_id: mexico.id, season: 2026, player_id: id, position: 'Midfielder' });
    await service.db(SEARCH_TABLE).insert(searchTermRows('player', [{ id: id!, names: ['Zacarías Probador'] }]));
    const found = await getJson<SearchResults>(service, '/api/search?q=probador');
    expect(found.players[0]).toMatchObject({ name: 'Zacarías Probador', teamName: 'Mexico', teamFlag: MEXICO, leagueId: 1, season: 2026 });
    const club = (await service.db('teams').where({ name: 'Liverpool' }).first('id')) as { id: number };
    await service.db('squad_members').insert({ team_id: club.id, season: 2027, player_id: id, position: 'Midfielder' });
    const moved = await getJson<SearchResults>(service, '/api/search?q=probador');
    expect(moved.players[0]).toMatchObject({ teamName: 'Liverpool' });
    expect(moved.players[0]).not.toHaveProperty('teamFlag');
  });

  it("titles a World Cup match in the calendar by FIFA's codes, the names written out in the description; a club match by its names", async () => {
    const feed = await (await service.request('/api/calendar/league/1/2026.ics')).text();
    const event = feed.split('BEGIN:VEVENT').find((e) => e.includes(`/fixture-stats/${opener}`))!;
    expect(event).toContain('\r\nSUMMARY:MEX v RSA\r\n');
    expect(event).toMatch(/\r\nDESCRIPTION:Mexico v South Africa\\nWorld Cup 2026/);
    // with the scores: the codes around the score
    const scored = await (await service.request('/api/calendar/league/1/2026.ics?scores=1')).text();
    expect(scored.split('BEGIN:VEVENT').find((e) => e.includes(`/fixture-stats/${opener}`))).toMatch(/\r\nSUMMARY:MEX \d+–\d+ RSA\r\n/);

    const liverpool = (await getJson<SearchResults>(service, '/api/search?q=liverpool')).teams[0]!;
    const clubs = await (await service.request(`/api/calendar/team/${liverpool.id}.ics`)).text();
    expect(clubs).toMatch(/\r\nSUMMARY:(Liverpool v [A-Z][a-z]|[A-Z][a-z .']+ v Liverpool)/);
    expect(clubs).not.toMatch(/SUMMARY:[A-Z]{3} v [A-Z]{3}\r\n/);
  });
});
