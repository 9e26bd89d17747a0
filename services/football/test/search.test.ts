import type { SearchResults } from '@matchday/contracts';
import { startService, testDatabases, type RunningService } from '@matchday/testing';
import { resolveTeam, saveMatches, savePlayerMatches, saveSquad } from '../src/importers/store';
import { football } from '../src/service';

async function json<T>(response: Response, status = 200): Promise<T> {
  const text = await response.text();
  if (response.status !== status) throw new Error(`expected ${status}, got ${response.status}: ${text}`);
  return JSON.parse(text) as T;
}

const search = (service: RunningService, q: string, status = 200) =>
  service.request(`/api/search?q=${encodeURIComponent(q)}`).then((r) => json<SearchResults>(r, status));

describe.each(testDatabases())('GET /api/search on %s', (_label, makeTarget) => {
  let service: RunningService;

  beforeAll(async () => {
    service = await startService(football, makeTarget('football'), { seed: true });
    // Written through the importer store's own writers, as an import would.
    await resolveTeam(service.db, { name: 'Under_Score 100% FC' });
  });

  afterAll(async () => {
    await service?.close();
  });

  it('refuses fewer than 2 characters and more than 100 with a message', async () => {
    for (const q of ['', 'a', ' b ']) {
      const body = await json<{ message: string }>(await service.request(`/api/search?q=${encodeURIComponent(q)}`), 400);
      expect(body.message).toMatch(/at least 2 characters/);
    }
    const missing = await json<{ message: string }>(await service.request('/api/search'), 400);
    expect(missing.message).toMatch(/q: is required/);
    const long = await json<{ message: string }>(await service.request(`/api/search?q=${'x'.repeat(101)}`), 400);
    expect(long.message).toMatch(/at most 100 characters/);
    await search(service, 'x'.repeat(100));
  });

  it('finds a word in the middle of a name, but not the middle of a word', async () => {
    const [league] = await service.db('leagues').orderBy('id').select('id', 'display_name');
    const lastWord = String(league.display_name).split(' ').pop()!;
    const found = await search(service, lastWord.toLowerCase());
    expect(found.leagues.map((l) => l.id)).toContain(Number(league.id));
    // a player whose last name nobody else has
    const [unique] = (await service
      .db('players')
      .groupBy('last_name')
      .havingRaw('count(*) = 1')
      .orderBy('last_name')
      .limit(1)
      .select('last_name')) as Array<{
      last_name: string;
    }>;
    const player = (await service.db('players').where({ last_name: unique!.last_name }).first('name')) as { name: string };
    const last = unique!.last_name.toLowerCase();
    expect(player.name.toLowerCase().startsWith(last)).toBe(false);
    expect((await search(service, last)).players.map((p) => p.name)).toContain(player.name);
    expect((await search(service, last.slice(1))).players.map((p) => p.name)).not.toContain(player.name);
  });

  it('groups results by kind, at most 5 of each, with what the links need', async () => {
    // The most common first name of the demo players: more than five players carry it.
    const [common] = (await service
      .db('players')
      .groupBy('first_name')
      .orderBy([{ column: 'n', order: 'desc' }, { column: 'first_name' }])
      .limit(1)
      .select('first_name')
      .count({ n: '*' })) as Array<{ first_name: string; n: number | string }>;
    expect(Number(common!.n)).toBeGreaterThan(5);
    const result = await search(service, common!.first_name);
    expect(result.players).toHaveLength(5);
    for (const player of result.players) {
      expect(player.name.startsWith(common!.first_name)).toBe(true);
      expect(player.teamName).not.toBeNull();
      expect(player.leagueId).not.toBeNull();
      expect(player.season).not.toBeNull();
    }
    // "c" of "club", "city", ...: teams of several kinds, never more than 5
    const teams = await search(service, 'ci');
    expect(teams.teams.length).toBeGreaterThan(0);
    expect(teams.teams.length).toBeLessThanOrEqual(5);
    for (const team of teams.teams) {
      expect(
        team.name
          .toLowerCase()
          .split(/\s+/)
          .some((w) => w.startsWith('ci')),
      ).toBe(true);
      expect(team.leagueId).not.toBeNull();
    }
  });

  it('matches % and _ literally', async () => {
    expect((await search(service, '%%')).teams).toEqual([]);
    expect((await search(service, '__')).teams).toEqual([]);
    expect((await search(service, 'under_')).teams.map((t) => t.name)).toEqual(['Under_Score 100% FC']);
    expect((await search(service, 'underx')).teams).toEqual([]);
    expect((await search(service, 'under%')).teams).toEqual([]);
    expect((await search(service, '100%')).teams.map((t) => t.name)).toEqual(['Under_Score 100% FC']);
    expect((await search(service, '10_')).teams).toEqual([]);
  });

  it('after an import (demo rows and their terms gone): accents and case ignored, renames followed', async () => {
    const demoTeam = (await service.db('teams').orderBy('id').first('name')) as { name: string };
    await saveSquad(service.db, [
      {
        player: { source: 'fpl', externalId: 'search-1', name: 'Kylian Mbappé', firstName: 'Kylian', lastName: 'Mbappé Lottin' },
        team: { name: 'Club Atlético Ñandú' },
        leagueId: 39,
        season: 2023,
        position: 'Attacker',
      },
    ]);
    expect((await search(service, demoTeam.name)).teams).toEqual([]);
    const plain = await search(service, 'mbappe');
    expect(plain.players.map((p) => p.name)).toEqual(['Kylian Mbappé']);
    expect(plain.players[0]!.teamName).toBe('Club Atlético Ñandú');
    expect((await search(service, 'MBAPPÉ')).players.map((p) => p.name)).toEqual(['Kylian Mbappé']);
    expect((await search(service, 'lottin')).players.map((p) => p.name)).toEqual(['Kylian Mbappé']);
    expect((await search(service, 'atletico nandu')).teams.map((t) => t.name)).toEqual(['Club Atlético Ñandú']);
    expect((await search(service, 'premier')).leagues.map((l) => l.name)).toEqual(['Premier League']);

    await saveSquad(service.db, [
      {
        player: { source: 'fpl', externalId: 'search-1', name: 'Kylian Mbappe Renamed' },
        team: { name: 'Club Atlético Ñandú' },
        leagueId: 39,
        season: 2023,
        position: 'Attacker',
      },
    ]);
    expect((await search(service, 'renamed')).players.map((p) => p.name)).toEqual(['Kylian Mbappe Renamed']);
    expect((await search(service, 'mbappé')).players.map((p) => p.name)).toEqual(['Kylian Mbappe Renamed']);
  });

  it('finds a player by the name fans know him by and a club by its short name; the player fans see most comes first', async () => {
    const liverpool = { name: 'Liverpool' };
    const salah = {
      source: 'fpl' as const,
      externalId: 'search-4',
      name: 'Mohamed Salah',
      firstName: 'Mohamed',
      lastName: 'Salah',
      knownAs: 'M.Salah',
    };
    const member = (player: typeof salah | (typeof salah & { knownAs: string }), team: { name: string }) =>
      ({ player, team, leagueId: 39, season: 2024, position: 'Midfielder' }) as const;
    expect(
      (
        await saveSquad(service.db, [
          member(
            {
              ...salah,
              externalId: 'search-2',
              name: 'Carlos Henrique Casimiro',
              firstName: 'Carlos Henrique',
              lastName: 'Casimiro',
              knownAs: 'Casemiro',
            },
            { name: 'Man Utd' },
          ),
          member(
            {
              ...salah,
              externalId: 'search-3',
              name: "Salah-Eddine Oulad M'hand",
              firstName: 'Salah-Eddine',
              lastName: "Oulad M'hand",
              knownAs: "Oulad M'hand",
            },
            { name: 'Arsenal' },
          ),
          member(salah, liverpool),
        ])
      ).problems,
    ).toEqual([]);
    const casemiro = await search(service, 'casemiro');
    expect(casemiro.players.map((p) => [p.name, p.knownAs])).toEqual([['Carlos Henrique Casimiro', 'Casemiro']]);
    // "M.Salah" says nothing that Mohamed Salah does not: no known-as beside it
    expect((await search(service, 'mohamed')).players.map((p) => [p.name, p.knownAs])).toEqual([['Mohamed Salah', null]]);
    expect((await search(service, 'man utd')).teams.map((t) => t.name)).toEqual(['Manchester United']);
    // "FC" and the like, which one source writes and another does not, are no part of a club's name to search
    expect((await search(service, 'arsenal fc')).teams.map((t) => t.name)).toEqual(['Arsenal']);
    expect((await search(service, 'FC Liverpool')).teams.map((t) => t.name)).toEqual(['Liverpool']);
    // a club stored before its short names were searchable gets them when an import next meets it
    await service.db('search_terms').where({ kind: 'team' }).whereIn('term', ['man utd', 'utd']).delete();
    expect((await search(service, 'man utd')).teams).toEqual([]);
    await resolveTeam(service.db, { name: 'Manchester United' });
    expect((await search(service, 'man utd')).teams.map((t) => t.name)).toEqual(['Manchester United']);
    // neither has played: the name that starts with the query first
    expect((await search(service, 'salah')).players.map((p) => p.name)).toEqual(["Salah-Eddine Oulad M'hand", 'Mohamed Salah']);
    const kickoffAt = new Date('2024-09-01T15:00:00Z');
    const match = { source: 'results-csv' as const, externalId: 'search-match' };
    expect(
      (
        await saveMatches(service.db, [
          {
            ...match,
            leagueId: 39,
            season: 2024,
            kickoffAt,
            status: 'finished',
            stage: 'regular',
            round: 'Regular Season - 3',
            home: liverpool,
            away: { name: 'Arsenal' },
            goals: { home: 1, away: 0 },
            league: { name: 'Premier League', country: 'England', type: 'league' },
          },
        ])
      ).problems,
    ).toEqual([]);
    expect((await savePlayerMatches(service.db, [{ player: salah, team: liverpool, match, minutes: 90 }])).problems).toEqual([]);
    // Mohamed Salah has played, the other has not: fans mean him
    expect((await search(service, 'salah')).players.map((p) => p.name)).toEqual(['Mohamed Salah', "Salah-Eddine Oulad M'hand"]);
  });
});
