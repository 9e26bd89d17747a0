import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import Koa from 'koa';
import { REMOTE_NAMES, type RemoteChangeReply, type RemotesReply } from '@matchday/contracts';
import { createLogger, jsonErrors } from '@matchday/server';
import type { GatewayConfig } from '../src/config';
import { buildManifest } from '../src/frontends/manifest';
import { remotesAdmin } from '../src/frontends/remotes-admin';
import { FileRemoteStateStore, STATE_FILE } from '@matchday/remote-state';
import { requestBodies } from '../src/middleware/request-body';

const ADMIN = 'boss@example.com';

describe('admin Remotes endpoints (the CLI rollback / roll forward over HTTP)', () => {
  let root: string;
  let config: GatewayConfig;
  let server: http.Server;
  let url: string;

  beforeAll(async () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'matchday-remotes-admin-'));
    const frontendRoot = path.join(root, 'frontends');
    for (const name of REMOTE_NAMES) {
      for (const version of name === 'mf-stats' ? ['0.1.0', '0.1.0+20261124.120000'] : ['0.1.0']) {
        fs.mkdirSync(path.join(frontendRoot, name, 'dist', version), { recursive: true });
        fs.writeFileSync(path.join(frontendRoot, name, 'dist', version, 'remoteEntry.js'), '');
      }
    }
    config = { frontendRoot, dataDir: path.join(root, 'data'), adminEmails: new Set([ADMIN]) } as unknown as GatewayConfig;
    const app = new Koa();
    app.use(jsonErrors(createLogger('test')));
    app.use(requestBodies());
    // Stand-in for the gateway's session: the signed-in e-mail comes in a test header.
    app.use(async (ctx, next) => {
      const email = ctx.get('x-test-user');
      (ctx as unknown as { session: unknown }).session = email ? { user: { id: 1, email } } : null;
      await next();
    });
    app.use(remotesAdmin(config, new FileRemoteStateStore(config.dataDir)));
    app.use((ctx) => {
      ctx.status = 404;
      ctx.body = { message: 'fell through' };
    });
    server = http.createServer(app.callback());
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    fs.rmSync(root, { recursive: true, force: true });
  });

  const manifest = () => buildManifest(config.frontendRoot, new FileRemoteStateStore(config.dataDir));

  const call = async (method: string, pathname: string, user: string | null = ADMIN, body?: unknown) => {
    const response = await fetch(`${url}${pathname}`, {
      method,
      headers: { ...(user ? { 'x-test-user': user } : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as unknown };
  };

  it('lists every remote with its live version, the versions available, and what Roll back / Roll forward would pick', async () => {
    const { status, body } = await call('GET', '/api/admin/remotes');
    expect(status).toBe(200);
    const { remotes } = body as RemotesReply;
    expect(remotes.map((r) => r.name)).toEqual([...REMOTE_NAMES]);
    expect(remotes.find((r) => r.name === 'mf-stats')).toEqual({
      name: 'mf-stats',
      live: '0.1.0+20261124.120000',
      available: ['0.1.0+20261124.120000', '0.1.0'],
      previous: '0.1.0',
      next: null,
      changedAt: null,
    });
  });

  it('refuses a fan (403) and an anonymous caller (401), and changes nothing', async () => {
    expect(await call('GET', '/api/admin/remotes', 'fan@example.com')).toEqual({ status: 403, body: { message: 'Administrators only' } });
    expect((await call('POST', '/api/admin/remotes/mf-stats/rollback', 'fan@example.com')).status).toBe(403);
    expect((await call('POST', '/api/admin/remotes/mf-stats/rollback', null)).status).toBe(401);
    expect((await manifest()).remotes['mf-stats']?.version).toBe('0.1.0+20261124.120000');
  });

  it('rolls back and forward on the state the manifest reads, recording who did it', async () => {
    const back = await call('POST', '/api/admin/remotes/mf-stats/rollback');
    expect(back.status).toBe(200);
    const reply = back.body as RemoteChangeReply;
    expect(reply.message).toBe('mf-stats rolled back: 0.1.0 is live (was 0.1.0+20261124.120000).');
    expect(reply.remote).toMatchObject({ live: '0.1.0', previous: null, next: '0.1.0+20261124.120000' });
    expect((await manifest()).remotes['mf-stats']?.entry).toBe('/remotes/mf-stats/0.1.0/remoteEntry.js');
    const state = JSON.parse(fs.readFileSync(path.join(config.dataDir, 'remotes.json'), 'utf8')) as { history: Array<{ by: string }> };
    expect(state.history.at(-1)?.by).toBe(`admin:${ADMIN}`);

    const forward = await call('POST', '/api/admin/remotes/mf-stats/roll-forward');
    expect((forward.body as RemoteChangeReply).remote.live).toBe('0.1.0+20261124.120000');
    const to = await call('POST', '/api/admin/remotes/mf-stats/rollback', ADMIN, { to: '0.1.0' });
    expect((to.body as RemoteChangeReply).remote.live).toBe('0.1.0');
    expect((await manifest()).remotes['mf-tips']?.version).toBe('0.1.0');
  });

  it('bad input: unknown remote or version 404, nothing older 409, a malformed version 400; nothing changes', async () => {
    const live = async () => (await manifest()).remotes['mf-stats']?.version;
    const before = await live();
    expect(await call('POST', '/api/admin/remotes/mf-nope/rollback')).toEqual({
      status: 404,
      body: { message: 'Unknown remote "mf-nope". Remotes: mf-fixtures, mf-stats, mf-tips, mf-account, mf-admin.' },
    });
    expect(await call('POST', '/api/admin/remotes/mf-stats/rollback', ADMIN, { to: '2.0.0' })).toEqual({
      status: 404,
      body: { message: 'mf-stats has no version "2.0.0". Available: 0.1.0+20261124.120000, 0.1.0.' },
    });
    expect((await call('POST', '/api/admin/remotes/mf-stats/rollback', ADMIN, { to: '../x' })).status).toBe(400);
    expect((await call('POST', '/api/admin/remotes/mf-stats/rollback', ADMIN, { to: 3 })).status).toBe(400);
    expect(await call('POST', '/api/admin/remotes/mf-tips/rollback')).toEqual({
      status: 409,
      body: { message: 'mf-tips is at its oldest version (0.1.0): there is nothing to roll back to.' },
    });
    expect(await live()).toBe(before);
  });

  it('waits for another writer without blocking the event loop, then answers 409', async () => {
    const lock = path.join(config.dataDir, `${STATE_FILE}.lock`);
    fs.mkdirSync(lock, { recursive: true });
    let ticks = 0;
    const ticker = setInterval(() => (ticks += 1), 20);
    try {
      const reply = await call('POST', '/api/admin/remotes/mf-fixtures/rollback', ADMIN, { to: '0.1.0' });
      expect(reply).toEqual({
        status: 409,
        body: { message: 'Another deploy or rollback is changing the remotes: try again in a moment.' },
      });
      // The server runs in this process: a synchronous wait would have stopped this timer for the 3 s it waited.
      expect(ticks).toBeGreaterThan(50);
    } finally {
      clearInterval(ticker);
      fs.rmSync(lock, { recursive: true, force: true });
    }
  });

  it('leaves other paths and methods to the rest of the gateway', async () => {
    // a method no /api path takes never gets this far (middleware/request-body.ts: 405 before the body is read)
    expect(await call('POST', '/api/admin/remotes')).toEqual({
      status: 405,
      body: { message: 'POST is not allowed on /api/admin/remotes' },
    });
    expect(await call('GET', '/api/admin/remotes/mf-stats/rollback')).toEqual({ status: 404, body: { message: 'fell through' } });
  });
});
