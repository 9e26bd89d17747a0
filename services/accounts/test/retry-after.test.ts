import { PushConnections } from '../src/modules/alerts/push-connections';
import { MAX_RETRY_AFTER_MS, retryAfterMs } from '../src/modules/alerts/sender';

describe("a push service's Retry-After", () => {
  const now = Date.parse('2026-11-28T15:00:00Z');

  it('reads delay-seconds and HTTP dates, capped at ten minutes; anything else is no header', () => {
    expect(retryAfterMs('3', now)).toBe(3000);
    expect(retryAfterMs(['0'], now)).toBe(0);
    expect(retryAfterMs('Sat, 28 Nov 2026 15:00:30 GMT', now)).toBe(30_000);
    expect(retryAfterMs('Sat, 28 Nov 2026 14:59:00 GMT', now)).toBe(0);
    expect(retryAfterMs('86400', now)).toBe(MAX_RETRY_AFTER_MS);
    expect(retryAfterMs(undefined, now)).toBeUndefined();
    expect(retryAfterMs('', now)).toBeUndefined();
    expect(retryAfterMs('soon', now)).toBeUndefined();
    expect(retryAfterMs('-5', now)).toBeUndefined();
  });

  it('pauses one push service until the latest time asked, and only that one', async () => {
    const connections = new PushConnections({ connections: 1 });
    connections.pause('https://fcm.googleapis.com', now + 5000);
    connections.pause('https://fcm.googleapis.com', now + 2000);
    expect(connections.resumesAt('https://fcm.googleapis.com', now)).toBe(now + 5000);
    expect(connections.resumesAt('https://updates.push.services.mozilla.com', now)).toBeUndefined();
    expect(connections.resumesAt('https://fcm.googleapis.com', now + 5000)).toBeUndefined();
    await connections.close();
  });
});
