import { createECDH, randomBytes } from 'node:crypto';
import { KeysAhead } from '../src/modules/alerts/keys-ahead';
import { MAX_PAYLOAD_BYTES, makeMessageKeys, sealPayload } from '../src/modules/alerts/message-keys';

// http_ece: the reference implementation of RFC 8188 by one of its authors (web-push encrypts with it)
// eslint-disable-next-line @typescript-eslint/no-require-imports
const ece = require('http_ece') as {
  decrypt(body: Buffer, params: { version: 'aes128gcm'; privateKey: ReturnType<typeof createECDH>; authSecret: string }): Buffer;
};

/** A browser's subscription keys (what PushManager.subscribe gives), with its private half to decrypt. */
function device() {
  const ecdh = createECDH('prime256v1');
  const publicKey = ecdh.generateKeys();
  const auth = randomBytes(16);
  return { ecdh, keys: { p256dh: publicKey.toString('base64url'), auth: auth.toString('base64url') } };
}

/** The plaintext of an aes128gcm body as the phone decrypts it (the reference implementation). */
function opened(phone: ReturnType<typeof device>, body: Buffer): Buffer {
  return ece.decrypt(body, { version: 'aes128gcm', privateKey: phone.ecdh, authSecret: phone.keys.auth });
}

describe('message keys and the sealed payload (RFC 8291, aes128gcm)', () => {
  it('a sealed payload decrypts with the device keys by the reference implementation, one record of 4,096 bytes', () => {
    const phone = device();
    const payload = Buffer.from(JSON.stringify({ title: 'Goal! 🇦🇷 Argentina 2–2 🇫🇷 France', body: 'Kylian Mbappé 81′' }));
    const body = sealPayload(makeMessageKeys(phone.keys), payload);
    expect(body.readUInt32BE(16)).toBe(4096);
    expect(body[20]).toBe(65);
    expect(opened(phone, body).toString()).toBe(payload.toString());
  });

  it('every message has keys of its own: another salt and another sender key each time', () => {
    const phone = device();
    const [a, b] = [makeMessageKeys(phone.keys), makeMessageKeys(phone.keys)];
    expect(a.header.subarray(0, 16).equals(b.header.subarray(0, 16))).toBe(false);
    expect(a.header.subarray(21).equals(b.header.subarray(21))).toBe(false);
    expect(a.cek.equals(b.cek)).toBe(false);
  });

  it('keys that cannot take a push are refused, as is a payload larger than one record', () => {
    const phone = device();
    const offCurve = Buffer.alloc(65, 4).toString('base64url');
    expect(() => makeMessageKeys({ ...phone.keys, p256dh: offCurve })).toThrow();
    expect(() => makeMessageKeys({ ...phone.keys, p256dh: Buffer.alloc(64, 4).toString('base64url') })).toThrow(/65 bytes/);
    expect(() => makeMessageKeys({ ...phone.keys, auth: randomBytes(15).toString('base64url') })).toThrow(/16 bytes/);
    const keys = makeMessageKeys(phone.keys);
    expect(() => sealPayload(keys, Buffer.alloc(MAX_PAYLOAD_BYTES + 1))).toThrow(/at most 4079 bytes/);
    const largest = sealPayload(keys, Buffer.alloc(MAX_PAYLOAD_BYTES, 'x'));
    expect(opened(phone, largest)).toHaveLength(MAX_PAYLOAD_BYTES);
  });
});

describe('keys made ahead', () => {
  it('hands a device its keys once; then, or for keys that changed, makes them at the time of sending', () => {
    const ahead = new KeysAhead(10);
    const phone = device();
    ahead.prepare(1, phone.keys);
    const first = ahead.take(1, phone.keys);
    expect(opened(phone, sealPayload(first, Buffer.from('one'))).toString()).toBe('one');
    expect(ahead.has(1)).toBe(false);
    const second = ahead.take(1, phone.keys);
    expect(second.header.equals(first.header)).toBe(false);
    expect(ahead.counts).toEqual({ ahead: 1, atSend: 1 });
    // the device subscribed again (new keys): what was made for the old ones is not used
    ahead.prepare(1, phone.keys);
    const renewed = device();
    const fresh = ahead.take(1, renewed.keys);
    expect(opened(renewed, sealPayload(fresh, Buffer.from('two'))).toString()).toBe('two');
    expect(ahead.counts).toEqual({ ahead: 1, atSend: 2 });
  });

  it('keeps at most its capacity (the oldest made go first) and forgets devices no longer listed', () => {
    const ahead = new KeysAhead(2);
    const phone = device();
    for (const id of [1, 2, 3]) ahead.prepare(id, phone.keys);
    expect([ahead.has(1), ahead.has(2), ahead.has(3), ahead.size]).toEqual([false, true, true, 2]);
    ahead.retain(new Set([3]));
    expect([ahead.has(2), ahead.has(3)]).toEqual([false, true]);
    const none = new KeysAhead(0);
    none.prepare(1, phone.keys);
    expect(none.size).toBe(0);
  });
});
