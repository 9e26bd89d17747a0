import fs from 'node:fs';
import path from 'node:path';
import webpush from 'web-push';
import { z } from 'zod';

/** A VAPID key pair (RFC 8292): P-256, base64url, as `web-push generate-vapid-keys` prints them. */
export interface VapidKeys {
  /** Uncompressed point (65 bytes). */
  publicKey: string;
  /** Scalar (32 bytes). */
  privateKey: string;
  /** mailto: or https: contact that push services see in the token. */
  subject: string;
}

const base64url = (bytes: number, what: string) =>
  z
    .string()
    .regex(/^[A-Za-z0-9_-]+$/, `must be base64url (${what})`)
    .refine((text) => Buffer.from(text, 'base64url').length === bytes, `must decode to ${bytes} bytes (${what})`);

export const vapidPublicKeyVar = base64url(65, 'an uncompressed P-256 public key');
export const vapidPrivateKeyVar = base64url(32, 'a P-256 private key');
export const vapidSubjectVar = z
  .string()
  .regex(/^(mailto:[^\s@]+@[^\s@]+|https:\/\/\S+)$/, 'must be mailto:someone@example.com or an https:// URL');

/** A new pair, by web-push: its private key always 32 bytes (a P-256 key whose first byte is 0 comes out of OpenSSL as 31). */
function generate(): Omit<VapidKeys, 'subject'> {
  const { publicKey, privateKey } = webpush.generateVAPIDKeys();
  return { publicKey, privateKey };
}

let ephemeral: Omit<VapidKeys, 'subject'> | undefined;

/**
 * Development's key pair: made once into DATA_DIR/vapid-keys.json (as the gateway's session secret is), so that
 * browsers' subscriptions survive restarts; without a data directory (jest), one pair per process.
 */
export function developmentVapidKeys(dir: string | undefined): Omit<VapidKeys, 'subject'> {
  if (dir === undefined) return (ephemeral ??= generate());
  const file = path.join(dir, 'vapid-keys.json');
  let present = false;
  try {
    const text = fs.readFileSync(file, 'utf8');
    present = true;
    const saved = JSON.parse(text) as Partial<VapidKeys>;
    if (vapidPublicKeyVar.safeParse(saved.publicKey).success && vapidPrivateKeyVar.safeParse(saved.privateKey).success) {
      return { publicKey: saved.publicKey!, privateKey: saved.privateKey! };
    }
  } catch {
    // none yet (or unreadable): make one
  }
  const keys = generate();
  fs.mkdirSync(dir, { recursive: true });
  if (present) {
    // there, but no pair web-push can sign with (a 31-byte private key made before keys were padded): replaced whole
    const next = `${file}.${process.pid}.tmp`;
    fs.writeFileSync(next, `${JSON.stringify(keys)}\n`, { mode: 0o600 });
    fs.renameSync(next, file);
    return developmentVapidKeys(dir);
  }
  try {
    // created only if absent: the accounts service and the alert senders start together, and all must sign with one pair
    fs.writeFileSync(file, `${JSON.stringify(keys)}\n`, { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return developmentVapidKeys(dir);
  }
  return keys;
}
