import type { Fixture, League } from '@matchday/contracts';
import {
  dropMysqlDatabase,
  IDENTITY_HEADER,
  migrateLatest,
  openDatabase,
  signIdentity,
  systemClock,
  toDate,
  type DatabaseTarget,
  type Knex,
} from '@matchday/server';
import { startService, TEST_SECRET, testDatabases, type RunningService } from '@matchday/testing';
import { migrations } from '../src/db/migrations';
import { moveDemoToToday, seedDemo } from '../src/importers/demo/demo';
import { startOfZonedDay } from '../src/lib/time';
import { football } from '../src/service';

const DAY = 86_400_000;

function utcMidnight(date: Date, dayOffset = 0): number {
  return Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate() + dayOffset);
}

/** Epoch ms -> the 'YYYY-MM-DD HH:MM:SS' UTC form kick-offs are stored in. */
const sqlDateTime = (ms: number) => new Date(ms).toISOString().slice(0, 19).replace('T', ' ');

/** Every eventDate is a valid instant in [from, to). */
function expectAllWithin(fixtures: Fixture[], from: number, to: number): void {
  for (const fixture of fixtures) {
    const at = Date.parse(fixture.eventDate);
    expect(Number.isNaN(at)).toBe(false);
    expect(at).toBeGreaterThanOrEqual(from);
    expect(at).toBeLessThan(to);
  }
}

async function json<T>(response: Response, status = 200): Promise<T> {
  const text = await response.text();
  if (response.status !== status) throw new Error(`expected ${status}, got ${response.status}: ${text}`);
  expect(response.headers.get('content-type')).toMatch(/application\/json/);
  return JSON.parse(text) as T;
}

/** A fresh, migrated database outside the running service (closed and, on MySQL, dropped by the caller). */
async function freshDatabase(target: DatabaseTarget): Promise<{ db: Knex; close(): Promise<void> }> {
  const db = await openDatabase(target);
  await migrateLatest(db, migrations);
  return {
    db,
    async close() {
      await db.destroy();
      if (target.client === 'mysql') await dropMysqlDatabase(target.location);
    },
  };
}

describe.each(testDatabases())('football service on %s', (_label, makeTarget) => {
  let service: RunningService;
  // The day the tests run on; a run that crosses midnight UTC could see a different day (ignored).
  const now = new Date();
  const today = utcMidnight(now);

  beforeAll(async () => {
    service = await startService(football, makeTarget('football'), {
      seed: true,
    });
  });

  afterAll(async () => {
    await service?.close();
  });

  describe('GET /api/fixtures/filter', () => {
    it('?type=today returns a non-empty list of fixtures kicking off today (UTC)', async () => {
      const fixtures = await json<Fixture[]>(await service.request('/api/fixtures/filter?type=today'));
      expect(fixtures.length).toBeGreaterThan(0);
      expectAllWithin(fixtures, today, today + DAY);
    });

    it('?type=tomorrow returns only fixtures of tomorrow (UTC)', async () => {
      const fixtures = await json<Fixture[]>(await service.request('/api/fixtures/filter?type=tomorrow'));
      expect(fixtures.length).toBeGreaterThan(0);
      expectAllWithin(fixtures, today + DAY, today + 2 * DAY);
    });

    it('?type=week covers the next seven days and contains every fixture of today and tomorrow', async () => {
      const [week, todays, tomorrows] = await Promise.all(
        ['week', 'today', 'tomorrow'].map(async (type) => json<Fixture[]>(await service.request(`/api/fixtures/filter?type=${type}`))),
      );
      expectAllWithin(week!, today, today + 7 * DAY);
      const weekIds = new Set(week!.map((f) => f.id));
      const expected = [...todays!, ...tomorrows!].map((f) => f.id);
      expect(expected.length).toBeGreaterThan(0);
      for (const id of expected) expect(weekIds.has(id)).toBe(true);
      expect(week!.length).toBeGreaterThan(expected.length);
      // Sorted by kick-off
      const times = week!.map((f) => Date.parse(f.eventDate));
      expect(times).toEqual([...times].sort((a, b) => a - b));
    });

    it('?type=today&tz=Asia/Kolkata uses the local day of that zone', async () => {
      const from = startOfZonedDay(now, 'Asia/Kolkata', 0).getTime();
      const fixtures = await json<Fixture[]>(await service.request('/api/fixtures/filter?type=today&tz=Asia%2FKolkata'));
      expectAllWithin(fixtures, from, from + DAY);
      const [inWindow] = await service
        .db('fixtures')
        .where('kickoff_at', '>=', sqlDateTime(from))
        .andWhere('kickoff_at', '<', sqlDateTime(from + DAY))
        .count({ n: '*' });
      expect(fixtures.length).toBe(Number(inWindow?.n));
    });

    it('?type=today keeps a match still in play that kicked off before midnight, not one that has finished or began too long ago', async () => {
      // three of yesterday's fixtures, moved to just before today began: one in play, one finished, one in play since 5 h before
      const moved = (await service
        .db('fixtures')
        .where('kickoff_at', '<', sqlDateTime(today))
        .orderBy('kickoff_at', 'desc')
        .limit(3)) as Array<{
        id: number;
        kickoff_at: unknown;
        status: string;
      }>;
      const [inPlay, finished, tooOld] = moved;
      const at = (id: number, kickoff: number, status: string) =>
        service
          .db('fixtures')
          .where({ id })
          .update({ kickoff_at: sqlDateTime(kickoff), status });
      try {
        await at(inPlay!.id, today - 100 * 60_000, 'live');
        await at(finished!.id, today - 100 * 60_000, 'finished');
        await at(tooOld!.id, today - 5 * 60 * 60_000, 'live');
        const list = await json<Fixture[]>(await service.request('/api/fixtures/filter?type=today&tz=UTC'));
        const ids = list.map((fixture) => fixture.id);
        expect(ids[0]).toBe(inPlay!.id);
        expect(ids).not.toContain(finished!.id);
        expect(ids).not.toContain(tooOld!.id);
        expectAllWithin(list.slice(1), today, today + DAY);
        const page = await json<{ fixtures: Fixture[]; total: number }>(
          await service.request('/api/fixtures/filter?type=today&tz=UTC&limit=5'),
        );
        expect(page.fixtures[0]!.id).toBe(inPlay!.id);
        expect(page.total).toBe(list.length);
        // tomorrow and the week start at midnight: no carry-over there
        const week = await json<Fixture[]>(await service.request('/api/fixtures/filter?type=week&tz=UTC'));
        expect(week.map((fixture) => fixture.id)).not.toContain(inPlay!.id);
      } finally {
        for (const row of moved)
          await service.db('fixtures').where({ id: row.id }).update({ kickoff_at: row.kickoff_at, status: row.status });
      }
    });

    it('?leagueId=39 returns only Premier League fixtures from today on', async () => {
      const fixtures = await json<Fixture[]>(await service.request('/api/fixtures/filter?leagueId=39'));
      expect(fixtures.length).toBeGreaterThan(0);
      for (const fixture of fixtures) {
        expect(fixture.leagueId).toBe(39);
        expect(fixture.leagueName).toBe('Premier League');
        expect(Date.parse(fixture.eventDate)).toBeGreaterThanOrEqual(today);
      }
      // The seed also has past Premier League rounds: they must have been left out.
      const [past] = await service
        .db('fixtures')
        .where({ league_id: 39 })
        .andWhere('kickoff_at', '<', sqlDateTime(today))
        .count({ n: '*' });
      expect(Number(past?.n)).toBeGreaterThan(0);
    });

    it('fixtures carry the field names of the spec', async () => {
      const [fixture] = await json<Fixture[]>(await service.request('/api/fixtures/filter?type=week'));
      expect(fixture).toBeDefined();
      const keys = Object.keys(fixture!);
      expect(keys).toEqual(
        expect.arrayContaining([
          'id',
          'homeTeam',
          'awayTeam',
          'homeTeamId',
          'awayTeamId',
          'homeTeamLogo',
          'awayTeamLogo',
          'leagueId',
          'leagueName',
          'leagueColor',
          'season',
          'eventDate',
          'venue',
        ]),
      );
      expect(typeof fixture!.id).toBe('number');
      expect(typeof fixture!.homeTeam).toBe('string');
      expect(typeof fixture!.homeTeamId).toBe('number');
      expect(typeof fixture!.leagueId).toBe('number');
      expect(typeof fixture!.season).toBe('number');
      expect(fixture!.eventDate).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
      expect(fixture!.homeTeam).not.toBe(fixture!.awayTeam);
    });

    it.each([
      ['type=bogus', 'type'],
      ['leagueId=abc', 'leagueId'],
      ['tz=Not%2FAZone', 'tz'],
      ['type=today&leagueId=39', 'type'],
    ])('?%s -> 400 naming %s', async (query, parameter) => {
      const body = await json<{ message: string }>(await service.request(`/api/fixtures/filter?${query}`), 400);
      expect(typeof body.message).toBe('string');
      expect(body.message.startsWith(`${parameter}:`)).toBe(true);
    });
  });

  describe('GET /api/fixtures', () => {
    it('lists fixtures from today on, optionally by team name', async () => {
      const all = await json<Fixture[]>(await service.request('/api/fixtures'));
      expect(all.length).toBeGreaterThan(0);
      for (const fixture of all) expect(Date.parse(fixture.eventDate)).toBeGreaterThanOrEqual(today);
      const team = all[0]!.homeTeam;
      const byTeam = await json<Fixture[]>(await service.request(`/api/fixtures?team=${encodeURIComponent(team.toUpperCase())}`));
      expect(byTeam.length).toBeGreaterThan(0);
      for (const fixture of byTeam) expect([fixture.homeTeam, fixture.awayTeam]).toContain(team);
      expect(byTeam.length).toBeLessThan(all.length);
    });

    it('?team= matches part of a name, and treats LIKE wildcards literally', async () => {
      const partial = await json<Fixture[]>(await service.request('/api/fixtures?team=mariners'));
      expect(partial.length).toBeGreaterThan(0);
      for (const fixture of partial) expect([fixture.homeTeam, fixture.awayTeam]).toContain('Mumbai Mariners');
      for (const wildcard of ['%25', '_', '!', '%5C', 'a%25s', 'Mumbai_Mariners']) {
        const fixtures = await json<Fixture[]>(await service.request(`/api/fixtures?team=${wildcard}`));
        expect(fixtures).toEqual([]);
      }
    });
  });

  describe('GET /api/leagues', () => {
    it('returns the three demo leagues with the spec field names', async () => {
      const leagues = await json<League[]>(await service.request('/api/leagues'));
      expect(leagues.map((l) => l.id).sort((a, b) => a - b)).toEqual([2, 39, 323]);
      for (const league of leagues) {
        expect(Object.keys(league)).toEqual(expect.arrayContaining(['id', 'name', 'displayName', 'country']));
        expect(typeof league.name).toBe('string');
        expect(typeof league.displayName).toBe('string');
        expect(typeof league.country).toBe('string');
      }
      const premier = leagues.find((l) => l.id === 39);
      expect(premier).toMatchObject({
        name: 'Premier League',
        displayName: 'Premier League',
        country: 'England',
      });
      expect(leagues.find((l) => l.id === 323)?.country).toBe('India');
    });
  });

  describe('gateway identity', () => {
    it('refuses a request without the identity header', async () => {
      const response = await fetch(`${service.url}/api/fixtures/filter?type=today`);
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual({ message: expect.any(String) });
    });

    it('refuses a token signed with another secret', async () => {
      const forged = await signIdentity(
        { scope: 'user', isAdmin: true, userId: 1 },
        'another-secret-0123456789abcdef-0123456789',
        'football',
      );
      const response = await fetch(`${service.url}/api/leagues`, {
        headers: { [IDENTITY_HEADER]: forged },
      });
      expect(response.status).toBe(401);
      expect(((await response.json()) as { message: string }).message).toMatch(/identity/i);
    });

    it('refuses a token meant for another service and a malformed token', async () => {
      const otherAudience = await signIdentity({ scope: 'user', isAdmin: false, userId: 1 }, TEST_SECRET, 'accounts');
      for (const token of [otherAudience, 'not-a-jwt']) {
        const response = await fetch(`${service.url}/api/leagues`, {
          headers: { [IDENTITY_HEADER]: token },
        });
        expect(response.status).toBe(401);
      }
    });

    it('answers health probes without an identity', async () => {
      expect((await fetch(`${service.url}/healthz`)).status).toBe(200);
      expect((await fetch(`${service.url}/readyz`)).status).toBe(200);
    });
  });

  describe('demo seed', () => {
    it('seeding twice is a no-op', async () => {
      const [before] = await service.db('fixtures').count({ n: '*' });
      expect(Number(before?.n)).toBeGreaterThan(0);
      await expect(football.seedIfEmpty!(service.db, systemClock)).resolves.toBe('skipped');
      await expect(seedDemo(service.db)).resolves.toBe('skipped');
      const [after] = await service.db('fixtures').count({ n: '*' });
      expect(Number(after?.n)).toBe(Number(before?.n));
      const [leagues] = await service.db('leagues').count({ n: '*' });
      expect(Number(leagues?.n)).toBe(3);
    });

    it('never seeds over a non-empty (e.g. imported) database', async () => {
      const withLeague = await freshDatabase(makeTarget('football'));
      try {
        await withLeague.db('leagues').insert({
          id: 140,
          name: 'La Liga',
          display_name: 'La Liga',
          country: 'Spain',
          type: 'league',
          current_season: 2026,
        });
        await expect(seedDemo(withLeague.db)).resolves.toBe('skipped');
        const [fixtures] = await withLeague.db('fixtures').count({ n: '*' });
        expect(Number(fixtures?.n)).toBe(0);
        expect((await withLeague.db('leagues').select('id')).map((r: { id: number }) => r.id)).toEqual([140]);
      } finally {
        await withLeague.close();
      }

      const withMeta = await freshDatabase(makeTarget('football'));
      try {
        await withMeta.db('dataset_meta').insert({ key: 'source', value: 'import' });
        await expect(seedDemo(withMeta.db)).resolves.toBe('skipped');
        const [leagues] = await withMeta.db('leagues').count({ n: '*' });
        expect(Number(leagues?.n)).toBe(0);
        // Not demo data: moving to today does nothing
        await expect(moveDemoToToday(withMeta.db, new Date(Date.now() + 5 * DAY))).resolves.toBe(0);
      } finally {
        await withMeta.close();
      }
    });

    it('moveDemoToToday(db, tomorrow) shifts every kick-off by exactly one day', async () => {
      const fresh = await freshDatabase(makeTarget('football'));
      try {
        const seededOn = new Date();
        await expect(seedDemo(fresh.db, seededOn)).resolves.toBe('seeded');
        const read = async () =>
          new Map(
            (await fresh.db('fixtures').select('id', 'kickoff_at')).map((r: { id: number; kickoff_at: unknown }) => [
              Number(r.id),
              toDate(r.kickoff_at)!.getTime(),
            ]),
          );
        const before = await read();
        expect(before.size).toBeGreaterThan(100);

        // Same day: nothing to do
        await expect(moveDemoToToday(fresh.db, seededOn)).resolves.toBe(0);
        expect(await read()).toEqual(before);

        const tomorrow = new Date(seededOn.getTime() + DAY);
        await expect(moveDemoToToday(fresh.db, tomorrow)).resolves.toBe(1);
        const after = await read();
        expect(after.size).toBe(before.size);
        for (const [id, at] of before) expect(after.get(id)).toBe(at + DAY);
        const anchor = await fresh.db('dataset_meta').where({ key: 'anchor_date' }).first();
        expect(anchor?.value).toBe(tomorrow.toISOString().slice(0, 10));

        // Applied once: calling again on the same day is a no-op
        await expect(moveDemoToToday(fresh.db, tomorrow)).resolves.toBe(0);
        expect(await read()).toEqual(after);
      } finally {
        await fresh.close();
      }
    });
  });
});

describe('startOfZonedDay', () => {
  it('Asia/Kolkata (UTC+05:30): local midnight as a UTC instant', () => {
    // 20:00Z on 10 March is 01:30 on 11 March in India
    expect(startOfZonedDay(new Date('2026-03-10T20:00:00Z'), 'Asia/Kolkata', 0).toISOString()).toBe('2026-03-10T18:30:00.000Z');
    expect(startOfZonedDay(new Date('2026-03-10T20:00:00Z'), 'Asia/Kolkata', 1).toISOString()).toBe('2026-03-11T18:30:00.000Z');
    // 10:00Z on 10 March is 15:30 on 10 March in India
    expect(startOfZonedDay(new Date('2026-03-10T10:00:00Z'), 'Asia/Kolkata', 0).toISOString()).toBe('2026-03-09T18:30:00.000Z');
    expect(startOfZonedDay(new Date('2026-03-10T18:29:59.999Z'), 'Asia/Kolkata', 0).toISOString()).toBe('2026-03-09T18:30:00.000Z');
    expect(startOfZonedDay(new Date('2026-03-10T18:30:00.000Z'), 'Asia/Kolkata', 0).toISOString()).toBe('2026-03-10T18:30:00.000Z');
  });

  it('UTC: plain UTC midnight, with day offsets across month and year ends', () => {
    expect(startOfZonedDay(new Date('2026-03-10T23:59:59.999Z'), 'UTC', 0).toISOString()).toBe('2026-03-10T00:00:00.000Z');
    expect(startOfZonedDay(new Date('2026-03-10T00:00:00.000Z'), 'UTC', 0).toISOString()).toBe('2026-03-10T00:00:00.000Z');
    expect(startOfZonedDay(new Date('2026-03-10T12:34:56.789Z'), 'UTC', 7).toISOString()).toBe('2026-03-17T00:00:00.000Z');
    expect(startOfZonedDay(new Date('2026-12-31T15:00:00Z'), 'UTC', 1).toISOString()).toBe('2027-01-01T00:00:00.000Z');
  });

  it('a zone with daylight saving time uses the offset in force at that midnight', () => {
    // Europe/London moves to BST (UTC+1) at 01:00Z on 29 March 2026
    expect(startOfZonedDay(new Date('2026-03-29T12:00:00Z'), 'Europe/London', 0).toISOString()).toBe('2026-03-29T00:00:00.000Z');
    expect(startOfZonedDay(new Date('2026-03-29T12:00:00Z'), 'Europe/London', 1).toISOString()).toBe('2026-03-29T23:00:00.000Z');
  });
});
