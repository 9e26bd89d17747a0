/**
 * The protocol half of the stand-in push service (push-service.ts): VAPID identification (RFC 8292) and the
 * aes128gcm payload (RFC 8188 with the RFC 8291 key derivation), decrypting what a sender sent and encrypting
 * as an application server does.
 */
import { createCipheriv, createDecipheriv, createECDH, createPublicKey, hkdfSync, randomBytes, verify, type ECDH } from 'node:crypto';

/** What PushSubscription.toJSON() gives a page (and what the page posts to /api/push/subscriptions). */
export interface PushSubscriptionJson {
  endpoint: string;
  expirationTime: number | null;
  keys: { p256dh: string; auth: string };
}

export class Refusal extends Error {
  constructor(
    readonly status: number,
    reason: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(reason);
  }
}

export const BASE64URL = /^[A-Za-z0-9_-]+$/;
const DAY_MS = 24 * 3600 * 1000;

export const b64u = (bytes: Buffer) => bytes.toString('base64url');

export function fromB64u(text: string): Buffer {
  if (!BASE64URL.test(text)) throw new Error('not base64url');
  return Buffer.from(text, 'base64url');
}

// ---- RFC 8292: the vapid authentication scheme ----

export interface VapidIdentity {
  sub: string;
  key: string;
  /** The token's expiry (epoch seconds). */
  exp: number;
}

function parseVapidHeader(header: string | undefined): { token: string; key: string } {
  const match = /^vapid\s+(.*)$/i.exec(header?.trim() ?? '');
  if (!match) throw new Refusal(401, 'no vapid authorization');
  const params = new Map<string, string>();
  for (const part of match[1]!.split(',')) {
    const eq = part.indexOf('=');
    if (eq > 0) params.set(part.slice(0, eq).trim().toLowerCase(), part.slice(eq + 1).trim());
  }
  const token = params.get('t');
  const key = params.get('k');
  if (!token || !key) throw new Refusal(401, 'vapid authorization without t and k');
  return { token, key };
}

export function verifyVapid(header: string | undefined, audience: string, nowMs: number): VapidIdentity {
  const { token, key } = parseVapidHeader(header);
  let point: Buffer;
  try {
    point = fromB64u(key);
  } catch {
    throw new Refusal(403, 'vapid k is not base64url');
  }
  if (point.length !== 65 || point[0] !== 0x04) throw new Refusal(403, 'vapid k is not an uncompressed P-256 point');
  let publicKey;
  try {
    publicKey = createPublicKey({
      key: { kty: 'EC', crv: 'P-256', x: b64u(point.subarray(1, 33)), y: b64u(point.subarray(33)) },
      format: 'jwk',
    });
  } catch {
    throw new Refusal(403, 'vapid k is not a point on P-256');
  }
  const parts = token.split('.');
  if (parts.length !== 3) throw new Refusal(403, 'vapid t is not a JWS compact serialization');
  const [headerPart, claimsPart, signaturePart] = parts as [string, string, string];
  let jwtHeader: { alg?: unknown };
  let claims: { aud?: unknown; exp?: unknown; sub?: unknown };
  let signature: Buffer;
  try {
    jwtHeader = JSON.parse(fromB64u(headerPart).toString('utf8'));
    claims = JSON.parse(fromB64u(claimsPart).toString('utf8'));
    signature = fromB64u(signaturePart);
  } catch {
    throw new Refusal(403, 'vapid t does not decode');
  }
  if (jwtHeader?.alg !== 'ES256') throw new Refusal(403, 'vapid JWT alg is not ES256');
  // JWS ES256 signatures are r || s, 32 bytes each (RFC 7518 §3.4), not DER
  const signed = Buffer.from(`${headerPart}.${claimsPart}`, 'ascii');
  if (signature.length !== 64 || !verify('sha256', signed, { key: publicKey, dsaEncoding: 'ieee-p1363' }, signature)) {
    throw new Refusal(403, 'vapid JWT signature does not verify with k');
  }
  if (claims?.aud !== audience) throw new Refusal(403, `vapid aud ${JSON.stringify(claims?.aud)} is not ${audience}`);
  if (typeof claims.exp !== 'number' || !Number.isFinite(claims.exp)) throw new Refusal(403, 'vapid exp missing');
  if (claims.exp * 1000 <= nowMs) throw new Refusal(403, 'vapid JWT expired');
  if (claims.exp * 1000 > nowMs + DAY_MS) throw new Refusal(403, 'vapid exp more than 24 hours ahead');
  if (typeof claims.sub !== 'string' || !isContact(claims.sub)) throw new Refusal(403, 'vapid sub is not a mailto: or https: URL');
  return { sub: claims.sub, key, exp: claims.exp };
}

function isContact(sub: string): boolean {
  try {
    const url = new URL(sub);
    return (url.protocol === 'mailto:' && url.pathname.includes('@')) || (url.protocol === 'https:' && url.hostname !== '');
  } catch {
    return false;
  }
}

// ---- RFC 8188 + RFC 8291: the aes128gcm payload ----

const hkdf = (ikm: Buffer, salt: Buffer, info: Buffer, size: number) => Buffer.from(hkdfSync('sha256', ikm, salt, info, size));

/** The plaintext of an aes128gcm body sent to `subscription`; throws a 400 Refusal when it does not decrypt. */
export function decrypt(body: Buffer, subscription: { ecdh: ECDH; publicKey: Buffer; auth: Buffer }): Buffer {
  // header: salt (16) | rs (uint32) | idlen (1) | keyid (idlen) = the sender's ephemeral ECDH public key
  if (body.length < 21) throw new Refusal(400, 'aes128gcm body shorter than its header');
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const idLength = body[20]!;
  const senderKey = body.subarray(21, 21 + idLength);
  const ciphertext = body.subarray(21 + idLength);
  if (idLength !== 65 || senderKey[0] !== 0x04) throw new Refusal(400, 'aes128gcm keyid is not an uncompressed P-256 point');
  if (recordSize < 18) throw new Refusal(400, 'aes128gcm record size below 18');
  if (ciphertext.length < 17) throw new Refusal(400, 'aes128gcm record shorter than its tag and delimiter');
  // RFC 8291 §4: a push message is a single record
  if (ciphertext.length > recordSize) throw new Refusal(400, 'aes128gcm body holds more than one record');
  let sharedSecret: Buffer;
  try {
    sharedSecret = subscription.ecdh.computeSecret(senderKey);
  } catch {
    throw new Refusal(400, 'aes128gcm keyid is not a point on P-256');
  }
  // RFC 8291 §3.4: IKM from the ECDH secret and the auth secret, bound to both public keys
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0', 'ascii'), subscription.publicKey, senderKey]);
  const ikm = hkdf(sharedSecret, subscription.auth, keyInfo, 32);
  // RFC 8188 §2.2, §2.3: content-encryption key and nonce (record 0: the nonce as derived)
  const cek = hkdf(ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0', 'ascii'), 16);
  const nonce = hkdf(ikm, salt, Buffer.from('Content-Encoding: nonce\0', 'ascii'), 12);
  let padded: Buffer;
  try {
    const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
    decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
    padded = Buffer.concat([decipher.update(ciphertext.subarray(0, ciphertext.length - 16)), decipher.final()]);
  } catch {
    throw new Refusal(400, 'aes128gcm record does not decrypt with the subscription keys');
  }
  // RFC 8188 §2: content, then the delimiter (0x02 for the last record), then any number of zeros
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end -= 1;
  if (end < 0 || padded[end] !== 0x02) throw new Refusal(400, 'aes128gcm last record without its 0x02 padding delimiter');
  return padded.subarray(0, end);
}

/**
 * Encrypts `plaintext` for a subscription the way an application server does (RFC 8291), with the given
 * record size and padding: for tests of the stand-in itself and of malformed bodies.
 */
export function encryptForSubscription(
  subscription: PushSubscriptionJson,
  plaintext: Buffer | string,
  options: { recordSize?: number; padding?: number; delimiter?: number } = {},
): Buffer {
  const uaPublic = fromB64u(subscription.keys.p256dh);
  const auth = fromB64u(subscription.keys.auth);
  const sender = createECDH('prime256v1');
  const senderKey = sender.generateKeys();
  const salt = randomBytes(16);
  const ikm = hkdf(sender.computeSecret(uaPublic), auth, Buffer.concat([Buffer.from('WebPush: info\0', 'ascii'), uaPublic, senderKey]), 32);
  const cek = hkdf(ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0', 'ascii'), 16);
  const nonce = hkdf(ikm, salt, Buffer.from('Content-Encoding: nonce\0', 'ascii'), 12);
  const record = Buffer.concat([Buffer.from(plaintext), Buffer.from([options.delimiter ?? 0x02]), Buffer.alloc(options.padding ?? 0)]);
  const cipher = createCipheriv('aes-128-gcm', cek, nonce);
  const sealed = Buffer.concat([cipher.update(record), cipher.final(), cipher.getAuthTag()]);
  const header = Buffer.alloc(21);
  salt.copy(header, 0);
  header.writeUInt32BE(options.recordSize ?? 4096, 16);
  header[20] = senderKey.length;
  return Buffer.concat([header, senderKey, sealed]);
}
