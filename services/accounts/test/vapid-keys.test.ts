import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { developmentVapidKeys, vapidPrivateKeyVar, vapidPublicKeyVar } from '../src/lib/vapid';

/** Development's VAPID pair, made once into DATA_DIR: always one web-push can sign with. */
describe("development's VAPID keys", () => {
  const dirs: string[] = [];
  const dir = () => {
    const made = fs.mkdtempSync(path.join(os.tmpdir(), 'matchday-vapid-'));
    dirs.push(made);
    return made;
  };
  afterAll(() => {
    for (const made of dirs) fs.rmSync(made, { recursive: true, force: true });
  });

  it('are made whole: a 65-byte public key and a 32-byte private key, every time (one in 256 of OpenSSL’s has 31)', () => {
    for (let i = 0; i < 600; i += 1) {
      const keys = developmentVapidKeys(dir());
      expect(vapidPublicKeyVar.safeParse(keys.publicKey).success).toBe(true);
      expect(vapidPrivateKeyVar.safeParse(keys.privateKey).success).toBe(true);
    }
  });

  it('are kept in the data directory, and a saved pair that cannot sign is replaced once, not looped on', () => {
    const data = dir();
    const first = developmentVapidKeys(data);
    expect(developmentVapidKeys(data)).toEqual(first);
    // a private key of 31 bytes, as made before keys were padded
    fs.writeFileSync(
      path.join(data, 'vapid-keys.json'),
      JSON.stringify({ ...first, privateKey: Buffer.alloc(31, 9).toString('base64url') }),
    );
    const replaced = developmentVapidKeys(data);
    expect(vapidPrivateKeyVar.safeParse(replaced.privateKey).success).toBe(true);
    expect(replaced.publicKey).not.toBe(first.publicKey);
    expect(developmentVapidKeys(data)).toEqual(replaced);
  });
});
