import type { PushAlert } from '@matchday/contracts';
import { createLogger, httpFootballClient, type FootballClient } from '@matchday/server';
import {
  startPushService,
  startService,
  TEST_SECRET,
  testDatabases,
  type PushServiceStandIn,
  type RunningService,
} from '@matchday/testing';
import type { ImportedMatch, ImportedMatchEvent } from '@matchday/football/src/importers/model';
import { saveMatches, saveMatchEvents } from '@matchday/football/src/importers/store';
import { football } from '@matchday/football/src/service';
import { accountsConfig } from '../src/config';
import { AlertSender } from '../src/modules/alerts/notifier';
import { endpointProblem } from '../src/modules/push/device';
import { createAccounts } from '../src/service';
import { callAs, signIn } from './helpers';

const MIN = 60_000;

/**
 * The alert sender does no work while nobody could be alerted: it reads nothing of the live feed while no match
 * followed by someone with a device is within its live window, and when one is, each feed page carries the
 * fixtures its changes are about (one call, no lookup per page or per event). Every call it makes to the football
 * service is counted.
 */
describe.each(testDatabases())('the alerts sender on %s', (_label, makeTarget) => {
  let footballService: RunningService;
  let service: RunningService;
  let push: PushServiceStandIn;
  let config: ReturnType<typeof accountsConfig>;
  const calls: string[] = [];
  const senders: AlertSender[] = [];
  const now = Date.now();
  const teams: Record<string, number> = {};
  let users = 0;

  const match = (id: string, home: string, away: string, kickoff: number, extra: Partial<ImportedMatch> = {}): ImportedMatch => ({
    source: 'results-csv',
    externalId: id,
    leagueId: 4_343,
    season: 2026,
    kickoffAt: new Date(kickoff),
    status: 'scheduled',
    stage: 'regular',
    home: { name: home, country: 'Sleepland' },
    away: { name: away, country: 'Sleepland' },
    goals: null,
    league: { name: 'Quiet League', country: 'Sleepland', type: 'league' },
    ...extra,
  });
  const goal = (id: string, key: string, score: { home: number; away: number }): ImportedMatchEvent => ({
    match: { source: 'results-csv', externalId: id },
    key,
    kind: 'goal',
    at: new Date(),
    side: 'home',
    minute: 20,
    scorer: 'Sam Sleeper',
    score,
  });
  const feedReads = () => calls.filter((path) => path.startsWith('/internal/live/feed'));
  const idLookups = () => calls.filter((path) => path.startsWith('/internal/lookup/fixtures?ids='));

  /** A fan following these teams, with `devices` push devices (subscribed through the API). */
  async function fan(teamNames: string[], devices = 1) {
    const user = await signIn(service, `sleeper${(users += 1)}@example.com`);
    for (const name of teamNames) {
      expect((await callAs(service, user.id, 'POST', '/api/user/follows', { kind: 'team', id: teams[name] })).status).toBe(201);
    }
    const endpoints: string[] = [];
    for (let i = 0; i < devices; i += 1) {
      const subscription = push.newSubscription();
      expect((await callAs(service, user.id, 'POST', '/api/push/subscriptions', subscription)).status).toBe(201);
      endpoints.push(subscription.endpoint);
    }
    return endpoints;
  }
  const sender = (kickOffEveryMs: number, clock: () => number = Date.now) => {
    const real = httpFootballClient(footballService.url, TEST_SECRET);
    const counting: FootballClient = {
      get: <T>(path: string) => {
        calls.push(path);
        return real.get<T>(path);
      },
      getText: (path) => real.getText(path),
    };
    const made = new AlertSender(service.db, {
      football: counting,
      vapid: config.vapid,
      logger: createLogger('alerts-sleep-test'),
      pollMs: 500,
      kickOffEveryMs,
      now: clock,
      pushCa: push.ca!,
      endpointProblem: (endpoint) => endpointProblem(endpoint, config),
    });
    senders.push(made);
    return made;
  };

  beforeAll(async () => {
    footballService = await startService(football, makeTarget('football'));
    const saved = await saveMatches(footballService.db, [
      match('next-week', 'Far United', 'Distant Town', now + 7 * 86_400_000),
      match('tonight', 'Later City', 'Evening Rovers', now + 5 * 3_600_000),
      match('unfollowed', 'Lonely Athletic', 'Empty Park', now - 20 * MIN, { status: 'live' }),
      match('followed', 'Awake FC', 'Alert Albion', now - 15 * MIN, { status: 'live' }),
      match('also-live', 'Second Wind', 'Night Owls', now - 5 * MIN, { status: 'live' }),
    ]);
    expect(saved.problems).toEqual([]);
    for (const row of (await footballService.db('teams').select('id', 'name')) as Array<{ id: number; name: string }>) {
      teams[row.name] = Number(row.id);
    }
    push = await startPushService();
    config = accountsConfig({
      FOOTBALL_URL: footballService.url,
      INTERNAL_JWT_SECRET: TEST_SECRET,
      ALERTS_POLL_MS: 0,
      PUSH_TEST_ORIGINS: push.origin,
    });
    service = await startService(createAccounts(config), makeTarget('accounts'));
  }, 120_000);
  // one sender at a time, as after a restart: each gives the leader's role up when its test ends
  afterEach(async () => {
    for (const made of senders.splice(0)) await made.close();
  });
  afterAll(async () => {
    await service?.close();
    await footballService?.close();
    await push?.close();
  });

  it('reads nothing of the live feed while no followed match is within its live window, then wakes for one', async () => {
    // followed, but days or hours away; live, but followed by nobody with a device
    await fan(['Far United', 'Later City']);
    const noDevice = await signIn(service, 'no-device@example.com');
    expect((await callAs(service, noDevice.id, 'POST', '/api/user/follows', { kind: 'team', id: teams['Lonely Athletic'] })).status).toBe(
      201,
    );
    const alerts = sender(0);
    calls.length = 0;
    for (let round = 0; round < 20; round += 1) await alerts.tick();
    await saveMatchEvents(footballService.db, [goal('unfollowed', 'goal:1', { home: 1, away: 0 })]);
    for (let round = 0; round < 5; round += 1) await alerts.tick();
    expect(feedReads()).toEqual([]);
    expect(push.received).toEqual([]);
    expect(alerts.reading).toBe(false);

    // someone with a device follows a team that is playing: the next look at the schedule wakes the sender
    const [phone] = await fan(['Awake FC']);
    await alerts.tick();
    expect(alerts.reading).toBe(true);
    expect(feedReads().length).toBeGreaterThan(0);
    await saveMatchEvents(footballService.db, [goal('followed', 'goal:1', { home: 1, away: 0 })]);
    await alerts.tick();
    expect(push.received.filter((m) => m.endpoint === phone).map((m) => (m.json as PushAlert).title)).toEqual([
      'Goal! Awake FC 1–0 Alert Albion',
    ]);
  });

  it('between two looks at the schedule a sleeping sender waits for the next one, not for the next poll', async () => {
    let clock = now + 30 * 86_400_000;
    const later = sender(30_000, () => clock);
    // a month on, nothing is within its window
    await later.tick();
    expect(later.reading).toBe(false);
    expect(later.nextRoundInMs()).toBe(30_000);
    clock += 10_000;
    expect(later.nextRoundInMs()).toBe(20_000);
    calls.length = 0;
    await later.tick();
    expect(calls).toEqual([]);
  });

  it("reads each feed page with its fixtures in one call: no lookup of the changes' fixtures", async () => {
    const [phone] = await fan(['Awake FC', 'Second Wind']);
    const alerts = sender(60_000);
    await alerts.tick();
    calls.length = 0;
    await saveMatchEvents(footballService.db, [
      goal('followed', 'goal:2', { home: 2, away: 0 }),
      goal('also-live', 'goal:1', { home: 1, away: 0 }),
      goal('followed', 'goal:3', { home: 3, away: 0 }),
    ]);
    await alerts.tick();
    expect(push.received.filter((m) => m.endpoint === phone).map((m) => (m.json as PushAlert).title)).toEqual([
      'Goal! Awake FC 2–0 Alert Albion',
      'Goal! Second Wind 1–0 Night Owls',
      'Goal! Awake FC 3–0 Alert Albion',
    ]);
    expect(feedReads()).toHaveLength(1);
    expect(feedReads()[0]).toMatch(/&fixtures=1&wait=500$/);
    expect(idLookups()).toEqual([]);
    expect(calls).toHaveLength(1);
    expect(alerts.reading).toBe(true);
    // one VAPID token for the push service, reused for every push to it (each one accepted by the stand-in's check)
    expect(alerts.vapidHeaders.signed).toBe(1);
  });
});
