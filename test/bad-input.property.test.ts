import fc from 'fast-check';
import type { Identity, ServiceDefinition } from '@matchday/server';
import { API_WRITES, isApiWrite } from '@matchday/contracts';
import { startService, TEST_SECRET, testDatabases, type RunningService } from '@matchday/testing';
import { API_ROUTES, matchApiRoute } from '@matchday/api-gateway/src/proxy/route-table';
import { accountsConfig } from '@matchday/accounts/src/config';
import { accounts, createAccounts } from '@matchday/accounts/src/service';
import { football } from '@matchday/football/src/service';
import { insightsOptions } from '@matchday/insights/src/config';
import { createInsights, insights } from '@matchday/insights/src/service';
import {
  canonical,
  describeDiff,
  diff,
  digest,
  endpointsOf,
  judge,
  probeArb,
  ready,
  RUNS,
  send,
  snapshot,
  summary,
  tally,
  TIMEOUT_MS,
  type Reply,
  type Row,
  type TableDiff,
} from './support/bad-input';

/**
 * Property-based requests against every endpoint of the services behind the gateway's
 * route table, called in-process with a valid identity: wrong types, huge numbers, unicode, arrays (repeated
 * and bracket keys), empty and long strings, malformed percent-encoding, malformed JSON, oversized bodies and
 * request encodings (Content-Encoding) the body does not have. Slow bodies are the gateway's to refuse:
 * api-gateway/test/request-body.property.test.ts.
 * Never a 500 (every error is `{message}`), the service stays up, and every table holds the same rows before
 * and after, except the rows a successful call of that endpoint is meant to change.
 *
 * PROPERTY_RUNS (default 25) runs per endpoint; a failure prints fast-check's seed and path to replay it. The
 * requests, the snapshots and the judging: support/bad-input.ts.
 */

describe.each(testDatabases())('bad input never breaks a service on %s', (label, makeTarget) => {
  const client = label === 'mysql' ? 'mysql' : 'sqlite';
  let footballService: RunningService;
  let accountsService: RunningService;
  let insightsService: RunningService;

  beforeAll(async () => {
    footballService = await startService(football, makeTarget('football'), { seed: true });
    // accounts checks follow ids against football (the alert sender stays off: it would write on its own)
    accountsService = await startService(
      createAccounts(accountsConfig({ FOOTBALL_URL: footballService.url, INTERNAL_JWT_SECRET: TEST_SECRET, ALERTS_POLL_MS: 0 })),
      makeTarget('accounts'),
    );
    // insights reads football over HTTP: point it at the football service started here
    insightsService = await startService(
      // without the backfill, which goes on storing tips after start (modules/tips/backfill.ts has its own tests)
      createInsights(insightsOptions({ FOOTBALL_URL: footballService.url, INTERNAL_JWT_SECRET: TEST_SECRET, TIPS_BACKFILL: 'off' })),
      makeTarget('insights'),
    );
  }, 120_000);

  afterAll(async () => {
    await insightsService?.close();
    await accountsService?.close();
    await footballService?.close();
  });

  it('covers every prefix of the gateway route table', () => {
    const paths = [football, accounts, insights].flatMap((definition) => endpointsOf(definition, footballService.db).map((e) => e.path));
    const uncovered = API_ROUTES.filter((route) => !paths.some((path) => matchApiRoute(path) === route)).map((route) => route.prefix);
    expect(uncovered).toEqual([]);
  });

  it('the gateway lets through exactly the write methods the services take (contracts API_WRITES)', () => {
    const writes = [football, accounts, insights]
      .flatMap((definition) => endpointsOf(definition, footballService.db))
      .filter((e) => e.method !== 'GET' && matchApiRoute(e.path))
      .map((e) => `${e.method} ${e.path}`)
      .sort();
    expect(writes.length).toBeGreaterThanOrEqual(3);
    for (const write of writes) expect([write, isApiWrite(write.split(' ')[0]!, write.split(' ')[1]!)]).toEqual([write, true]);
    // every entry of the table is served by a service or by the gateway itself (its admin endpoints)
    const servedHere = API_WRITES.filter((w) => !w.path.startsWith('/api/admin/'))
      .map((w) => `${w.method} ${w.path}`)
      .sort();
    expect(servedHere).toEqual(writes);
    // and a read path never takes a body at the gateway
    for (const e of [football, insights].flatMap((definition) => endpointsOf(definition, footballService.db))) {
      if (matchApiRoute(e.path)) expect([e.path, isApiWrite('POST', e.path)]).toEqual([e.path, false]);
    }
  });

  it('sends every endpoint under a prefix to the service that serves it', () => {
    const services = [football, accounts, insights];
    const misrouted = services.flatMap((definition) =>
      endpointsOf(definition, footballService.db)
        .filter((e) => (matchApiRoute(e.path)?.service ?? definition.name) !== definition.name)
        .map((e) => `${definition.name} ${e.path}`),
    );
    expect(misrouted).toEqual([]);
  });

  it('answers a method a path does not take with 405, its Allow header and a JSON message, on every service', async () => {
    const running: Array<[ServiceDefinition, RunningService]> = [
      [football, footballService],
      [accounts, accountsService],
      [insights, insightsService],
    ];
    let probed = 0;
    for (const [definition, service] of running) {
      const endpoints = endpointsOf(definition, service.db).filter((e) => !e.path.includes(':'));
      const methodsOf = (path: string) => new Set(endpoints.filter((e) => e.path === path).map((e) => e.method));
      for (const path of new Set(endpoints.map((e) => e.path))) {
        const taken = methodsOf(path);
        const other = (['GET', 'POST', 'DELETE'] as const).find((method) => !taken.has(method));
        if (!other) continue;
        const reply = await service.request(path, { method: other, identity: { scope: 'user', userId: 1 } });
        expect([path, other, reply.status, reply.headers.get('content-type')]).toEqual([
          path,
          other,
          405,
          expect.stringContaining('application/json'),
        ]);
        expect(reply.headers.get('allow')).toContain([...taken][0]);
        expect(await reply.json()).toEqual({ message: `${other} is not allowed on ${path}` });
        probed += 1;
      }
    }
    expect(probed).toBeGreaterThanOrEqual(10);
  });

  it(
    `football: every read endpoint, ${RUNS} runs each; never a 500, every table unchanged`,
    async () => {
      tally.clear();
      const db = footballService.db;
      const fixture = (await db('fixtures').where('status', 'finished').orderBy('id').first()) as Row;
      const player = (await db('players').orderBy('id').first('id')) as Row;
      const [leagueId, season, home, away, fixtureId, playerId] = [
        fixture.league_id,
        fixture.season,
        fixture.home_team_id,
        fixture.away_team_id,
        fixture.id,
        player.id,
      ].map(String) as [string, string, string, string, string, string];
      const ids = [leagueId, season, home, away, fixtureId, playerId, '1'];
      const validQueries: Record<string, Array<[string, string]>> = {
        '/api/fixtures': [['tz', 'UTC']],
        '/api/fixtures/filter': [
          ['leagueId', leagueId],
          ['season', season],
        ],
        '/api/players': [
          ['teamId', home],
          ['leagueId', leagueId],
          ['season', season],
        ],
        '/api/player-stats/league': [
          ['playerId', playerId],
          ['leagueId', leagueId],
          ['season', season],
        ],
        '/api/player-stats/fixtures': [
          ['playerId', playerId],
          ['limit', '5'],
        ],
        '/api/standings': [
          ['leagueId', leagueId],
          ['season', season],
        ],
        '/api/h2h': [
          ['homeTeamId', home],
          ['awayTeamId', away],
        ],
        '/api/team-stats': [
          ['teamId', home],
          ['leagueId', leagueId],
          ['season', season],
        ],
        '/api/search': [['q', 'united']],
        '/internal/model-feed/matches': [
          ['leagueId', leagueId],
          ['from', '2020-01-01'],
        ],
        '/internal/model-feed/fixtures': [['ids', `${fixtureId},1`]],
        '/internal/live/feed': [
          ['after', '0'],
          ['limit', '50'],
        ],
        '/internal/model-feed/squads': [
          ['fixtureId', fixtureId],
          ['recent', '3'],
        ],
      };
      // what the gateway routes, and the internal reads the insights service makes
      const endpoints = endpointsOf(football, db).filter((e) => matchApiRoute(e.path) || e.path.startsWith('/internal/'));
      expect(endpoints.length).toBeGreaterThanOrEqual(14);
      const before = await snapshot(db, client);
      for (const endpoint of endpoints) {
        await fc.assert(
          fc.asyncProperty(probeArb(endpoint, { query: validQueries[endpoint.path] ?? [], bodies: [] }, ids), async (probe) => {
            const identity: Partial<Identity> = endpoint.path.startsWith('/internal/')
              ? { scope: 'internal', userId: undefined }
              : { scope: 'user', userId: 1 };
            judge(endpoint, probe, await send(footballService, endpoint, probe, identity));
          }),
          { numRuns: RUNS },
        );
      }
      const after = await snapshot(db, client);
      expect(describeDiff(diff(before, after))).toBe('');
      expect(digest(after)).toBe(digest(before));
      expect(await ready(footballService.url)).toBe(200);
      process.stdout.write(summary(`football on ${label}`, endpoints));
    },
    TIMEOUT_MS,
  );

  it(
    `insights: every endpoint, ${RUNS} runs each; never a 500, every table unchanged`,
    async () => {
      tally.clear();
      const db = insightsService.db;
      const endpoints = endpointsOf(insights, db).filter((e) => matchApiRoute(e.path));
      expect(endpoints.length).toBeGreaterThanOrEqual(1);
      // The tips job stored the published window's tips at start; a read stores nothing, so from here nothing may change.
      for (const endpoint of endpoints) {
        if (!endpoint.path.includes(':')) await (await insightsService.request(endpoint.path)).text();
      }
      const before = await snapshot(db, client);
      for (const endpoint of endpoints) {
        await fc.assert(
          fc.asyncProperty(probeArb(endpoint, { query: [], bodies: [] }, ['39', '2025', '1']), async (probe) => {
            judge(endpoint, probe, await send(insightsService, endpoint, probe, { scope: 'user', userId: 1 }));
          }),
          { numRuns: RUNS },
        );
      }
      expect(describeDiff(diff(before, await snapshot(db, client)))).toBe('');
      expect(await ready(insightsService.url)).toBe(200);
      process.stdout.write(summary(`insights on ${label}`, endpoints));
    },
    TIMEOUT_MS,
  );

  it(
    `accounts: every endpoint, ${RUNS} runs each; never a 500, only the rows a successful call is meant to change`,
    async () => {
      tally.clear();
      const service = accountsService;
      const db = service.db;
      let seq = 0;
      const signIn = async (email: string) => {
        const response = await service.request('/internal/sign-in', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email, firstName: 'Prop', lastName: 'Erty', profileImageUrl: null, loginMethod: 'google' }),
          identity: { scope: 'internal', userId: undefined },
        });
        expect(response.status).toBe(200);
        return (await response.json()) as { id: number; email: string; referralCode: string };
      };
      const referrer = await signIn('referrer@example.com');
      const teamId = Number(((await footballService.db('teams').orderBy('id').first('id')) as Row).id);
      const leagueId = Number(((await footballService.db('leagues').orderBy('id').first('id')) as Row).id);
      const ids = ['1', String(referrer.id), referrer.referralCode, referrer.referralCode.toLowerCase()];
      const validBodies: Record<string, unknown[]> = {
        '/internal/sign-in': [
          { email: 'someone@example.com', firstName: 'A', lastName: null, profileImageUrl: null, loginMethod: 'google' },
          {
            email: 'referrer@example.com',
            firstName: 'B',
            lastName: 'C',
            profileImageUrl: 'https://example.com/p.png',
            loginMethod: 'other',
          },
        ],
        '/api/user/preferences': [
          { theme: 'dark' },
          { theme: 'light' },
          { spoilerFree: true, alerts: { goal: false } },
          { quietHours: null },
        ],
        '/api/user/follows': [
          { kind: 'team', id: teamId },
          { kind: 'league', id: leagueId },
        ],
        '/api/push/subscriptions': [
          {
            endpoint: 'https://fcm.googleapis.com/fcm/send/property-test',
            keys: { p256dh: Buffer.alloc(65, 4).toString('base64url'), auth: Buffer.alloc(16, 7).toString('base64url') },
          },
          { endpoint: 'https://fcm.googleapis.com/fcm/send/property-test' },
        ],
        '/api/referral/apply': [{ referralCode: referrer.referralCode }, { referralCode: ` ${referrer.referralCode.toLowerCase()} ` }],
        '/api/auth/delete-account': [{}],
      };

      /** The preference columns of users (POST /api/user/preferences changes only these). */
      const PREFERENCE_COLUMNS = [
        'theme',
        'spoiler_free',
        'spoiler_scope',
        'alert_prefs',
        'quiet_start',
        'quiet_end',
        'time_zone',
        'follow_prompt_dismissed',
      ];
      /** The columns that point at a person and become NULL when that account is deleted. */
      const PERSON_COLUMNS = ['user_id', 'referrer_id', 'referred_id'];
      /** Which changes a 2xx reply of each state-changing endpoint may make; anything else is a failure. */
      const only = (table: string, changes: Map<string, TableDiff>, ok: (d: TableDiff) => boolean) => {
        const d = changes.get(table);
        changes.delete(table);
        return !d || ok(d);
      };
      const sameExcept = (a: Row, b: Row, columns: string[]) => {
        const strip = (row: Row) => canonical(Object.fromEntries(Object.entries(row).filter(([k]) => !columns.includes(k))));
        return strip(a) === strip(b);
      };
      const allowed: Record<string, (changes: Map<string, TableDiff>, actor: number, reply: Reply) => boolean> = {
        'POST /internal/sign-in': (changes, _actor, reply) => {
          const id = (reply.body as { id: number }).id;
          return (
            only('users', changes, (d) => d.added.length === 1 && d.added[0]!.id === id && d.removed.every((r) => r.id === id)) &&
            only('login_events', changes, (d) => d.removed.length === 0 && d.added.length === 1 && d.added[0]!.user_id === id)
          );
        },
        'POST /api/user/preferences': (changes, actor) =>
          only(
            'users',
            changes,
            (d) =>
              d.added.length === 1 &&
              d.removed.length === 1 &&
              d.added[0]!.id === actor &&
              sameExcept(d.added[0]!, d.removed[0]!, PREFERENCE_COLUMNS),
          ),
        // the personal calendar's token is made on first ask, and rotated
        'GET /api/user/calendar': (changes, actor) =>
          only(
            'users',
            changes,
            (d) => d.added.length === 1 && d.added[0]!.id === actor && sameExcept(d.added[0]!, d.removed[0]!, ['calendar_token']),
          ),
        'POST /api/user/calendar/rotate': (changes, actor) =>
          only(
            'users',
            changes,
            (d) => d.added.length === 1 && d.added[0]!.id === actor && sameExcept(d.added[0]!, d.removed[0]!, ['calendar_token']),
          ),
        'POST /api/user/follows': (changes, actor) =>
          only('follows', changes, (d) => d.removed.length === 0 && d.added.length <= 1 && d.added.every((r) => r.user_id === actor)),
        'DELETE /api/user/follows/:kind/:id': (changes, actor) =>
          only('follows', changes, (d) => d.added.length === 0 && d.removed.every((r) => r.user_id === actor)),
        // a browser subscribed before (by anyone) moves to the caller; a caller past 10 devices loses their oldest
        'POST /api/push/subscriptions': (changes, actor) =>
          only(
            'push_subscriptions',
            changes,
            (d) =>
              d.added.every((r) => r.user_id === actor) &&
              d.removed.every((r) => r.user_id === actor || d.added.some((a) => a.id === r.id)),
          ),
        'DELETE /api/push/subscriptions': (changes, actor) =>
          only('push_subscriptions', changes, (d) => d.added.length === 0 && d.removed.every((r) => r.user_id === actor)),
        'POST /api/referral/apply': (changes, actor) =>
          only('users', changes, (d) => {
            const pairs = d.added.map((a) => [a, d.removed.find((r) => r.id === a.id)] as const);
            return (
              d.added.length === 2 &&
              d.removed.length === 2 &&
              pairs.every(([a, r]) => r && [actor, referrer.id].includes(Number(a.id)) && sameExcept(a, r, ['free_access_until']))
            );
          }) &&
          only('referrals', changes, (d) => d.removed.length === 0 && d.added.length === 1 && d.added[0]!.referred_id === actor) &&
          only('referred_emails', changes, (d) => d.removed.length === 0 && d.added.length === 1),
        'DELETE /api/auth/delete-account': (changes, actor) =>
          only('users', changes, (d) => d.added.length === 0 && d.removed.length === 1 && d.removed[0]!.id === actor) &&
          ['follows', 'push_subscriptions'].every((table) =>
            only(table, changes, (d) => d.added.length === 0 && d.removed.every((r) => r.user_id === actor)),
          ) &&
          ['referrals', 'login_events'].every((table) =>
            only(table, changes, (d) => {
              const forget = (row: Row) =>
                canonical(
                  Object.fromEntries(Object.entries(row).map(([k, v]) => [k, PERSON_COLUMNS.includes(k) && v === actor ? null : v])),
                );
              return d.removed.length === d.added.length && d.removed.map(forget).sort().join() === d.added.map(canonical).sort().join();
            }),
          ),
      };

      const endpoints = endpointsOf(accounts, db).filter((e) => matchApiRoute(e.path) || e.path === '/internal/sign-in');
      expect(endpoints.map((e) => `${e.method} ${e.path}`).sort()).toEqual(
        expect.arrayContaining([
          'POST /internal/sign-in',
          'POST /api/referral/apply',
          'POST /api/user/preferences',
          'DELETE /api/auth/delete-account',
        ]),
      );
      for (const endpoint of endpoints) {
        const key = `${endpoint.method} ${endpoint.path}`;
        const internal = endpoint.path.startsWith('/internal/');
        await fc.assert(
          fc.asyncProperty(probeArb(endpoint, { query: [], bodies: validBodies[endpoint.path] ?? [] }, ids), async (probe) => {
            const actor = internal ? undefined : (await signIn(`actor${(seq += 1)}@example.com`)).id;
            const identity: Partial<Identity> = internal
              ? { scope: 'internal', userId: undefined }
              : { scope: 'user', userId: actor, isAdmin: endpoint.path.startsWith('/api/admin') };
            const before = await snapshot(db, client);
            const reply = await send(service, endpoint, probe, identity);
            judge(endpoint, probe, reply);
            const changes = diff(before, await snapshot(db, client));
            const rule = allowed[key];
            const ok = reply.status < 300 && rule ? rule(changes, actor ?? 0, reply) && changes.size === 0 : changes.size === 0;
            if (!ok)
              throw new Error(
                `${key} ?${probe.query} ${probe.body?.text.slice(0, 200) ?? ''} -> ${reply.status}, changed:\n${describeDiff(diff(before, await snapshot(db, client)))}`,
              );
          }),
          { numRuns: RUNS },
        );
      }
      expect(await ready(service.url)).toBe(200);
      process.stdout.write(summary(`accounts on ${label}`, endpoints));
    },
    TIMEOUT_MS,
  );
});
