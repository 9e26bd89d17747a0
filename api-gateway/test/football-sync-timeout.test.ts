import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type Koa from 'koa';
import { HttpError } from '@matchday/server';
import { TEST_SECRET } from '@matchday/testing';
import { footballSyncAdmin } from '../src/admin/football-sync';
import type { GatewayConfig } from '../src/config';
import { IdentitySigner } from '../src/proxy/identity';

/**
 * The admin sync endpoint's own wait for the football service: when it runs out the gateway answers 504 (a gateway
 * timeout: the service took the request and is still at it), and 503 only when the service cannot be reached.
 */
describe('POST /api/admin/sync: the gateway gives up waiting', () => {
  let hanging: http.Server;
  let hangingUrl: string;

  beforeAll(async () => {
    // takes the request and never answers
    hanging = http.createServer(() => undefined);
    await new Promise<void>((resolve) => hanging.listen(0, '127.0.0.1', resolve));
    hangingUrl = `http://127.0.0.1:${(hanging.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    hanging.closeAllConnections();
    await new Promise((resolve) => hanging.close(resolve));
  });

  const config = (football: string) =>
    ({ adminEmails: new Set(['admin@example.com']), services: { football } }) as unknown as GatewayConfig;
  const adminCall = () =>
    ({
      path: '/api/admin/sync',
      method: 'POST',
      session: { user: { id: 1, email: 'admin@example.com' } },
      req: {},
      set: () => undefined,
    }) as unknown as Koa.Context;
  const refusal = async (football: string, waitMs: number): Promise<HttpError> => {
    const middleware = footballSyncAdmin(config(football), new IdentitySigner(TEST_SECRET), waitMs);
    const error = await middleware(adminCall(), async () => undefined).then(
      () => null,
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(HttpError);
    return error as HttpError;
  };

  it('answers 504 when its own wait runs out while the service holds the run', async () => {
    const error = await refusal(hangingUrl, 200);
    expect(error.status).toBe(504);
    expect(error.message).toMatch(/did not answer/);
  });

  it('answers 503 with Retry-After when the service cannot be reached', async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(closed.address() as AddressInfo).port}`;
    await new Promise((resolve) => closed.close(resolve));
    const error = await refusal(url, 5000);
    expect(error.status).toBe(503);
    expect(error.headers['retry-after']).toBe('2');
  });
});
