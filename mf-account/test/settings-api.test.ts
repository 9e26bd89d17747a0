import { ApiError } from '@matchday/ui';
import { DEFAULT_ALERTS, type UserPreferences } from '@matchday/contracts';
import { calendarQuery, rotateCalendar } from '../src/features/settings/api/calendar';
import { preferencesQuery, savePreferences } from '../src/features/settings/api/preferences';
import { subscriptionRequest } from '@matchday/contracts';
import { deletePushSubscription, readPushPublicKey, savePushSubscription } from '../src/features/settings/api/push';
import { fakeFetch } from '@matchday/testing/src/fake-fetch';

const realFetch = global.fetch;
afterAll(() => {
  global.fetch = realFetch;
});

const preferences: UserPreferences = {
  theme: 'light',
  spoilerFree: true,
  spoilerScope: 'followed',
  alerts: { ...DEFAULT_ALERTS, 'half-time': true },
  quietHours: null,
  timeZone: 'Europe/London',
  followPromptDismissed: false,
};

/** What every write carries: JSON, and the header of the gateway's cross-site check. */
function expectWriteHeaders(headers: Headers) {
  expect(headers.get('content-type')).toBe('application/json');
  expect(headers.get('x-requested-with')).toBe('XMLHttpRequest');
}

describe('preferences', () => {
  it('reads GET /api/user/preferences (cache-busted) and gives the preferences', async () => {
    const { sent } = fakeFetch({ status: 200, body: preferences });
    await expect(preferencesQuery.read(preferencesQuery.key())).resolves.toEqual(preferences);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ method: 'GET', path: '/api/user/preferences' });
    expect(sent[0]!.query.get('_cb')).toMatch(/^\d+$/);
  });

  it('a failed read says so, with the status and body as its cause', async () => {
    fakeFetch({ status: 503, body: { message: 'down' } });
    const failure = (await preferencesQuery.read(preferencesQuery.key()).catch((error: unknown) => error)) as Error;
    expect(failure.message).toBe('Failed to load your preferences');
    expect((failure.cause as Error).message).toBe('503: {"message":"down"}');
  });

  it('POSTs only the fields that change and gives the stored preferences back', async () => {
    const { sent } = fakeFetch({ status: 200, body: { ...preferences, alerts: { ...preferences.alerts, goal: false } } });
    const reply = await savePreferences({ alerts: { goal: false }, timeZone: 'Europe/London' });
    expect(reply.alerts.goal).toBe(false);
    expect(sent[0]).toMatchObject({ method: 'POST', path: '/api/user/preferences' });
    expect(sent[0]!.body).toEqual({ alerts: { goal: false }, timeZone: 'Europe/London' });
    expectWriteHeaders(sent[0]!.headers);
  });

  it("a refusal carries the server's message and status", async () => {
    fakeFetch({ status: 400, body: { message: 'quietHours.start must be HH:MM' } });
    const failure = await savePreferences({ quietHours: { start: '25:00', end: '07:00' } }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect((failure as ApiError).status).toBe(400);
    expect((failure as ApiError).message).toBe('quietHours.start must be HH:MM');
  });
});

describe('personal calendar', () => {
  const feedUrl = 'https://matchday.app/api/calendar/me/tok3n.ics';

  it('reads GET /api/user/calendar', async () => {
    const { sent } = fakeFetch({ status: 200, body: { feedUrl } });
    await expect(calendarQuery.read(calendarQuery.key())).resolves.toEqual({ feedUrl });
    expect(sent[0]).toMatchObject({ method: 'GET', path: '/api/user/calendar' });
  });

  it('rotates with POST /api/user/calendar/rotate (no body) and gives the new URL', async () => {
    const { sent } = fakeFetch({ status: 200, body: { feedUrl: 'https://matchday.app/api/calendar/me/n3w.ics' } });
    await expect(rotateCalendar()).resolves.toEqual({ feedUrl: 'https://matchday.app/api/calendar/me/n3w.ics' });
    expect(sent[0]).toMatchObject({ method: 'POST', path: '/api/user/calendar/rotate', body: undefined });
    expect(sent[0]!.headers.get('x-requested-with')).toBe('XMLHttpRequest');
  });

  it('a failed rotation rejects (the card keeps the old link)', async () => {
    fakeFetch({ status: 500, body: { message: 'Could not rotate' } });
    await expect(rotateCalendar()).rejects.toThrow('Could not rotate');
  });
});

describe('push endpoints', () => {
  const subscription = { endpoint: 'https://fcm.googleapis.com/fcm/send/abc', expirationTime: null, keys: { p256dh: 'BPk', auth: 'c2Vj' } };

  it('reads the public key from GET /api/push/public-key', async () => {
    const { sent } = fakeFetch({ status: 200, body: { publicKey: 'BEl62iUYgUivxIkv' } });
    await expect(readPushPublicKey()).resolves.toBe('BEl62iUYgUivxIkv');
    expect(sent[0]).toMatchObject({ method: 'GET', path: '/api/push/public-key' });
  });

  it('explains a missing key, a signed-out reply and a failed read', async () => {
    fakeFetch({ status: 200, body: { publicKey: '' } });
    await expect(readPushPublicKey()).rejects.toThrow('Matchday sent no alerts key');
    fakeFetch({ status: 401, body: { message: 'Not signed in' } });
    await expect(readPushPublicKey()).rejects.toThrow('You are signed out');
    fakeFetch({ status: 503, body: { message: 'down' } });
    await expect(readPushPublicKey()).rejects.toThrow('Could not get the alerts key');
  });

  it('POSTs the subscription as PushSubscription.toJSON() gives it', async () => {
    const { sent } = fakeFetch({ status: 201, body: { message: 'Subscribed' } });
    await savePushSubscription(subscription);
    expect(sent[0]).toMatchObject({ method: 'POST', path: '/api/push/subscriptions', body: subscription });
    expectWriteHeaders(sent[0]!.headers);
  });

  it('DELETEs by endpoint, and a 204 with no body resolves', async () => {
    const { sent } = fakeFetch({ status: 204 });
    await expect(deletePushSubscription(subscription.endpoint)).resolves.toBeUndefined();
    expect(sent[0]).toMatchObject({ method: 'DELETE', path: '/api/push/subscriptions', body: { endpoint: subscription.endpoint } });
  });

  it('a refused subscription rejects with the server message', async () => {
    fakeFetch({ status: 400, body: { message: 'endpoint must be https' } });
    await expect(savePushSubscription({ ...subscription, endpoint: 'http://x' })).rejects.toThrow('endpoint must be https');
  });

  it('turns toJSON() into the request, refusing one without its keys', () => {
    expect(subscriptionRequest({ endpoint: subscription.endpoint, keys: subscription.keys })).toEqual(subscription);
    expect(subscriptionRequest({ ...subscription, expirationTime: 1_900_000_000_000 }).expirationTime).toBe(1_900_000_000_000);
    expect(() => subscriptionRequest({ endpoint: subscription.endpoint, keys: { p256dh: 'BPk' } })).toThrow('incomplete');
    expect(() => subscriptionRequest({ keys: subscription.keys })).toThrow('incomplete');
  });
});
