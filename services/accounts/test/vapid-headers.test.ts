import webpush from 'web-push';
import { VAPID_RENEW_AFTER_MS, VAPID_TOKEN_SECONDS, VapidHeaders } from '../src/modules/alerts/sender';

// web-push's pairs: a private key is always 32 bytes (one from OpenSSL whose first byte is 0 has 31, and is refused)
const vapid = { ...webpush.generateVAPIDKeys(), subject: 'mailto:alerts@matchday.example' };
const claims = (authorization: string) => {
  const token = /^vapid t=([^,]+), k=/.exec(authorization)![1]!;
  return JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { aud: string; exp: number; sub: string };
};

describe('VAPID headers', () => {
  it('signs one token per push-service origin and reuses it until it is due for renewal, well before it expires', () => {
    let clock = Date.UTC(2026, 10, 28, 12);
    const headers = new VapidHeaders(() => clock);
    const first = headers.authorization(vapid, 'https://fcm.googleapis.com/fcm/send/a');
    expect(headers.authorization(vapid, 'https://fcm.googleapis.com/fcm/send/b')).toBe(first);
    expect(claims(first)).toEqual({ aud: 'https://fcm.googleapis.com', exp: clock / 1000 + VAPID_TOKEN_SECONDS, sub: vapid.subject });
    expect(VAPID_TOKEN_SECONDS * 1000).toBeLessThanOrEqual(24 * 3_600_000);
    // another push service is another audience
    const mozilla = headers.authorization(vapid, 'https://updates.push.services.mozilla.com/wpush/v2/x');
    expect(claims(mozilla).aud).toBe('https://updates.push.services.mozilla.com');
    expect(headers.signed).toBe(2);

    clock += VAPID_RENEW_AFTER_MS - 1;
    expect(headers.authorization(vapid, 'https://fcm.googleapis.com/fcm/send/c')).toBe(first);
    clock += 1;
    const renewed = headers.authorization(vapid, 'https://fcm.googleapis.com/fcm/send/c');
    expect(renewed).not.toBe(first);
    expect(claims(renewed).exp).toBe(clock / 1000 + VAPID_TOKEN_SECONDS);
    expect(headers.signed).toBe(3);
    // a token renewed before half its validity has passed: a push service never sees an expired one
    expect(VAPID_RENEW_AFTER_MS).toBeLessThanOrEqual((VAPID_TOKEN_SECONDS * 1000) / 2);
  });

  it('signs again for other keys', () => {
    const headers = new VapidHeaders(() => Date.UTC(2026, 10, 28, 12));
    const other = webpush.generateVAPIDKeys();
    const a = headers.authorization(vapid, 'https://fcm.googleapis.com/x');
    const b = headers.authorization({ ...vapid, ...other }, 'https://fcm.googleapis.com/x');
    expect(b).not.toBe(a);
    expect(b).toContain(`k=${other.publicKey}`);
  });
});
