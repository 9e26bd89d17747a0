import type { AdminDashboard } from '@matchday/contracts';
import { toSqlDateTime } from '@matchday/server';
import { startService, testDatabases, type RunningService } from '@matchday/testing';
import { growthPercent } from '../src/modules/admin/service';
import { accounts } from '../src/service';
import { callAs, json } from './helpers';

const DAY = 86_400_000;

describe.each(testDatabases())('admin dashboard on %s', (_label, makeTarget) => {
  let service: RunningService;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    service = await startService(accounts, makeTarget('accounts'));
    const now = Date.now();
    const at = (daysAgo: number) => toSqlDateTime(new Date(now - daysAgo * DAY));
    // name: created (days ago), last login (days ago), login events (days ago)
    const people: Array<[string, number, number | null, number[]]> = [
      ['old', 100, 40, [40, 50]],
      ['lapsed', 45, 20, [20]],
      ['monthly', 20, 3, [3, 25]],
      ['frequent', 10, 0.01, [0.01, 1, 2, 3, 6]],
      ['almost', 9, 1, [1, 2, 3, 8, 9]],
      ['fresh', 2, 2, [2]],
      ['never', 1, null, []],
    ];
    for (const [name, created, last, logins] of people) {
      const [id] = await service.db('users').insert({
        email: `${name}@example.com`,
        first_name: name,
        last_name: null,
        login_method: 'google',
        referral_code: `${name.toUpperCase()}XXXXXXX`.replace(/[^A-Z]/g, 'X').slice(0, 8),
        created_at: at(created),
        last_login_at: last === null ? null : at(last),
      });
      ids[name] = Number(id);
      for (const daysAgo of logins) await service.db('login_events').insert({ user_id: Number(id), at: at(daysAgo) });
    }
    // A deleted user's login still counts
    await service.db('login_events').insert({ user_id: null, at: at(0.02) });
  });

  afterAll(async () => {
    await service?.close();
  });

  it('counts users, active (7 days) and frequent (5+ sign-ins in 7 days) users, registrations and sign-ins', async () => {
    const data = await json<AdminDashboard>(await callAs(service, ids.old!, 'GET', '/api/admin/dashboard', undefined, { isAdmin: true }));
    expect(data.totalUsers).toBe(7);
    expect(data.activeUsers).toBe(4); // monthly, frequent, almost, fresh
    expect(data.frequentUsers).toBe(1); // 'almost' has only 3 in the last week
    expect(data.recentRegistrations).toBe(2); // fresh, never
    // last 7 days: 2; the 7 before: frequent, almost -> 0 % ; last 30: 5, the 30 before: lapsed -> +400 %
    expect(data.userGrowth).toEqual({ weekly: 0, monthly: 400 });
    expect(data.loginStats.thisWeek).toBe(1 + 5 + 3 + 1 + 1); // monthly, frequent, almost, fresh, deleted
    expect(data.loginStats.thisMonth).toBe(1 + 2 + 5 + 5 + 1 + 1);
    expect(data.loginStats.today).toBeGreaterThanOrEqual(0);
    expect(data.loginStats.today).toBeLessThanOrEqual(2);
    expect(data.recentUsers.map((u) => u.email)).toEqual([
      'never@example.com',
      'fresh@example.com',
      'almost@example.com',
      'frequent@example.com',
      'monthly@example.com',
      'lapsed@example.com',
      'old@example.com',
    ]);
    expect(data.recentUsers[0]).toMatchObject({ firstName: 'never', lastName: null, loginMethod: 'google', lastLoginAt: null });
  });

  it('refuses a signed-in non-admin (403) and a call without a user (401)', async () => {
    const response = await callAs(service, ids.old!, 'GET', '/api/admin/dashboard');
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({ message: 'Administrators only' });
    const anonymous = await service.request('/api/admin/dashboard', { identity: { scope: 'anonymous', userId: undefined, isAdmin: true } });
    expect(anonymous.status).toBe(401);
  });

  it('growth is a percentage with one decimal', () => {
    expect(growthPercent(0, 0)).toBe(0);
    expect(growthPercent(3, 0)).toBe(100);
    expect(growthPercent(4, 3)).toBe(33.3);
    expect(growthPercent(1, 4)).toBe(-75);
  });
});
