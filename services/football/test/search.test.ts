import type { SearchResults } from '@matchday/contracts';
import { startService, testDatabases, type RunningService } from '@matchday/testing';
import { resolveTeam, saveSquad } from '../src/importers/store';
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
});
