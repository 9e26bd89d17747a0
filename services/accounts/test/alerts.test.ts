import type { PushAlert, UserPreferencesUpdate } from '@matchday/contracts';
import { createLogger, httpFootballClient } from '@matchday/server';
import {
  startPushService,
  startService,
  TEST_SECRET,
  testDatabases,
  type PushServiceStandIn,
  type RunningService,
} from '@matchday/testing';
import { saveLineups, saveMatches, saveMatchEvents } from '@matchday/football/src/importers/store';
import type { ImportedMatch, ImportedMatchEvent } from '@matchday/football/src/importers/model';
import { football } from '@matchday/football/src/service';
import { accountsConfig } from '../src/config';
import { AlertSender, type DeliveryOutcome } from '../src/modules/alerts/notifier';
import { endpointProblem } from '../src/modules/push/device';
import { endpointHash } from '../src/modules/push/repository';
import { createAccounts } from '../src/service';
import { callAs, json, signIn } from './helpers';

const MIN = 60_000;

/**
 * The alert sender against a stand-in push service that speaks the real protocol (VAPID JWT checked, aes128gcm
 * payload decrypted with the subscription's keys, Topic and TTL as a push service keeps them): what a phone would
 * display, for events written through the football service's store as the live feed writes them.
 */
describe.each(testDatabases())('goal alerts on %s', (_label, makeTarget) => {
  let footballService: RunningService;
  let service: RunningService;
  let push: PushServiceStandIn;
  let sender: AlertSender;
  let clock = Date.now();
  const now = Date.now();
  const teams: Record<string, number> = {};
  const fixtures: Record<string, number> = {};
  let users = 0;
  const outcomes: DeliveryOutcome[] = [];

  const team = (name: string) => ({ name, country: 'Testland' });
  const match = (id: string, home: string, away: string, kickoff: number, extra: Partial<ImportedMatch> = {}): ImportedMatch => ({
    source: 'results-csv',
    externalId: id,
    leagueId: 4_242,
    season: 2026,
    kickoffAt: new Date(kickoff),
    status: 'scheduled',
    stage: 'regular',
    round: 'Regular Season - 9',
    home: team(home),
    away: team(away),
    goals: null,
    venue: { name: 'Test Park', city: 'Testville' },
    league: { name: 'Alert League', country: 'Testland', type: 'league' },
    ...extra,
  });
  const event = (id: string, key: string, extra: Partial<ImportedMatchEvent>): ImportedMatchEvent => ({
    match: { source: 'results-csv', externalId: id },
    key,
    kind: 'goal',
    at: new Date(clock),
    ...extra,
  });
  const store = async (...events: ImportedMatchEvent[]) => {
    expect((await saveMatchEvents(footballService.db, events)).problems).toEqual([]);
  };

  /** A signed-in fan with these follows, preferences and devices (subscribed through the API like a browser). */
  async function fan(follow: Array<['team' | 'league', number]>, prefs: UserPreferencesUpdate = {}, devices = 1) {
    const user = await signIn(service, `alerts${(users += 1)}@example.com`);
    for (const [kind, id] of follow) expect((await callAs(service, user.id, 'POST', '/api/user/follows', { kind, id })).status).toBe(201);
    if (Object.keys(prefs).length > 0) await json(await callAs(service, user.id, 'POST', '/api/user/preferences', prefs));
    const subscriptions = Array.from({ length: devices }, () => push.newSubscription());
    for (const subscription of subscriptions) {
      expect((await callAs(service, user.id, 'POST', '/api/push/subscriptions', subscription)).status).toBe(201);
    }
    return { user, devices: subscriptions.map((s) => s.endpoint) };
  }
  const alertsOf = (endpoint: string) => push.received.filter((m) => m.endpoint === endpoint).map((m) => m.json as PushAlert);
  /** Alerts of match events (the kick-off reminders of the fixture starting soon go to some of these fans too). */
  const eventAlertsOf = (endpoint: string) => alertsOf(endpoint).filter((a) => a.kind !== 'kick-off');
  const eventMessages = () => push.received.filter((m) => (m.json as PushAlert).kind !== 'kick-off');

  beforeAll(async () => {
    footballService = await startService(football, makeTarget('football'));
    expect(
      (
        await saveMatches(footballService.db, [
          match('live', 'Alpha Town', 'Beta City', now - 10 * MIN, { status: 'live' }),
          match('soon', 'Gamma United', 'Delta Rovers', now + 20 * MIN),
          match('later', 'Alpha Town', 'Gamma United', now + 3 * 86_400_000),
        ])
      ).problems,
    ).toEqual([]);
    for (const name of ['Alpha Town', 'Beta City', 'Gamma United', 'Delta Rovers']) {
      teams[name] = Number(((await footballService.db('teams').where({ name }).first('id')) as { id: number }).id);
    }
    const links = (await footballService
      .db('external_ids')
      .where({ entity: 'fixture', source: 'results-csv' })
      .select('external_id', 'entity_id')) as Array<{
      external_id: string;
      entity_id: number;
    }>;
    for (const link of links) fixtures[link.external_id] = Number(link.entity_id);
    push = await startPushService({ now: () => clock });
    // the stand-in listens on loopback: reached through the test-only allowance, as no default rule lets it through
    const config = accountsConfig({
      FOOTBALL_URL: footballService.url,
      INTERNAL_JWT_SECRET: TEST_SECRET,
      ALERTS_POLL_MS: 0,
      PUSH_TEST_ORIGINS: push.origin,
    });
    service = await startService(createAccounts(config), makeTarget('accounts'));
    sender = new AlertSender(service.db, {
      football: httpFootballClient(footballService.url, TEST_SECRET),
      vapid: config.vapid,
      logger: createLogger('alerts-test'),
      pollMs: 0,
      kickOffEveryMs: 0,
      pushCa: push.ca!,
      endpointProblem: (endpoint) => endpointProblem(endpoint, config),
      onDelivery: (outcome) => outcomes.push(outcome),
    });
  }, 120_000);
  afterAll(async () => {
    await service?.close();
    await footballService?.close();
    await push?.close();
  });

  it('a goal reaches a follower once, with VAPID, high urgency, a 10-minute TTL; the VAR correction replaces it on the phone', async () => {
    const alpha = teams['Alpha Town']!;
    const follower = await fan([['team', alpha]]);
    const leagueFan = await fan([['league', 4_242]]);
    // the first round starts at the feed's end: nothing written before it is sent
    await store(event('live', 'kick-off', { kind: 'kick-off', at: new Date(now - 10 * MIN) }));
    await sender.tick();
    expect(eventMessages()).toHaveLength(0);

    await store(event('live', 'goal:1', { side: 'home', minute: 9, scorer: 'Ada Striker', score: { home: 1, away: 0 } }));
    await sender.tick();
    const [goal] = alertsOf(follower.devices[0]!);
    expect(goal).toMatchObject({ kind: 'goal', title: 'Goal! Alpha Town 1–0 Beta City', body: 'Ada Striker 9′ · Alert League' });
    expect(goal!.url).toBe(`/fixture-stats/${fixtures.live}`);
    const message = push.received.find((m) => m.endpoint === follower.devices[0])!;
    expect(message.urgency).toBe('high');
    expect(message.ttl).toBeGreaterThan(500);
    expect(message.ttl).toBeLessThanOrEqual(600);
    expect(message.topic).toBe(goal!.tag);
    expect(message.vapidSub).toMatch(/^mailto:|^https:/);
    expect(eventAlertsOf(leagueFan.devices[0]!).map((a) => a.kind)).toEqual(['goal']);

    await store(
      event('live', 'var:1', {
        kind: 'goal-cancelled',
        cancels: 'goal:1',
        side: 'home',
        scorer: 'Ada Striker',
        score: { home: 0, away: 0 },
      }),
    );
    await sender.tick();
    const correction = alertsOf(follower.devices[0]!)[1]!;
    expect(correction).toMatchObject({ kind: 'goal-cancelled', title: 'Goal cancelled: Alpha Town 0–0 Beta City', tag: goal!.tag });
    // the phone was offline: the correction with the same topic replaced the goal before it was delivered
    const shown = push.deliver(follower.devices[0]!).map((m) => (m.json as PushAlert).title);
    expect(shown).toEqual(['Goal cancelled: Alpha Town 0–0 Beta City']);

    // exactly once: another round, and a sender that restarts before it saved its place, send nothing again
    const before = push.received.length;
    await sender.tick();
    await service.db('notifier_state').where({ id: 1 }).update({ feed_seq: 0 });
    await sender.tick();
    expect(push.received).toHaveLength(before);
    expect(Number((await service.db('push_deliveries').count({ n: '*' }))[0]!.n)).toBe(before);
  });

  it('types, quiet hours, spoiler-free mode and following mid-match are decided on the server', async () => {
    const beta = teams['Beta City']!;
    const nowInUtc = new Date(clock);
    const hh = (offset: number) => `${String((nowInUtc.getUTCHours() + offset + 24) % 24).padStart(2, '0')}:00`;
    const noGoals = await fan([['team', beta]], { alerts: { goal: false } });
    const quiet = await fan([['team', beta]], { quietHours: { start: hh(-1), end: hh(2) }, timeZone: 'UTC' });
    const spoilerFree = await fan([['team', beta]], { spoilerFree: true });
    const halfTimeToo = await fan([['team', beta]], { alerts: { 'half-time': true } });

    await store(
      event('live', 'goal:2', { side: 'away', minute: 30, scorer: 'Bo Winger', goalKind: 'penalty', score: { home: 0, away: 1 } }),
    );
    await sender.tick();
    const late = await fan([['team', beta]]);
    await store(event('live', 'half-time', { kind: 'half-time', score: { home: 0, away: 1 } }));
    await store(event('live', 'full-time', { kind: 'full-time', score: { home: 0, away: 1 } }));
    await sender.tick();

    expect(alertsOf(noGoals.devices[0]!).map((a) => a.kind)).toEqual(['full-time']);
    expect(alertsOf(quiet.devices[0]!)).toEqual([]);
    expect(alertsOf(spoilerFree.devices[0]!)).toEqual([]);
    expect(alertsOf(halfTimeToo.devices[0]!).map((a) => a.title)).toEqual([
      'Goal! Alpha Town 0–1 Beta City',
      'Half time: Alpha Town 0–1 Beta City',
      'Full time: Alpha Town 0–1 Beta City',
    ]);
    expect(alertsOf(halfTimeToo.devices[0]!)[0]!.body).toBe('Bo Winger (pen.) 30′ · Alert League');
    // followed after the goal: the full time only
    expect(alertsOf(late.devices[0]!).map((a) => a.kind)).toEqual(['full-time']);
    const fullTime = push.received.find((m) => m.endpoint === late.devices[0])!;
    expect(fullTime.ttl).toBeGreaterThan(7000);
    expect(fullTime.ttl).toBeLessThanOrEqual(7200);
    expect(fullTime.urgency).toBe('normal');
  });

  it('a phone offline for the whole match gets no stale goal; a restarted sender sends no burst of old events', async () => {
    const gamma = teams['Gamma United']!;
    const offline = await fan([['team', gamma]]);
    await saveMatches(footballService.db, [match('third', 'Gamma United', 'Beta City', now - 5 * MIN, { status: 'live' })]);
    await store(event('third', 'goal:1', { side: 'home', minute: 4, scorer: 'Cy Forward', score: { home: 1, away: 0 } }));
    await sender.tick();
    expect(eventAlertsOf(offline.devices[0]!).map((a) => a.kind)).toEqual(['goal']);
    // eleven minutes on, the phone comes online: the goal's TTL is over, the push service drops it
    clock += 11 * MIN;
    expect(push.deliver(offline.devices[0]!).filter((m) => (m.json as PushAlert).kind === 'goal')).toEqual([]);
    clock = Date.now();

    // events stored while the sender was down, longer ago than their TTL, are skipped when it comes back
    const sent = push.received.length;
    await store(event('third', 'goal:2', { side: 'home', minute: 6, scorer: 'Cy Forward', score: { home: 2, away: 0 } }));
    const third = (await footballService
      .db('external_ids')
      .where({ entity: 'fixture', source: 'results-csv', external_id: 'third' })
      .first('entity_id')) as {
      entity_id: number;
    };
    // as if stored 15 minutes ago, while the sender was down
    expect(
      await footballService
        .db('match_events')
        .where({ fixture_id: third.entity_id, event_key: 'goal:2' })
        .update({ stored_ms: Date.now() - 15 * MIN }),
    ).toBe(1);
    await sender.tick();
    expect(push.received).toHaveLength(sent);
  });

  it('"line-ups are out" goes once the source has announced the XIs (an hour before), with a TTL ending at kick-off', async () => {
    await saveMatches(footballService.db, [match('lineups', 'Echo Athletic', 'Foxtrot FC', now + 50 * MIN)]);
    const echo = Number(((await footballService.db('teams').where({ name: 'Echo Athletic' }).first('id')) as { id: number }).id);
    const fan1 = await fan([['team', echo]]);
    const noLineups = await fan([['team', echo]], { alerts: { 'line-ups': false } });
    await sender.tick();
    expect(alertsOf(fan1.devices[0]!)).toEqual([]);
    const summary = await saveLineups(footballService.db, [
      {
        player: { source: 'results-csv', externalId: 'echo-9', name: 'Eddie Nine' },
        team: team('Echo Athletic'),
        match: { source: 'results-csv', externalId: 'lineups' },
        started: true,
        minutes: 0,
      },
    ]);
    expect(summary.problems).toEqual([]);
    await sender.tick();
    await sender.tick();
    const lineups = alertsOf(fan1.devices[0]!);
    expect(lineups.map((a) => a.title)).toEqual(['Line-ups are out: Echo Athletic v Foxtrot FC']);
    const message = push.received.find((m) => m.endpoint === fan1.devices[0])!;
    expect(message.ttl).toBeLessThanOrEqual(30 * 60);
    expect(alertsOf(noLineups.devices[0]!)).toEqual([]);
  });

  it('a 410 from the push service deletes the subscription at once; kick-off reminders go 30 minutes before', async () => {
    const delta = teams['Delta Rovers']!;
    const twoPhones = await fan([['team', delta]], { timeZone: 'UTC' }, 2);
    push.gone(twoPhones.devices[1]!, 410);
    await sender.tick();
    const reminder = alertsOf(twoPhones.devices[0]!);
    expect(reminder.map((a) => a.kind)).toEqual(['kick-off']);
    const kickOff = new Date(now + 20 * MIN);
    const hhmm = `${String(kickOff.getUTCHours()).padStart(2, '0')}:${String(kickOff.getUTCMinutes()).padStart(2, '0')}`;
    expect(reminder[0]!.title).toBe(`Gamma United v Delta Rovers kicks off at ${hhmm}`);
    const message = push.received.find((m) => m.endpoint === twoPhones.devices[0])!;
    expect(message.ttl).toBeLessThanOrEqual(20 * 60);
    const left = (await service.db('push_subscriptions').where({ user_id: twoPhones.user.id }).select('endpoint')) as Array<{
      endpoint: string;
    }>;
    expect(left.map((r) => r.endpoint)).toEqual([twoPhones.devices[0]]);
    // once only, however often the schedule is read
    await sender.tick();
    expect(alertsOf(twoPhones.devices[0]!)).toHaveLength(1);
  });

  it('a push service in trouble (503) gets the goal again from the queue after 0.5 s, and the next goal waits behind it', async () => {
    const alpha = teams['Alpha Town']!;
    const follower = await fan([['team', alpha]]);
    const device = follower.devices[0]!;
    push.failNext(device, 503);
    await store(event('live', 'goal:5', { side: 'home', minute: 50, scorer: 'Ada Striker', score: { home: 1, away: 0 } }));
    const failedAt = Date.now();
    await sender.tick();
    expect(eventAlertsOf(device)).toEqual([]);
    expect(push.rejected.filter((r) => r.subscriptionId === push.subscriptionId(device)).map((r) => r.status)).toEqual([503]);
    const retry = (await service
      .db('push_deliveries as d')
      .join('push_subscriptions as s', 's.id', 'd.subscription_id')
      .where('s.endpoint', device)
      .first('d.status', 'd.attempts', 'd.not_before_ms')) as { status: string; attempts: number; not_before_ms: number | string };
    expect(retry.status).toBe('queued');
    expect(Number(retry.attempts)).toBe(1);
    expect(Number(retry.not_before_ms)).toBeGreaterThanOrEqual(failedAt + 500);
    // the next goal is queued, but the device's first alert comes first
    await store(event('live', 'goal:6', { side: 'home', minute: 51, scorer: 'Ada Striker', score: { home: 2, away: 0 } }));
    await sender.tick();
    expect(eventAlertsOf(device)).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, Number(retry.not_before_ms) + 50 - Date.now())));
    await sender.tick();
    expect(eventAlertsOf(device).map((a) => a.title)).toEqual(['Goal! Alpha Town 1–0 Beta City', 'Goal! Alpha Town 2–0 Beta City']);
  });

  it('a push service that rate-limits (429, Retry-After: 1) gets nothing more from the sender until the time it named; then every device gets its goals in order', async () => {
    const beta = teams['Beta City']!;
    const limited = await fan([['team', beta]]);
    const other = await fan([['team', beta]]);
    const [first, second] = [limited.devices[0]!, other.devices[0]!];
    push.failNext(first, 429, { retryAfterSeconds: 1 });
    const asked = (endpoint: string) =>
      push.received.filter((m) => m.endpoint === endpoint).length +
      push.rejected.filter((r) => r.subscriptionId === push.subscriptionId(endpoint)).length;
    await store(event('live', 'goal:7', { side: 'away', minute: 60, scorer: 'Bo Winger', score: { home: 2, away: 1 } }));
    const limitedAt = Date.now();
    await sender.tick();
    expect(push.rejected.filter((r) => r.subscriptionId === push.subscriptionId(first)).map((r) => r.status)).toEqual([429]);
    const before = asked(first) + asked(second);
    // a second goal within the second: neither device is asked, and the tries left are not used up
    await store(event('live', 'goal:8', { side: 'away', minute: 61, scorer: 'Bo Winger', score: { home: 2, away: 2 } }));
    await sender.tick();
    expect(asked(first) + asked(second)).toBe(before);
    const waiting = (await service
      .db('push_deliveries as d')
      .join('push_subscriptions as s', 's.id', 'd.subscription_id')
      .where('s.endpoint', first)
      .where('d.status', 'queued')
      .orderBy('d.id')
      .select('d.attempts', 'd.not_before_ms')) as Array<{ attempts: number; not_before_ms: number | string | null }>;
    expect(waiting.map((row) => Number(row.attempts))).toEqual([1, 0]);
    expect(Number(waiting[0]!.not_before_ms)).toBeGreaterThanOrEqual(limitedAt + 1000);
    // the pause ends when the 429 came back (after the tick's reads): the queue says when
    const resumes = Math.max(...waiting.map((row) => Number(row.not_before_ms ?? 0)));
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, resumes + 50 - Date.now())));
    await sender.tick();
    await sender.tick();
    const goals = ['Goal! Alpha Town 2–1 Beta City', 'Goal! Alpha Town 2–2 Beta City'];
    expect(eventAlertsOf(first).map((a) => a.title)).toEqual(goals);
    expect(eventAlertsOf(second).map((a) => a.title)).toEqual(goals);
  });

  it('300 devices that can never take a push are dropped at their first failure, never retried, and a good device still gets the goal', async () => {
    const alpha = teams['Alpha Town']!;
    const good = await fan([['team', alpha]]);
    // thirty accounts with ten devices each, stored before keys were checked on the way in: a p256dh off the curve,
    // a subscription its push service has ended (410), keys its push service cannot decrypt with (400)
    const offCurve = Buffer.alloc(65, 4).toString('base64url');
    const bad: Record<'off-curve' | 'gone' | 'wrong keys', string[]> = { 'off-curve': [], gone: [], 'wrong keys': [] };
    const kinds = Object.keys(bad) as Array<keyof typeof bad>;
    for (let account = 0; account < 30; account += 1) {
      const user = await signIn(service, `unusable${account}@example.com`);
      expect((await callAs(service, user.id, 'POST', '/api/user/follows', { kind: 'team', id: alpha })).status).toBe(201);
      const kind = kinds[account % 3]!;
      const rows = Array.from({ length: 10 }, () => {
        const subscription = push.newSubscription();
        bad[kind].push(subscription.endpoint);
        if (kind === 'gone') push.gone(subscription.endpoint, 410);
        const keys =
          kind === 'off-curve'
            ? { ...subscription.keys, p256dh: offCurve }
            : kind === 'wrong keys'
              ? push.newSubscription().keys
              : subscription.keys;
        return {
          user_id: user.id,
          endpoint: subscription.endpoint,
          endpoint_hash: endpointHash(subscription.endpoint),
          p256dh: keys.p256dh,
          auth: keys.auth,
          created_ms: Date.now() - MIN,
        };
      });
      await service.db('push_subscriptions').insert(rows);
    }
    outcomes.length = 0;
    await store(event('live', 'goal:3', { side: 'away', minute: 40, scorer: 'Bo Winger', score: { home: 0, away: 1 } }));
    await sender.tick();

    expect(eventAlertsOf(good.devices[0]!).map((a) => a.title)).toEqual(['Goal! Alpha Town 0–1 Beta City']);
    const tries = (endpoint: string) => {
      const id = push.subscriptionId(endpoint);
      return push.received.filter((m) => m.subscriptionId === id).length + push.rejected.filter((r) => r.subscriptionId === id).length;
    };
    // a key that cannot be used costs no request at all; a refusal from the push service exactly one
    expect(bad['off-curve'].map(tries)).toEqual(Array(100).fill(0));
    expect(bad.gone.map(tries)).toEqual(Array(100).fill(1));
    expect(bad['wrong keys'].map(tries)).toEqual(Array(100).fill(1));
    expect(outcomes.filter((o) => o === 'gone')).toHaveLength(300);
    const left = await service.db('push_subscriptions').whereIn('endpoint_hash', Object.values(bad).flat().map(endpointHash)).select('id');
    expect(left).toEqual([]);
    // the next goal tries none of them again
    const refusedBefore = push.rejected.length;
    await store(event('live', 'goal:4', { side: 'away', minute: 41, scorer: 'Bo Winger', score: { home: 0, away: 2 } }));
    await sender.tick();
    expect(eventAlertsOf(good.devices[0]!)).toHaveLength(2);
    expect(push.rejected).toHaveLength(refusedBefore);
  }, 120_000);

  it('football data replaced under a new feed epoch is not alerted as news; what is stored after it is', async () => {
    const follower = await fan([['team', teams['Alpha Town']!]]);
    await sender.tick();
    const sent = () => eventAlertsOf(follower.devices[0]!).map((alert) => alert.body);
    const before = sent().length;
    // the data is replaced (a replay rebuilt): its feed starts anew under another epoch, with events of its own in it
    await footballService.db('live_feed').where({ id: 1 }).update({ epoch: 'a-replaced-dataset' });
    await store(event('live', 'goal:replaced', { side: 'home', minute: 50, scorer: 'Old News', score: { home: 1, away: 2 } }));
    await sender.tick();
    expect(sent().slice(before)).toEqual([]);
    await store(event('live', 'goal:after', { side: 'home', minute: 51, scorer: 'Fresh News', score: { home: 2, away: 2 } }));
    await sender.tick();
    expect(sent().slice(before)).toEqual(['Fresh News 51′ · Alert League']);
    expect(await service.db('notifier_state').where({ id: 1 }).first('feed_epoch')).toEqual({ feed_epoch: 'a-replaced-dataset' });
  });

  it('a red card goes as a goal does (its own toggle, spoiler-free, once, high urgency, 10 minutes); a yellow card sends nothing', async () => {
    await saveMatches(footballService.db, [match('cards', 'Delta Rovers', 'Beta City', now - 60 * MIN, { status: 'live' })]);
    const beta = (prefs: UserPreferencesUpdate = {}) => fan([['team', teams['Beta City']!]], prefs);
    const [follower, noCards] = [await beta(), await beta({ alerts: { 'red-card': false } })];
    const spoilerFree = await beta({ spoilerFree: true });
    await store(event('cards', 'goal:1', { side: 'away', minute: 20, scorer: 'Bo Winger', score: { home: 0, away: 1 } }));
    await store(event('cards', 'yellow-card:1', { kind: 'yellow-card', side: 'home', minute: 30, player: 'Di Keeper' }));
    await store(event('cards', 'red-card:1', { kind: 'red-card', side: 'away', minute: 45, stoppage: 2, player: 'Bo Winger' }));
    await sender.tick();
    await sender.tick(); // a second round sends nothing again
    const red = eventAlertsOf(follower.devices[0]!).filter((a) => a.kind !== 'goal');
    const words = { title: 'Red card: Bo Winger (Beta City) 45+2′', body: 'Delta Rovers 0–1 Beta City · Alert League' };
    expect(red).toMatchObject([{ kind: 'red-card', ...words }]);
    const message = push.received.find((m) => m.endpoint === follower.devices[0] && (m.json as PushAlert).kind === 'red-card')!;
    expect([message.urgency, message.topic, message.ttl > 500 && message.ttl <= 600]).toEqual(['high', red[0]!.tag, true]);
    expect(eventAlertsOf(noCards.devices[0]!).map((a) => a.kind)).toEqual(['goal']);
    expect(alertsOf(spoilerFree.devices[0]!)).toEqual([]);
  });

  it("while one sender leads, another's rounds read its lease and write nothing to it (no write lock taken per round)", async () => {
    await sender.tick();
    expect(sender.leader).toBe(true);
    const config = accountsConfig({ FOOTBALL_URL: footballService.url, INTERNAL_JWT_SECRET: TEST_SECRET, ALERTS_POLL_MS: 0 });
    const other = new AlertSender(service.db, {
      football: httpFootballClient(footballService.url, TEST_SECRET),
      vapid: config.vapid,
      logger: createLogger('alerts-test'),
      pollMs: 0,
      kickOffEveryMs: 0,
    });
    const writes: string[] = [];
    const watch = (query: { sql: string }) => {
      if (/^update\s+[`"]?notifier_state/i.test(query.sql)) writes.push(query.sql);
    };
    service.db.on('query', watch);
    try {
      await other.tick();
    } finally {
      service.db.off('query', watch);
      await other.close();
    }
    expect(other.leader).toBe(false);
    expect(writes).toEqual([]);
  });

  it("while a followed match is live a sender makes each device's next message keys ahead: a goal goes out with them, once", async () => {
    const follower = await fan([['team', teams['Alpha Town']!]], {}, 3);
    await sender.tick();
    const ids = (
      (await service.db('push_subscriptions').whereIn('endpoint_hash', follower.devices.map(endpointHash)).select('id')) as Array<{
        id: number;
      }>
    ).map((row) => Number(row.id));
    const ready = () => ids.map((id) => sender.keysAhead.has(id));
    // keys are made from a second after the sender last sent, in passes over the followers' devices
    const makeKeys = async () => {
      for (const deadline = Date.now() + 10_000; Date.now() < deadline;) {
        if (!(await sender.makeKeysAhead(1_000)) && ready().every(Boolean)) return;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      throw new Error(`keys made ahead within 10 s: ${ready().join(', ')}`);
    };
    await makeKeys();
    const before = sender.keysAhead.counts.ahead;
    await store(event('live', 'goal:ahead', { side: 'away', minute: 60, scorer: 'Cy Ahead', score: { home: 2, away: 3 } }));
    await sender.tick();
    // the stand-in decrypted each with the device's keys
    expect(follower.devices.map((endpoint) => eventAlertsOf(endpoint).map((alert) => alert.body))).toEqual(
      Array(3).fill(['Cy Ahead 60′ · Alert League']),
    );
    expect(sender.keysAhead.counts.ahead - before).toBeGreaterThanOrEqual(3);
    // used once, and not made again at once after a burst
    expect(ready()).toEqual([false, false, false]);
    expect(await sender.makeKeysAhead(1_000)).toBe(false);
    expect(ready()).toEqual([false, false, false]);
    await makeKeys();
  });
});
