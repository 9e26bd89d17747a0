import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AdminTrends, AppFiles } from '@matchday/contracts';
import { toSqlDateTime } from '@matchday/server';
import { startService, testDatabases, type RunningService } from '@matchday/testing';
import { appFiles } from '../src/modules/admin/app-files';
import { accountsConfig } from '../src/config';
import { createAccounts } from '../src/service';
import { callAs, json } from './helpers';

const DAY = 86_400_000;
const now = new Date();
const todayUtc = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
/** 00:30 UTC `n` days ago, and that day's YYYY-MM-DD. */
const dayAt = (n: number) => toSqlDateTime(new Date(todayUtc - n * DAY + 30 * 60_000));
const dateOf = (n: number) => new Date(todayUtc - n * DAY).toISOString().slice(0, 10);

describe.each(testDatabases())('admin trends and app files on %s', (_label, makeTarget) => {
  let service: RunningService;
  let adminId = 0;
  let shellDist: string;

  beforeAll(async () => {
    shellDist = fs.mkdtempSync(path.join(os.tmpdir(), 'matchday-shell-dist-'));
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'matchday-frontends-'));
    fs.mkdirSync(path.join(root, 'shell', 'dist', 'icons'), { recursive: true });
    fs.writeFileSync(path.join(root, 'shell', 'dist', 'sw.js'), 'self.x=1');
    fs.writeFileSync(path.join(root, 'shell', 'dist', 'icons', 'icon-192.png'), 'png');
    service = await startService(createAccounts(accountsConfig({ FRONTEND_ROOT: root })), makeTarget('accounts'));
    // created (days ago) and sign-ins (days ago) per user
    const people: Array<[string, number, number[]]> = [
      ['admin', 400, [0, 0, 1]],
      ['week', 3, [3, 3, 6]],
      ['month', 20, [20, 29]],
      ['old', 120, [100, 366]],
    ];
    for (const [name, created, logins] of people) {
      const [id] = await service.db('users').insert({
        email: `${name}@example.com`,
        first_name: name,
        login_method: 'google',
        referral_code: `${name.toUpperCase()}ZZZZZZZZ`.slice(0, 8),
        created_at: dayAt(created),
      });
      if (name === 'admin') adminId = Number(id);
      for (const n of logins) await service.db('login_events').insert({ user_id: Number(id), at: dayAt(n) });
    }
  });

  afterAll(async () => {
    await service?.close();
    fs.rmSync(shellDist, { recursive: true, force: true });
  });

  const trends = async (period: string) =>
    json<AdminTrends>(await callAs(service, adminId, 'GET', `/api/admin/trends?period=${period}&_cb=1`, undefined, { isAdmin: true }));

  it('7d: sign-ins and new users per UTC day, oldest first, ending today, empty days 0', async () => {
    const data = await trends('7d');
    expect(data.period).toBe('7d');
    expect(data.days.map((d) => d.date)).toEqual([6, 5, 4, 3, 2, 1, 0].map(dateOf));
    expect(data.from).toBe(dateOf(6));
    expect(data.to).toBe(dateOf(0));
    const byDate = Object.fromEntries(data.days.map((d) => [d.date, [d.signIns, d.newUsers]]));
    expect(byDate[dateOf(0)]).toEqual([2, 0]);
    expect(byDate[dateOf(1)]).toEqual([1, 0]);
    expect(byDate[dateOf(3)]).toEqual([2, 1]);
    expect(byDate[dateOf(6)]).toEqual([1, 0]);
    expect(byDate[dateOf(2)]).toEqual([0, 0]);
    expect(data.totals).toEqual({ signIns: 6, newUsers: 1 });
  });

  it('30d, 90d and 1y cover 30, 90 and 365 days; older events stay out', async () => {
    const month = await trends('30d');
    expect(month.days).toHaveLength(30);
    expect(month.totals).toEqual({ signIns: 8, newUsers: 2 });
    const quarter = await trends('90d');
    expect(quarter.days).toHaveLength(90);
    expect(quarter.totals).toEqual({ signIns: 8, newUsers: 2 });
    const year = await trends('1y');
    expect(year.days).toHaveLength(365);
    expect(year.from).toBe(dateOf(364));
    expect(year.totals).toEqual({ signIns: 9, newUsers: 3 }); // the sign-in 366 days ago and the 400-day-old account are out
  });

  it('an unknown or missing period is 400 naming it; a fan gets 403', async () => {
    for (const query of ['period=2w', '', 'period=7d&period=30d', 'period=7d&days=3']) {
      const response = await callAs(service, adminId, 'GET', `/api/admin/trends?${query}`, undefined, { isAdmin: true });
      expect(response.status).toBe(400);
      expect(((await response.json()) as { message: string }).message).toMatch(/period|days/);
    }
    const fan = await callAs(service, adminId, 'GET', '/api/admin/trends?period=7d');
    expect(fan.status).toBe(403);
    await fan.body?.cancel();
  });

  it('pwa-files lists what the shell build produced under FRONTEND_ROOT (admins only)', async () => {
    const files = await json<AppFiles>(await callAs(service, adminId, 'GET', '/api/admin/pwa-files', undefined, { isAdmin: true }));
    expect(files).toEqual({
      manifest: null,
      serviceWorker: { name: 'sw.js', url: '/sw.js', bytes: 8 },
      icons: [{ name: 'icons/icon-192.png', url: '/icons/icon-192.png', bytes: 3 }],
      logos: [],
    });
    const fan = await callAs(service, adminId, 'GET', '/api/admin/pwa-files');
    expect(fan.status).toBe(403);
    await fan.body?.cancel();
  });
});

describe('appFiles', () => {
  let dir: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'matchday-app-files-'));
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  const write = (name: string, text: string) => {
    fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    fs.writeFileSync(path.join(dir, name), text);
  };

  it('is empty before the shell build has a manifest, service worker or icons (and when the folder is missing)', () => {
    write('index.html', '<html>');
    write('main.0123abcd.js', 'x');
    write('assets/logo-mark.0123abcd.svg', '<svg/>'); // a bundled asset, not an app file
    const empty = { manifest: null, serviceWorker: null, icons: [], logos: [] };
    expect(appFiles(dir)).toEqual(empty);
    expect(appFiles(path.join(dir, 'missing'))).toEqual(empty);
  });

  it('lists the manifest, the service worker, the icons the manifest names plus favicon/apple-touch icons, and the logos', () => {
    const manifest = JSON.stringify({ icons: [{ src: '/pwa/any-192.png' }, { src: 'pwa/maskable-512.png' }, { src: '/pwa/gone.png' }] });
    write('manifest.webmanifest', manifest);
    write('service-worker.js', 'sw');
    write('pwa/any-192.png', '12');
    write('pwa/maskable-512.png', '123');
    write('favicon.ico', 'ico');
    write('apple-touch-icon.png', 'apple');
    write('og-image.svg', '<svg/>');
    write('logo.svg', '<svg></svg>');
    write('workbox-1234abcd.js', 'wb');
    const files = appFiles(dir);
    expect(files.manifest).toEqual({ name: 'manifest.webmanifest', url: '/manifest.webmanifest', bytes: manifest.length });
    expect(files.serviceWorker).toEqual({ name: 'service-worker.js', url: '/service-worker.js', bytes: 2 });
    expect(files.icons.map((f) => f.name)).toEqual(['apple-touch-icon.png', 'favicon.ico', 'pwa/any-192.png', 'pwa/maskable-512.png']);
    expect(files.logos.map((f) => f.url)).toEqual(['/logo.svg', '/og-image.svg']);
  });
});
