import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import Koa from 'koa';
import type { DatasetInfo } from '@matchday/contracts';
import { FileRemoteStateStore } from '@matchday/remote-state';
import { frontends } from '../src/frontends/static';
import { withReplayStrip } from '../src/frontends/replay-page';

/** While a replay is served, a page's static app shell already has the replay strip the app then draws (no layout shift). */

const PAGE =
  '<!doctype html><html><body><div id="root"><div data-testid="app-shell"><header class="shell-header"></header></div></div></body></html>';
const replay = { label: 'Premier League 2024-25 <&>', shiftMs: 730 * 86_400_000, first: null, last: null };

let root: string;
beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'matchday-replay-page-'));
  fs.mkdirSync(path.join(root, 'shell', 'dist'), { recursive: true });
  fs.writeFileSync(path.join(root, 'shell', 'dist', 'index.html'), PAGE);
});
afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

async function page(
  dataset: () => Promise<DatasetInfo | null>,
  url = '/standings',
): Promise<{ status: number; type: string; html: string }> {
  const app = new Koa();
  app.use(frontends(root, new FileRemoteStateStore(root), undefined, dataset));
  const server = http.createServer(app.callback());
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    const response = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}${url}`);
    return { status: response.status, type: response.headers.get('content-type') ?? '', html: await response.text() };
  } finally {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
}

describe('a page while a replay is served', () => {
  it('carries the strip, its label escaped, first in the static app shell above the header', async () => {
    const { status, type, html } = await page(async () => ({ demo: false, replay }));
    expect(status).toBe(200);
    expect(type).toMatch(/^text\/html/);
    expect(html).toContain(
      '<div data-testid="app-shell"><aside class="shell-replay" aria-label="Replay"><strong>Replay</strong><span aria-hidden="true">·</span><span class="what">Premier League 2024-25 &lt;&amp;&gt;</span></aside><header class="shell-header">',
    );
  });

  it('is the built page as it is when nothing is replayed, or when the football service does not answer in time', async () => {
    expect((await page(async () => ({ demo: true, replay: null }))).html).toBe(PAGE);
    // a read that never settles: the page is answered anyway, without the strip
    expect((await page(() => new Promise<DatasetInfo | null>(() => undefined))).html).toBe(PAGE);
  });

  it('leaves a page without a static app shell as it is', () => {
    expect(withReplayStrip('<div id="root"></div>', replay)).toBe('<div id="root"></div>');
  });
});
