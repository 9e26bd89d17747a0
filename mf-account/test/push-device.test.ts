import { createECDH } from 'node:crypto';
import { turnOffPush, turnOnPush, type PushDevice } from '../src/features/settings/api/push-device';
import { fakeFetch } from '@matchday/testing/src/fake-fetch';

const realFetch = global.fetch;
afterAll(() => {
  global.fetch = realFetch;
});

const serverKey = createECDH('prime256v1').generateKeys();
const oldServerKey = createECDH('prime256v1').generateKeys();

/** A browser's push side, writing every step it is asked for into `log`. */
function browser({
  permission = 'granted',
  existingKey = null,
}: { permission?: NotificationPermission; existingKey?: Buffer | null } = {}) {
  const log: string[] = [];
  const subscription = (key: Buffer, endpoint: string) => ({
    endpoint,
    options: { applicationServerKey: new Uint8Array(key).buffer, userVisibleOnly: true },
    unsubscribe: jest.fn(async () => {
      log.push(`unsubscribe ${endpoint}`);
      return true;
    }),
    toJSON: () => ({ endpoint, expirationTime: null, keys: { p256dh: 'BPk', auth: 'c2Vj' } }),
  });
  const existing = existingKey ? subscription(existingKey, 'https://push.example/old') : null;
  let current: ReturnType<typeof subscription> | null = existing;
  const fresh = subscription(serverKey, 'https://push.example/new');
  const pushManager = {
    getSubscription: jest.fn(async () => current),
    subscribe: jest.fn(async (options: PushSubscriptionOptionsInit) => {
      log.push('subscribe');
      current = fresh;
      void options;
      return fresh;
    }),
  };
  const registration = { pushManager } as unknown as ServiceWorkerRegistration;
  const device: PushDevice = {
    requestPermission: jest.fn(async () => {
      log.push('permission');
      return permission;
    }),
    ready: jest.fn(async () => {
      log.push('ready');
      return registration;
    }),
    registration: jest.fn(async () => registration),
  };
  return { device, pushManager, existing, fresh, log };
}

describe('turning alerts on from the tap', () => {
  it('asks permission first, then waits for the worker, subscribes with the server key and POSTs the subscription', async () => {
    const { sent } = fakeFetch({ status: 200, body: { publicKey: serverKey.toString('base64url') } }, { status: 201 });
    const { device, pushManager, log } = browser();
    const outcome = turnOnPush(device);
    // the prompt is asked for synchronously, within the tap, before anything is awaited
    expect(log).toEqual(['permission']);
    await expect(outcome).resolves.toBe('on');
    expect(log).toEqual(['permission', 'ready', 'subscribe']);
    const options = pushManager.subscribe.mock.calls[0]![0];
    expect(options.userVisibleOnly).toBe(true);
    expect(Buffer.from(options.applicationServerKey as Uint8Array).equals(serverKey)).toBe(true);
    expect(sent.map((request) => `${request.method} ${request.path}`)).toEqual([
      'GET /api/push/public-key',
      'POST /api/push/subscriptions',
    ]);
    expect(sent[1]!.body).toEqual({ endpoint: 'https://push.example/new', expirationTime: null, keys: { p256dh: 'BPk', auth: 'c2Vj' } });
  });

  it('denied or dismissed: nothing else is asked, nothing is sent', async () => {
    for (const [permission, outcome] of [
      ['denied', 'denied'],
      ['default', 'dismissed'],
    ] as const) {
      const { sent } = fakeFetch();
      const { device, pushManager, log } = browser({ permission });
      await expect(turnOnPush(device)).resolves.toBe(outcome);
      expect(log).toEqual(['permission']);
      expect(pushManager.subscribe).not.toHaveBeenCalled();
      expect(sent).toEqual([]);
    }
  });

  it('a subscription made with an older server key is replaced; one with this key is only sent again', async () => {
    fakeFetch({ status: 200, body: { publicKey: serverKey.toString('base64url') } }, { status: 201 });
    const rotated = browser({ existingKey: oldServerKey });
    await expect(turnOnPush(rotated.device)).resolves.toBe('on');
    expect(rotated.log).toEqual(['permission', 'ready', 'unsubscribe https://push.example/old', 'subscribe']);

    const { sent } = fakeFetch({ status: 200, body: { publicKey: serverKey.toString('base64url') } }, { status: 201 });
    const same = browser({ existingKey: serverKey });
    await expect(turnOnPush(same.device)).resolves.toBe('on');
    expect(same.pushManager.subscribe).not.toHaveBeenCalled();
    expect(sent[1]!.body).toMatchObject({ endpoint: 'https://push.example/old' });
  });

  it('when the server refuses the subscription, the device unsubscribes and the error is the server message', async () => {
    fakeFetch(
      { status: 200, body: { publicKey: serverKey.toString('base64url') } },
      { status: 400, body: { message: 'Too many devices' } },
    );
    const { device, fresh } = browser();
    await expect(turnOnPush(device)).rejects.toThrow('Too many devices');
    expect(fresh.unsubscribe).toHaveBeenCalledTimes(1);
  });

  it('a key that is not a P-256 point stops before the browser subscribes', async () => {
    fakeFetch({ status: 200, body: { publicKey: 'c2hvcnQ' } });
    const { device, pushManager } = browser();
    await expect(turnOnPush(device)).rejects.toThrow('not a P-256 public key');
    expect(pushManager.subscribe).not.toHaveBeenCalled();
  });
});

describe('turning alerts off', () => {
  it('unsubscribes, then DELETEs the endpoint', async () => {
    const { sent } = fakeFetch({ status: 204 });
    const { device, existing, log } = browser({ existingKey: serverKey });
    await turnOffPush(device);
    expect(log).toEqual(['unsubscribe https://push.example/old']);
    expect(existing!.unsubscribe).toHaveBeenCalledTimes(1);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ method: 'DELETE', path: '/api/push/subscriptions', body: { endpoint: 'https://push.example/old' } });
  });

  it('with no subscription on the device there is nothing to send', async () => {
    const { sent } = fakeFetch();
    await turnOffPush(browser().device);
    expect(sent).toEqual([]);
  });

  it('a browser that does not unsubscribe is an error, and the server keeps the device', async () => {
    const { sent } = fakeFetch({ status: 204 });
    const { device, existing } = browser({ existingKey: serverKey });
    existing!.unsubscribe.mockResolvedValueOnce(false);
    await expect(turnOffPush(device)).rejects.toThrow('did not turn alerts off');
    expect(sent).toEqual([]);
  });

  it('a failed DELETE after unsubscribing still ends off (the push service refuses the endpoint from now on)', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    fakeFetch({ status: 503, body: { message: 'down' } });
    const { device } = browser({ existingKey: serverKey });
    await expect(turnOffPush(device)).resolves.toBeUndefined();
    expect(warn).toHaveBeenCalledTimes(1);
    warn.mockRestore();
  });
});
