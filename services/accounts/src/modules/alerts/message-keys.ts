import { createCipheriv, createECDH, hkdfSync, randomBytes } from 'node:crypto';

/*
 * A push's payload encryption (RFC 8291 key derivation, RFC 8188 "aes128gcm" content coding), in two halves:
 * - the message's keys for one device: a fresh P-256 key pair, its agreement with the device's key, a random salt and
 *   the HKDF steps (about nine tenths of the CPU of an encryption, measured by bench/push-transport.ts);
 * - the payload, sealed with those keys (AES-128-GCM, a few µs).
 * The first half needs only the device's keys, so a sender makes it ahead, while it waits for a goal (keys-ahead.ts);
 * each message still has keys of its own, used once. web-push's encryption makes both halves in one call, which
 * leaves nothing to make ahead; the derivation is checked against http_ece's (test/message-keys.test.ts).
 */

/** What encrypts one message for one device: used once, then forgotten. */
export interface MessageKeys {
  /** The device's keys these were made for (a device that subscribes again has others). */
  p256dh: string;
  auth: string;
  /** The aes128gcm header: salt (16), record size (4), key id length (1), the sender's public key (65). */
  header: Buffer;
  cek: Buffer;
  nonce: Buffer;
}

/** The record size written in the header: a push's payload is at most 4,096 bytes, one record. */
const RECORD_SIZE = 4096;
/** The padding delimiter of the last (here, only) record, and the GCM tag. */
const DELIMITER = Buffer.from([2]);
const TAG_BYTES = 16;
const CEK_INFO = Buffer.from('Content-Encoding: aes128gcm\0');
const NONCE_INFO = Buffer.from('Content-Encoding: nonce\0');
const KEY_INFO = Buffer.from('WebPush: info\0');

/** The largest payload one record holds. */
export const MAX_PAYLOAD_BYTES = RECORD_SIZE - TAG_BYTES - DELIMITER.length;

/**
 * Makes one message's keys for a device (RFC 8291 §3.3-3.4, RFC 8188 §2.2-2.3). Throws on keys that cannot take a push:
 * a p256dh that is not an uncompressed P-256 point, or an auth secret that is not 16 bytes.
 */
export function makeMessageKeys(device: { p256dh: string; auth: string }): MessageKeys {
  const devicePublic = Buffer.from(device.p256dh, 'base64url');
  const authSecret = Buffer.from(device.auth, 'base64url');
  if (devicePublic.length !== 65) throw new Error('the subscription p256dh value should be 65 bytes long');
  if (authSecret.length !== 16) throw new Error('the subscription auth value should be 16 bytes long');
  const ecdh = createECDH('prime256v1');
  const senderPublic = ecdh.generateKeys();
  // throws for a point off the curve
  const shared = ecdh.computeSecret(devicePublic);
  const ikm = Buffer.from(hkdfSync('sha256', shared, authSecret, Buffer.concat([KEY_INFO, devicePublic, senderPublic]), 32));
  const salt = randomBytes(16);
  const header = Buffer.alloc(16 + 4 + 1 + senderPublic.length);
  salt.copy(header, 0);
  header.writeUInt32BE(RECORD_SIZE, 16);
  header.writeUInt8(senderPublic.length, 20);
  senderPublic.copy(header, 21);
  return {
    p256dh: device.p256dh,
    auth: device.auth,
    header,
    cek: Buffer.from(hkdfSync('sha256', ikm, salt, CEK_INFO, 16)),
    nonce: Buffer.from(hkdfSync('sha256', ikm, salt, NONCE_INFO, 12)),
  };
}

/** The aes128gcm body of `payload` under `keys` (one record). */
export function sealPayload(keys: MessageKeys, payload: Buffer): Buffer {
  if (payload.length > MAX_PAYLOAD_BYTES) throw new Error(`a push payload is at most ${MAX_PAYLOAD_BYTES} bytes (${payload.length})`);
  const cipher = createCipheriv('aes-128-gcm', keys.cek, keys.nonce);
  const sealed = Buffer.concat([keys.header, cipher.update(payload), cipher.update(DELIMITER), cipher.final(), cipher.getAuthTag()]);
  return sealed;
}
