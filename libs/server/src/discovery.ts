import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * Where a service of a stack publishes its address for the other services when they are not given its URL
 * (`npm start` gives each service a random port and passes service URLs only to the gateway; production
 * sets e.g. FOOTBALL_URL). The name is derived from the stack's INTERNAL_JWT_SECRET (random per
 * `npm start`), so two stacks side by side never read each other's file, and it reveals nothing of it.
 */
export function serviceAddressFile(service: string, secret: string): string {
  const tag = createHash('sha256').update(`matchday-service-address:${service}:${secret}`).digest('hex').slice(0, 16);
  return path.join(os.tmpdir(), `matchday-${service}-${tag}.url`);
}

/** Writes http://HOST:PORT for `service` when PORT is a fixed port (what `npm start` passes). */
export function publishServiceAddress(service: string, env: NodeJS.ProcessEnv = process.env): void {
  const port = Number(env.PORT ?? 0);
  const secret = env.INTERNAL_JWT_SECRET;
  if (!port || !secret || secret.length < 32) return;
  const host = !env.HOST || env.HOST === '0.0.0.0' ? '127.0.0.1' : env.HOST;
  fs.writeFileSync(serviceAddressFile(service, secret), `http://${host}:${port}\n`, { mode: 0o600 });
}

/** The published address of `service`, or null. */
export function readServiceAddress(service: string, env: NodeJS.ProcessEnv = process.env): string | null {
  const secret = env.INTERNAL_JWT_SECRET;
  if (!secret) return null;
  try {
    return fs.readFileSync(serviceAddressFile(service, secret), 'utf8').trim() || null;
  } catch {
    return null;
  }
}
