import Keygrip from 'keygrip';
import { growingLru } from '../shared/lru';

/** How many verified cookie signatures are remembered (one per live session cookie is enough). */
export const REMEMBERED_SIGNATURES = 100_000;

/**
 * The keys of the gateway's signed cookies (app.keys): Keygrip, except that a signature it has verified
 * once is remembered. The session cookie is checked on every request, and Keygrip's check costs two
 * HMACs plus 32 random bytes (tsscmp's constant-time compare); with the session cached for 5 s, that
 * check was the largest piece of CPU a cached read spent in the gateway (the profile in README
 * "Benchmarks"). Only signatures that verified are kept, keyed by the whole value and signature, so a
 * guess still goes through Keygrip's constant-time compare.
 */
export function rememberingKeygrip(keys: readonly string[], max = REMEMBERED_SIGNATURES): Keygrip {
  const keygrip = new Keygrip(keys);
  const verified = growingLru<string, number>(max);
  const index = (data: unknown, digest: string): number => {
    const key = `${String(data)}\n${digest}`;
    const known = verified.get(key);
    if (known !== undefined) return known;
    const found = keygrip.index(data, digest);
    if (found >= 0) verified.set(key, found);
    return found;
  };
  return {
    sign: (data: unknown) => keygrip.sign(data),
    index,
    verify: (data: unknown, digest: string) => index(data, digest) >= 0,
  };
}
