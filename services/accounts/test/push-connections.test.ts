import https from 'node:https';
import type { AddressInfo } from 'node:net';
import type { TLSSocket } from 'node:tls';
import { selfSignedCertificate } from '@matchday/testing';
import {
  connectionsAhead,
  OPEN_AHEAD_AT_ONCE,
  OPENED_AHEAD_MAX_AGE_MS,
  PushConnections,
  REOPEN_AFTER_CLOSE_MS,
} from '../src/modules/alerts/push-connections';

describe('how many connections a sender opens ahead to each push service', () => {
  const fcm = (n: number) => `https://fcm.googleapis.com/fcm/send/device-${n}`;
  const mozilla = (n: number) => `https://updates.push.services.mozilla.com/wpush/v2/device-${n}`;

  it("shares the sender's connections out by each service's devices, at least one each and never more than its devices", () => {
    const endpoints = [
      ...Array.from({ length: 300 }, (_, n) => fcm(n)),
      ...Array.from({ length: 100 }, (_, n) => mozilla(n)),
      'https://web.push.apple.com/device-1',
    ];
    expect(connectionsAhead(endpoints, 128)).toEqual(
      new Map([
        ['https://fcm.googleapis.com', 96],
        ['https://updates.push.services.mozilla.com', 32],
        ['https://web.push.apple.com', 1],
      ]),
    );
    expect(connectionsAhead([fcm(1), fcm(2), mozilla(1)], 128)).toEqual(
      new Map([
        ['https://fcm.googleapis.com', 2],
        ['https://updates.push.services.mozilla.com', 1],
      ]),
    );
  });

  it('opens nothing to an endpoint the server may not call, nor to one that is not a URL', () => {
    const problem = (endpoint: string) => (endpoint.startsWith('https://10.') ? 'a private address' : null);
    const wanted = connectionsAhead([fcm(1), 'https://10.0.0.1/push/1', 'https://10.0.0.1/push/2', 'not a url'], 64, problem);
    expect(wanted).toEqual(new Map([['https://fcm.googleapis.com', 1]]));
  });
});

/** A TLS server standing in for a push service: it counts connections and requests, and answers 201. */
async function startServer() {
  const certificate = selfSignedCertificate();
  const sockets = new Set<TLSSocket>();
  let requests = 0;
  const server = https.createServer({ key: certificate.key, cert: certificate.cert }, (request, response) => {
    requests += 1;
    request.resume();
    request.on('end', () => response.writeHead(201).end());
  });
  server.on('secureConnection', (socket: TLSSocket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    origin: `https://127.0.0.1:${(server.address() as AddressInfo).port}`,
    ca: certificate.cert,
    sockets,
    get requests() {
      return requests;
    },
    close: () => {
      for (const socket of sockets) socket.destroy();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

const waitFor = async (what: string, check: () => boolean) => {
  const deadline = Date.now() + 5_000;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
};

describe('connections opened ahead', () => {
  let server: Awaited<ReturnType<typeof startServer>>;
  let connections: PushConnections;
  let now = Date.parse('2026-12-07T18:00:00Z');

  beforeEach(async () => {
    server = await startServer();
  });
  afterEach(async () => {
    await connections.close();
    await server.close();
  });

  const post = (origin: string) =>
    connections
      .pool(origin)
      .request({ path: '/push/1', method: 'POST', body: 'sealed' })
      .then(async (response) => {
        await response.body.dump();
        return response.statusCode;
      });

  it('are opened with no request, up to the wanted count (the pool included), and the pool sends on them', async () => {
    connections = new PushConnections({ connections: 8, ca: server.ca });
    expect(await connections.openAhead(new Map([[server.origin, 6]]))).toBe(6);
    await waitFor('the server to see six connections', () => server.sockets.size === 6);
    expect(server.requests).toBe(0);
    // enough are open: none more
    expect(await connections.openAhead(new Map([[server.origin, 6]]))).toBe(0);
    expect(await Promise.all(Array.from({ length: 6 }, () => post(server.origin)))).toEqual(Array(6).fill(201));
    expect(server.requests).toBe(6);
    expect(connections.counts).toEqual({ ahead: 6, atSend: 0 });
    expect(server.sockets.size).toBe(6);
    // the pool's connections count: still none more
    expect(await connections.openAhead(new Map([[server.origin, 6]]))).toBe(0);
  });

  it("are opened for the devices' endpoints the sender was told of (want): never more than their devices", async () => {
    connections = new PushConnections({ connections: 8, ca: server.ca });
    connections.want([1, 2, 3].map((n) => `${server.origin}/push/${n}`));
    expect(await connections.openAhead()).toBe(3);
    connections.want([`${server.origin}/push/1`], () => 'not a push service');
    expect(await connections.openAhead()).toBe(0);
    expect(connections.openedAhead).toBe(0);
  });

  it('are opened at most OPEN_AHEAD_AT_ONCE at a time, and never more than the connections a pool may have', async () => {
    connections = new PushConnections({ connections: OPEN_AHEAD_AT_ONCE + 8, ca: server.ca });
    const wanted = new Map([[server.origin, 1_000]]);
    expect(await connections.openAhead(wanted)).toBe(OPEN_AHEAD_AT_ONCE);
    expect(await connections.openAhead(wanted)).toBe(8);
    expect(await connections.openAhead(wanted)).toBe(0);
    expect(connections.openedAhead).toBe(OPEN_AHEAD_AT_ONCE + 8);
  });

  it('are forgotten when the push service closes them, and a pool then opens its own; none is opened ahead to it for a while', async () => {
    connections = new PushConnections({ connections: 4, ca: server.ca, now: () => now });
    await connections.openAhead(new Map([[server.origin, 2]]));
    await waitFor('the server to see two connections', () => server.sockets.size === 2);
    for (const socket of server.sockets) socket.end();
    await waitFor('the closed connections to be forgotten', () => connections.openedAhead === 0);
    expect(await post(server.origin)).toBe(201);
    expect(connections.counts).toEqual({ ahead: 0, atSend: 1 });
    expect(await connections.openAhead(new Map([[server.origin, 3]]))).toBe(0);
    now += REOPEN_AFTER_CLOSE_MS;
    expect(await connections.openAhead(new Map([[server.origin, 3]]))).toBe(2);
  });

  it('are closed after OPENED_AHEAD_MAX_AGE_MS unused, and opened again', async () => {
    connections = new PushConnections({ connections: 4, ca: server.ca, now: () => now });
    const wanted = new Map([[server.origin, 2]]);
    await connections.openAhead(wanted);
    await waitFor('the server to see two connections', () => server.sockets.size === 2);
    const first = new Set(server.sockets);
    now += OPENED_AHEAD_MAX_AGE_MS;
    expect(await connections.openAhead(wanted)).toBe(2);
    await waitFor(
      'the old connections to close and two new ones',
      () => server.sockets.size === 2 && [...first].every((s) => !server.sockets.has(s)),
    );
    // too old to be handed out: the pool opens its own
    now += OPENED_AHEAD_MAX_AGE_MS;
    expect(await post(server.origin)).toBe(201);
    expect(connections.counts).toEqual({ ahead: 0, atSend: 1 });
  });

  it('unused for their time, are closed even when no pass comes to look, and that is not the push service closing them', async () => {
    connections = new PushConnections({ connections: 4, ca: server.ca, maxIdleMs: 200 });
    expect(await connections.openAhead(new Map([[server.origin, 2]]))).toBe(2);
    await waitFor('the server to see two connections', () => server.sockets.size === 2);
    await waitFor('the idle connections to close', () => connections.openedAhead === 0 && server.sockets.size === 0);
    expect(await connections.openAhead(new Map([[server.origin, 2]]))).toBe(2);
  });

  it('go to no push service that asked for a pause, and to no origin no longer wanted', async () => {
    connections = new PushConnections({ connections: 4, ca: server.ca, now: () => now });
    await connections.openAhead(new Map([[server.origin, 2]]));
    await waitFor('the server to see two connections', () => server.sockets.size === 2);
    expect(await connections.openAhead(new Map())).toBe(0);
    expect(connections.openedAhead).toBe(0);
    await waitFor('the unwanted connections to close', () => server.sockets.size === 0);
    connections.pause(server.origin, now + 1_000);
    expect(await connections.openAhead(new Map([[server.origin, 2]]))).toBe(0);
    expect(server.sockets.size).toBe(0);
  });
});
