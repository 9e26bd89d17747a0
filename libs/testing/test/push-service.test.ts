/**
 * The stand-in push service against the real `web-push` library: what web-push sends must be accepted and
 * decrypt to what was sent, and what a real push service refuses must be refused here too.
 */
import https from 'node:https';
import { createPrivateKey, sign } from 'node:crypto';
import * as webpush from 'web-push';
import { encryptForSubscription, startPushService, type PushServiceStandIn, type PushSubscriptionJson } from '../src';

const SUBJECT = 'mailto:alerts@matchday.example';

let push: PushServiceStandIn;
let clock: number;
const vapid = webpush.generateVAPIDKeys();
const vapidDetails = { subject: SUBJECT, publicKey: vapid.publicKey, privateKey: vapid.privateKey };

beforeEach(async () => {
  clock = Date.UTC(2026, 10, 25, 15, 0, 0);
  push = await startPushService({ now: () => clock });
});

afterEach(async () => {
  await push.close();
});

function send(subscription: PushSubscriptionJson, payload: string | null, options: webpush.RequestOptions = {}) {
  return webpush.sendNotification(subscription, payload, { vapidDetails, TTL: 3600, agent: push.agent, ...options });
}

/** The WebPushError a send ends with (fails the test when the send succeeds). */
async function refusal(sending: Promise<unknown>): Promise<webpush.WebPushError> {
  const outcome = await sending.then(
    () => null,
    (error: unknown) => error,
  );
  if (!(outcome instanceof webpush.WebPushError)) throw new Error(`expected a refusal, got ${String(outcome)}`);
  return outcome;
}

/** A POST with exactly these headers and body (what web-push would not send). */
function rawPost(
  endpoint: string,
  headers: Record<string, string | number>,
  body: Buffer | null,
): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const request = https.request(endpoint, { method: 'POST', headers, agent: push.agent }, (response) => {
      let text = '';
      response.on('data', (chunk) => (text += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, text }));
    });
    request.on('error', reject);
    request.end(body ?? undefined);
  });
}

/** A VAPID header with any claims, signed with the given web-push key pair (ES256, r || s). */
function vapidHeader(claims: Record<string, unknown>, keys = vapid, advertisedKey = keys.publicKey): string {
  const point = Buffer.from(keys.publicKey, 'base64url');
  const privateKey = createPrivateKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: point.subarray(1, 33).toString('base64url'),
      y: point.subarray(33).toString('base64url'),
      d: keys.privateKey,
    },
    format: 'jwk',
  });
  const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const unsigned = `${encode({ typ: 'JWT', alg: 'ES256' })}.${encode(claims)}`;
  const signature = sign('sha256', Buffer.from(unsigned), { key: privateKey, dsaEncoding: 'ieee-p1363' });
  return `vapid t=${unsigned}.${signature.toString('base64url')}, k=${advertisedKey}`;
}

const inSeconds = (seconds: number) => Math.floor(Date.now() / 1000) + seconds;

describe('accepting and decrypting (RFC 8030, RFC 8291, RFC 8188)', () => {
  it('decrypts what web-push encrypted and records the headers and the VAPID identity', async () => {
    const subscription = push.newSubscription({ applicationServerKey: vapid.publicKey });
    const alert = {
      kind: 'goal',
      title: 'GOAL! Arsenal 1-0 Chelsea',
      body: "Saka 23'",
      tag: 'goal-901-1',
      url: '/fixtures/901',
      fixtureId: 901,
    };

    const result = await send(subscription, JSON.stringify(alert), { TTL: 600, urgency: 'high', topic: 'goal-901-1' });

    expect(result.statusCode).toBe(201);
    expect(result.headers.location).toBe(`${push.origin}/message/${push.received[0]?.id}`);
    expect(push.received).toHaveLength(1);
    const [message] = push.received;
    expect(message).toMatchObject({
      subscriptionId: push.subscriptionId(subscription),
      endpoint: subscription.endpoint,
      ttl: 600,
      urgency: 'high',
      topic: 'goal-901-1',
      payload: JSON.stringify(alert),
      json: alert,
      receivedAt: clock,
      vapidSub: SUBJECT,
      vapidKey: vapid.publicKey,
    });
  });

  it('hands out subscriptions shaped like PushManager.subscribe', () => {
    const subscription = push.newSubscription();
    expect(subscription.endpoint).toMatch(new RegExp(`^${push.origin.replace(/[.]/g, '\\.')}/push/[A-Za-z0-9_-]+$`));
    expect(subscription.expirationTime).toBeNull();
    const p256dh = Buffer.from(subscription.keys.p256dh, 'base64url');
    expect(p256dh).toHaveLength(65);
    expect(p256dh[0]).toBe(0x04);
    expect(Buffer.from(subscription.keys.auth, 'base64url')).toHaveLength(16);
    expect(push.newSubscription().keys.auth).not.toBe(subscription.keys.auth);
  });

  it('round-trips a ~3 KB non-ASCII payload byte for byte', async () => {
    const subscription = push.newSubscription();
    // whole code points (emoji are surrogate pairs in a JS string), about 3 KB of UTF-8
    const body = Array.from('Müller ⚽ Ødegaard — «Ближе к воротам» 進球！ 🇧🇷 '.repeat(60)).slice(0, 1750).join('');
    const payload = JSON.stringify({ title: 'Gól', body, tag: 'x' });
    expect(Buffer.byteLength(payload)).toBeGreaterThan(2900);
    expect(Buffer.byteLength(payload)).toBeLessThan(3993);

    await send(subscription, payload);

    expect(push.received[0]?.payload).toBe(payload);
    expect(push.received[0]?.bytes.equals(Buffer.from(payload))).toBe(true);
  });

  it('accepts a push without a payload', async () => {
    const subscription = push.newSubscription();
    await send(subscription, null);
    expect(push.received).toHaveLength(1);
    expect(push.received[0]?.payload).toBeNull();
    expect(push.received[0]?.json).toBeUndefined();
  });

  it('strips padding after the 0x02 delimiter', async () => {
    const subscription = push.newSubscription();
    const { headers } = webpush.generateRequestDetails(subscription, 'x', { vapidDetails, TTL: 60 });
    const body = encryptForSubscription(subscription, 'padded', { padding: 300 });
    const reply = await rawPost(subscription.endpoint, { ...headers, 'Content-Length': body.length }, body);
    expect(reply.status).toBe(201);
    expect(push.received[0]?.payload).toBe('padded');
  });

  it('refuses a record without the 0x02 delimiter, and a body of more than one record', async () => {
    const subscription = push.newSubscription();
    const { headers } = webpush.generateRequestDetails(subscription, 'x', { vapidDetails, TTL: 60 });
    const notLast = encryptForSubscription(subscription, 'hello', { delimiter: 0x01 });
    const twoRecords = encryptForSubscription(subscription, 'a longer payload than one record', { recordSize: 20 });

    expect((await rawPost(subscription.endpoint, { ...headers, 'Content-Length': notLast.length }, notLast)).status).toBe(400);
    expect(push.rejected.at(-1)?.reason).toMatch(/0x02 padding delimiter/);
    expect((await rawPost(subscription.endpoint, { ...headers, 'Content-Length': twoRecords.length }, twoRecords)).status).toBe(400);
    expect(push.rejected.at(-1)?.reason).toMatch(/more than one record/);
    expect(push.received).toHaveLength(0);
  });

  it('refuses a body encrypted for another subscription', async () => {
    const mine = push.newSubscription();
    const other = push.newSubscription();

    const error = await refusal(send({ ...mine, keys: other.keys }, 'for someone else'));

    expect(error.statusCode).toBe(400);
    expect(push.rejected.at(-1)).toMatchObject({
      subscriptionId: push.subscriptionId(mine),
      reason: expect.stringMatching(/does not decrypt/),
    });
    expect(push.received).toHaveLength(0);
  });

  it('refuses a body without Content-Encoding: aes128gcm', async () => {
    const subscription = push.newSubscription();
    const { headers, body } = webpush.generateRequestDetails(subscription, 'hello', { vapidDetails, TTL: 60 });
    const { 'Content-Encoding': _encoding, ...withoutEncoding } = headers as Record<string, string | number>;
    expect((await rawPost(subscription.endpoint, withoutEncoding, body)).status).toBe(400);
    expect((await rawPost(subscription.endpoint, { ...withoutEncoding, 'Content-Encoding': 'aesgcm' }, body)).status).toBe(400);
    expect((await rawPost(subscription.endpoint, headers as Record<string, string | number>, body)).status).toBe(201);
  });

  it('refuses a body over 4096 bytes with 413', async () => {
    const subscription = push.newSubscription();
    const error = await refusal(send(subscription, 'x'.repeat(4100)));
    expect(error.statusCode).toBe(413);
    await expect(send(subscription, 'x'.repeat(3900))).resolves.toMatchObject({ statusCode: 201 });
  });
});

describe('VAPID (RFC 8292)', () => {
  it('accepts a hand-signed token with valid claims (the control for the refusals below)', async () => {
    const subscription = push.newSubscription({ applicationServerKey: vapid.publicKey });
    const Authorization = vapidHeader({ aud: push.origin, exp: inSeconds(3600), sub: 'https://matchday.example/contact' });
    await send(subscription, 'ok', { vapidDetails: undefined, headers: { Authorization } });
    expect(push.received[0]?.vapidSub).toBe('https://matchday.example/contact');
  });

  it('refuses a message without VAPID with 401', async () => {
    const subscription = push.newSubscription();
    const error = await refusal(send(subscription, 'anonymous', { vapidDetails: undefined }));
    expect(error.statusCode).toBe(401);
  });

  it('refuses a token whose signature is not by k', async () => {
    const subscription = push.newSubscription();
    const other = webpush.generateVAPIDKeys();
    const Authorization = vapidHeader({ aud: push.origin, exp: inSeconds(3600), sub: SUBJECT }, vapid, other.publicKey);
    const error = await refusal(send(subscription, 'forged', { vapidDetails: undefined, headers: { Authorization } }));
    expect(error.statusCode).toBe(403);
    expect(push.rejected.at(-1)?.reason).toMatch(/signature/);
  });

  it("refuses another application server's valid key on a subscription restricted to ours", async () => {
    const subscription = push.newSubscription({ applicationServerKey: vapid.publicKey });
    const other = webpush.generateVAPIDKeys();
    const error = await refusal(send(subscription, 'hello', { vapidDetails: { subject: SUBJECT, ...other } }));
    expect(error.statusCode).toBe(403);
    expect(push.rejected.at(-1)?.reason).toMatch(/applicationServerKey/);
    expect(push.received).toHaveLength(0);
  });

  it('refuses an expired token', async () => {
    const subscription = push.newSubscription();
    const { Authorization } = webpush.getVapidHeaders(push.origin, SUBJECT, vapid.publicKey, vapid.privateKey, 'aes128gcm', inSeconds(-60));
    const error = await refusal(send(subscription, 'late', { vapidDetails: undefined, headers: { Authorization } }));
    expect(error.statusCode).toBe(403);
    expect(push.rejected.at(-1)?.reason).toMatch(/expired/);
  });

  it('refuses a token expiring more than 24 hours ahead', async () => {
    const subscription = push.newSubscription();
    const Authorization = vapidHeader({ aud: push.origin, exp: inSeconds(25 * 3600), sub: SUBJECT });
    const error = await refusal(send(subscription, 'too long', { vapidDetails: undefined, headers: { Authorization } }));
    expect(error.statusCode).toBe(403);
    expect(push.rejected.at(-1)?.reason).toMatch(/24 hours/);
  });

  it('refuses a token for another audience', async () => {
    const subscription = push.newSubscription();
    const { Authorization } = webpush.getVapidHeaders(
      'https://fcm.googleapis.com',
      SUBJECT,
      vapid.publicKey,
      vapid.privateKey,
      'aes128gcm',
    );
    const error = await refusal(send(subscription, 'elsewhere', { vapidDetails: undefined, headers: { Authorization } }));
    expect(error.statusCode).toBe(403);
    expect(push.rejected.at(-1)?.reason).toMatch(/aud/);
  });

  it('refuses a sub that is neither mailto: nor https:', async () => {
    const subscription = push.newSubscription();
    for (const sub of ['http://matchday.example', 'alerts@matchday.example']) {
      const Authorization = vapidHeader({ aud: push.origin, exp: inSeconds(3600), sub });
      const error = await refusal(send(subscription, 'who', { vapidDetails: undefined, headers: { Authorization } }));
      expect(error.statusCode).toBe(403);
      expect(push.rejected.at(-1)?.reason).toMatch(/sub/);
    }
  });
});

describe('headers (RFC 8030 §5)', () => {
  it('refuses a message without TTL', async () => {
    const subscription = push.newSubscription();
    const { headers, body } = webpush.generateRequestDetails(subscription, 'no ttl', { vapidDetails, TTL: 60 });
    const { TTL: _ttl, ...withoutTtl } = headers as Record<string, string | number>;
    const reply = await rawPost(subscription.endpoint, withoutTtl, body);
    expect(reply.status).toBe(400);
    expect(JSON.parse(reply.text)).toMatchObject({ code: 400, message: expect.stringMatching(/TTL/) });
    expect((await rawPost(subscription.endpoint, { ...withoutTtl, TTL: '-5' }, body)).status).toBe(400);
    expect(push.received).toHaveLength(0);
  });

  it('refuses a Topic longer than 32 characters or outside the base64url alphabet', async () => {
    const subscription = push.newSubscription();
    for (const Topic of ['a'.repeat(33), 'goal 901', 'goal+901']) {
      const error = await refusal(send(subscription, 'x', { headers: { Topic } }));
      expect(error.statusCode).toBe(400);
    }
    await expect(send(subscription, 'x', { topic: 'a'.repeat(32) })).resolves.toMatchObject({ statusCode: 201 });
  });

  it('defaults Urgency to normal and caps the TTL at four weeks', async () => {
    const subscription = push.newSubscription();
    const { headers, body } = webpush.generateRequestDetails(subscription, 'x', { vapidDetails, TTL: 60 });
    const { Urgency: _urgency, ...withoutUrgency } = headers as Record<string, string | number>;
    expect((await rawPost(subscription.endpoint, { ...withoutUrgency, TTL: 90 * 24 * 3600 }, body)).status).toBe(201);
    expect(push.received[0]).toMatchObject({ urgency: 'normal', ttl: 28 * 24 * 3600 });
  });
});

describe('the phone (queues, Topic, TTL, tags)', () => {
  it('replaces a waiting message with the same Topic, but not a delivered one', async () => {
    const subscription = push.newSubscription();
    await send(subscription, JSON.stringify({ tag: 'goal-9', title: '1-0' }), { topic: 'goal-9' });
    await send(subscription, JSON.stringify({ tag: 'kick-off-9', title: 'Kick-off' }));
    await send(subscription, JSON.stringify({ tag: 'goal-9', title: 'Goal cancelled' }), { topic: 'goal-9' });

    expect(push.received).toHaveLength(3);
    expect(push.pending(subscription).map((m) => (m.json as { title: string }).title)).toEqual(['Kick-off', 'Goal cancelled']);
    expect(push.deliver(subscription).map((m) => (m.json as { title: string }).title)).toEqual(['Kick-off', 'Goal cancelled']);
    expect(push.pending(subscription)).toEqual([]);

    await send(subscription, JSON.stringify({ tag: 'goal-9', title: '1-0 again' }), { topic: 'goal-9' });
    expect(push.deliver(subscription).map((m) => (m.json as { title: string }).title)).toEqual(['1-0 again']);
    // the tag, not the topic, decides what stays on screen: one notification per tag, the latest
    expect(push.displayed(subscription).map((m) => (m.json as { title: string }).title)).toEqual(['Kick-off', '1-0 again']);
  });

  it('keeps topics per subscription', async () => {
    const first = push.newSubscription();
    const second = push.newSubscription();
    await send(first, 'a', { topic: 'same' });
    await send(second, 'b', { topic: 'same' });
    expect(push.deliver(first).map((m) => m.payload)).toEqual(['a']);
    expect(push.deliver(second).map((m) => m.payload)).toEqual(['b']);
  });

  it('drops messages whose TTL ran out before the phone came online', async () => {
    const subscription = push.newSubscription();
    await send(subscription, 'short', { TTL: 60 });
    await send(subscription, 'long', { TTL: 3600 });
    await send(subscription, 'now or never', { TTL: 0 });

    clock += 59_000;
    expect(push.pending(subscription).map((m) => m.payload)).toEqual(['short', 'long', 'now or never']);
    clock += 2_000;
    expect(push.deliver(subscription).map((m) => m.payload)).toEqual(['long']);
    expect(push.displayed(subscription).map((m) => m.payload)).toEqual(['long']);
  });

  it('delivers a message just before its TTL runs out', async () => {
    const subscription = push.newSubscription();
    await send(subscription, 'in time', { TTL: 60 });
    clock += 59_999;
    expect(push.deliver(subscription).map((m) => m.payload)).toEqual(['in time']);
  });

  it('shows a replacing notification as the newest', async () => {
    const subscription = push.newSubscription();
    for (const [tag, title] of [
      ['goal-1', '1-0'],
      ['ht-1', 'Half-time'],
      ['goal-1', 'Goal cancelled'],
    ]) {
      await send(subscription, JSON.stringify({ tag, title }));
    }
    push.deliver(subscription);
    expect(push.displayed(subscription).map((m) => (m.json as { title: string }).title)).toEqual(['Half-time', 'Goal cancelled']);
  });

  it('shows untagged notifications each on their own', async () => {
    const subscription = push.newSubscription();
    await send(subscription, 'not json');
    await send(subscription, JSON.stringify({ title: 'no tag' }));
    push.deliver(subscription);
    expect(push.displayed(subscription).map((m) => m.payload)).toEqual(['not json', JSON.stringify({ title: 'no tag' })]);
  });
});

describe('subscriptions ending and failures', () => {
  it('answers 410 after gone(), and loses what was waiting', async () => {
    const subscription = push.newSubscription();
    await send(subscription, 'before');
    push.gone(subscription);

    const error = await refusal(send(subscription, 'after'));

    expect(error.statusCode).toBe(410);
    expect(push.deliver(subscription)).toEqual([]);
    expect(push.received.map((m) => m.payload)).toEqual(['before']);
  });

  it('answers 404 after gone(…, 404) and for an unknown subscription', async () => {
    const subscription = push.newSubscription();
    push.gone(push.subscriptionId(subscription), 404);
    expect((await refusal(send(subscription, 'x'))).statusCode).toBe(404);
    const unknown = { ...push.newSubscription(), endpoint: `${push.origin}/push/nobody` };
    expect((await refusal(send(unknown, 'x'))).statusCode).toBe(404);
  });

  it('fails the next message once with the injected status and Retry-After', async () => {
    const subscription = push.newSubscription();
    push.failNext(subscription, 429, { retryAfterSeconds: 7 });

    const error = await refusal(send(subscription, 'first try'));
    expect(error.statusCode).toBe(429);
    expect(error.headers['retry-after']).toBe('7');
    expect(push.received).toHaveLength(0);

    await expect(send(subscription, 'retry')).resolves.toMatchObject({ statusCode: 201 });
    expect(push.received.map((m) => m.payload)).toEqual(['retry']);
  });

  it('fails several times in a row when asked', async () => {
    const subscription = push.newSubscription();
    push.failNext(subscription, 500, { times: 2 });
    expect((await refusal(send(subscription, '1'))).statusCode).toBe(500);
    expect((await refusal(send(subscription, '2'))).statusCode).toBe(500);
    await expect(send(subscription, '3')).resolves.toMatchObject({ statusCode: 201 });
  });
});

describe('waitFor', () => {
  it('resolves with a message that arrives later, and with one already received', async () => {
    const subscription = push.newSubscription();
    const waiting = push.waitFor((m) => m.payload === 'second', 5000);
    await send(subscription, 'first');
    await send(subscription, 'second');
    await expect(waiting).resolves.toMatchObject({ payload: 'second' });
    await expect(push.waitFor((m) => m.payload === 'first', 10)).resolves.toMatchObject({ payload: 'first' });
  });

  it('rejects after the timeout, naming what was refused', async () => {
    const subscription = push.newSubscription();
    await refusal(send(subscription, 'x', { vapidDetails: undefined }));
    await expect(push.waitFor(() => true, 50)).rejects.toThrow(/401 no vapid authorization/);
  });
});

describe('over http', () => {
  it('accepts what web-push builds, sent with fetch', async () => {
    const plain = await startPushService({ protocol: 'http' });
    try {
      expect(plain.origin).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      expect(plain.agent).toBeUndefined();
      const subscription = plain.newSubscription({ applicationServerKey: vapid.publicKey });
      const { headers, body } = webpush.generateRequestDetails(subscription, 'über http', { vapidDetails, TTL: 60 });
      const reply = await fetch(subscription.endpoint, {
        method: 'POST',
        headers: Object.fromEntries(Object.entries(headers).map(([name, value]) => [name, String(value)])),
        body: body ? new Uint8Array(body) : null,
      });
      expect(reply.status).toBe(201);
      expect(plain.received[0]?.payload).toBe('über http');
    } finally {
      await plain.close();
    }
  });
});
