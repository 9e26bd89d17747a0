import { createHash } from 'node:crypto';
import fs from 'node:fs';
import http, { type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import Koa from 'koa';
import { REMOTE_NAMES } from '@matchday/contracts';
import { loadConfig } from '../src/config';
import { FileRemoteStateStore } from '@matchday/remote-state';
import { buildManifest } from '../src/frontends/manifest';
import { INDEX_RECHECK_MS, inlineScriptHashes, securityHeaders } from '../src/middleware/security-headers';

const CDN = 'https://cdn.example.net';

async function serve(app: Koa, run: (url: string) => Promise<void>): Promise<void> {
  const server = http.createServer(app.callback());
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    await run(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
}

function directive(csp: string, name: string): string[] {
  const found = csp.split(';').find((part) => part.trim().startsWith(`${name} `));
  return found ? found.trim().split(/\s+/).slice(1) : [];
}

const sha = (script: string) => `'sha256-${createHash('sha256').update(script).digest('base64')}'`;

let root: string;
beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'matchday-cdn-'));
});
afterEach(() => {
  jest.restoreAllMocks();
  fs.rmSync(root, { recursive: true, force: true });
});

describe('remotes on a CDN (REMOTES_BASE_URL)', () => {
  const baseEnv = { FOOTBALL_URL: 'http://f', ACCOUNTS_URL: 'http://a', INSIGHTS_URL: 'http://i', INTERNAL_JWT_SECRET: 'x'.repeat(40) };

  it('is read from the environment (without a trailing slash) and refused when it is not an http(s) URL', () => {
    const env = { ...baseEnv, DEV_OIDC_ISSUER: 'http://localhost:1', DATA_DIR: root };
    expect(loadConfig({ ...env, REMOTES_BASE_URL: `${CDN}/matchday/remotes/` }).remotesBaseUrl).toBe(`${CDN}/matchday/remotes`);
    expect(loadConfig(env).remotesBaseUrl).toBeUndefined();
    expect(() => loadConfig({ ...env, REMOTES_BASE_URL: 'ftp://cdn.example.net' })).toThrow(/REMOTES_BASE_URL/);
  });

  it('makes every manifest entry an absolute URL under the base; without it entries stay on this origin', async () => {
    const frontendRoot = path.join(root, 'frontends');
    for (const name of REMOTE_NAMES) {
      fs.mkdirSync(path.join(frontendRoot, name, 'dist', '0.1.0'), { recursive: true });
      fs.writeFileSync(path.join(frontendRoot, name, 'dist', '0.1.0', 'remoteEntry.js'), '');
    }
    const store = new FileRemoteStateStore(path.join(root, 'data'));
    const onCdn = await buildManifest(frontendRoot, store, `${CDN}/matchday/remotes`);
    for (const name of REMOTE_NAMES) {
      expect(onCdn.remotes[name]).toMatchObject({ version: '0.1.0', entry: `${CDN}/matchday/remotes/${name}/0.1.0/remoteEntry.js` });
      expect(new URL(onCdn.remotes[name]!.entry).origin).toBe(CDN);
    }
    expect((await buildManifest(frontendRoot, store)).remotes['mf-stats']?.entry).toBe('/remotes/mf-stats/0.1.0/remoteEntry.js');
  });

  it("lets scripts and the service worker's fetches come from the CDN origin, and only from there", async () => {
    const app = new Koa();
    app.use(securityHeaders({ shellIndex: path.join(root, 'none.html'), production: true, remotesOrigin: CDN }));
    app.use((ctx) => {
      ctx.body = 'ok';
    });
    await serve(app, async (url) => {
      const response = await fetch(url);
      await response.body?.cancel();
      const csp = response.headers.get('content-security-policy') ?? '';
      expect(directive(csp, 'script-src')).toEqual(["'self'", CDN]);
      expect(directive(csp, 'connect-src')).toEqual(["'self'", CDN]);
      expect(directive(csp, 'default-src')).toEqual(["'self'"]);
    });
  });
});

describe("inline-script hashes of the shell's index.html", () => {
  const page = {
    method: 'GET',
    headers: { accept: 'text/html,application/xhtml+xml', 'sec-fetch-dest': 'document' },
  } as unknown as IncomingMessage;
  const apiCall = { method: 'GET', headers: { accept: 'application/json' } } as unknown as IncomingMessage;
  const html = (script: string) =>
    `<!doctype html><html><head><script>${script}</script><script defer src="/main.1234abcd.js"></script></head><body></body></html>`;

  it('are the sha256 of each inline script (never of a script with src), in the CSP header', async () => {
    const index = path.join(root, 'index.html');
    const theme = "document.documentElement.classList.toggle('dark', localStorage.theme === 'dark')";
    fs.writeFileSync(index, html(theme));
    const app = new Koa();
    app.use(securityHeaders({ shellIndex: index, production: false }));
    app.use((ctx) => {
      ctx.body = 'ok';
    });
    await serve(app, async (url) => {
      const response = await fetch(url, { headers: { accept: 'text/html' } });
      await response.body?.cancel();
      expect(directive(response.headers.get('content-security-policy') ?? '', 'script-src')).toEqual(["'self'", sha(theme)]);
    });
  });

  it('are computed once: other answers look at the file at most once a second, a page load always, and a rebuilt file is hashed again', () => {
    const index = path.join(root, 'index.html');
    fs.writeFileSync(index, html('one()'));
    let clock = 10_000;
    const hashes = inlineScriptHashes(index, () => clock);
    const stat = jest.spyOn(fs, 'statSync');
    expect(hashes(apiCall)).toEqual([sha('one()')]);
    for (let i = 0; i < 500; i += 1) hashes(apiCall);
    expect(stat).toHaveBeenCalledTimes(1);

    // The shell is rebuilt (a deploy): a page load sees the new script at once...
    fs.writeFileSync(index, html('two()'));
    fs.utimesSync(index, new Date(), new Date(Date.now() + 5_000));
    expect(hashes(page)).toEqual([sha('two()')]);
    expect(stat).toHaveBeenCalledTimes(2);

    // ...and any answer once the second has passed.
    fs.writeFileSync(index, html('three()'));
    fs.utimesSync(index, new Date(), new Date(Date.now() + 10_000));
    expect(hashes(apiCall)).toEqual([sha('two()')]);
    clock += INDEX_RECHECK_MS;
    expect(hashes(apiCall)).toEqual([sha('three()')]);

    // A missing file (the shell not built yet) gives no hashes, and no error.
    fs.rmSync(index);
    clock += INDEX_RECHECK_MS;
    expect(hashes(apiCall)).toEqual([]);
  });
});
