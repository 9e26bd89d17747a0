import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Knex } from 'knex';
import { buildServiceApp, serviceRouter, WARM_UP_HEADER, warmUp, warmUpMark, type ServiceDefinition } from '../src';

describe('warm-up', () => {
  it('sends every path the given number of rounds, one at a time, with the headers given', async () => {
    const seen: Array<{ url: string; mark: string | undefined; inFlight: number }> = [];
    let inFlight = 0;
    const server = http.createServer((req, res) => {
      inFlight++;
      seen.push({ url: req.url!, mark: req.headers[WARM_UP_HEADER] as string | undefined, inFlight });
      setTimeout(() => {
        inFlight--;
        res.writeHead(req.url === '/missing' ? 404 : 200).end('ok');
      }, 5);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const mark = warmUpMark('secret');
      await warmUp((server.address() as AddressInfo).port, ['/a', '/missing'], { [WARM_UP_HEADER]: mark }, 2);
      expect(seen.map((s) => s.url)).toEqual(['/a', '/missing', '/a', '/missing']);
      expect(seen.every((s) => s.mark === mark && s.inFlight === 1)).toBe(true);
      await expect(warmUp((server.address() as AddressInfo).port, ['/a'], {})).rejects.toThrow(WARM_UP_HEADER);
    } finally {
      server.close();
    }
  });

  it("a service's /readyz answers 503 while it warms up", async () => {
    let warming = true;
    const definition: ServiceDefinition = { name: 'football', migrations: {}, parts: () => undefined, routers: () => [serviceRouter()] };
    const db = { raw: async () => [] } as unknown as Knex;
    const app = buildServiceApp(definition, db, 'x'.repeat(40), undefined, () => warming);
    const server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    try {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/readyz`;
      const during = await fetch(url);
      expect(during.status).toBe(503);
      expect(await during.json()).toEqual({ status: 'warming up', service: 'football' });
      warming = false;
      expect((await fetch(url)).status).toBe(200);
    } finally {
      server.close();
    }
  });
});
