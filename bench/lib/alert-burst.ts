/**
 * A club with many followers, for the alert benches: a live match in the football database, N fans following its
 * home club with one push device each at the stand-in push service, and goals stored as the live feed stores them.
 * Used by bench/alerts.ts (services in the bench's process) and bench/load.ts (a goal's burst under load).
 */
import type { Knex } from '@matchday/server';
import { endpointHash } from '@matchday/accounts/src/modules/push/repository';
import type { ImportedMatch } from '@matchday/football/src/importers/model';
import { saveMatches, saveMatchEvents } from '@matchday/football/src/importers/store';
import type { PushStandInProcess } from './push-stand-in';

const EXTERNAL_ID = 'bench-burst';

/** Stores the live match (kicked off 20 minutes ago) and returns its home club's id. */
export async function addLiveMatch(football: Knex): Promise<number> {
  const match: ImportedMatch = {
    source: 'results-csv',
    externalId: EXTERNAL_ID,
    leagueId: 9_001,
    season: 2026,
    kickoffAt: new Date(Date.now() - 20 * 60_000),
    status: 'live',
    stage: 'regular',
    home: { name: 'Bench Home', country: 'Benchland' },
    away: { name: 'Bench Away', country: 'Benchland' },
    goals: null,
    league: { name: 'Bench League', country: 'Benchland', type: 'league' },
  };
  const saved = await saveMatches(football, [match]);
  if (saved.problems.length > 0) throw new Error(`bench match not saved: ${JSON.stringify(saved.problems)}`);
  return Number(((await football('teams').where({ name: 'Bench Home' }).first('id')) as { id: number }).id);
}

/**
 * `count` fans (e-mails `${prefix}N@example.com`) following the club, each with a device at the stand-in; `keys`
 * may replace a device's keys (devices that cannot take a push).
 */
export async function addFans(
  accounts: Knex,
  push: Pick<PushStandInProcess, 'newSubscriptions'>,
  options: {
    prefix: string;
    count: number;
    teamId: number;
    keys?: (subscription: { keys: { p256dh: string; auth: string } }) => { p256dh: string; auth: string };
  },
): Promise<void> {
  const since = Date.now() - 60_000;
  for (let i = 0; i < options.count; i += 500) {
    const batch = Array.from({ length: Math.min(500, options.count - i) }, (_, k) => i + k);
    await accounts('users').insert(
      batch.map((n) => ({
        email: `${options.prefix}${n}@example.com`,
        referral_code: `${options.prefix[0]!.toUpperCase()}${String(n).padStart(7, '0')}`,
        login_method: 'google',
        created_at: new Date(since),
      })),
    );
  }
  const users = (await accounts('users').where('email', 'like', `${options.prefix}%@example.com`).orderBy('id').select('id')) as Array<{
    id: number;
  }>;
  for (let i = 0; i < users.length; i += 200) {
    const slice = users.slice(i, i + 200);
    await accounts('follows').insert(slice.map((u) => ({ user_id: u.id, kind: 'team', target_id: options.teamId, created_ms: since })));
    const subscriptions = await push.newSubscriptions(slice.length);
    await accounts('push_subscriptions').insert(
      slice.map((u, k) => ({
        user_id: u.id,
        endpoint_hash: endpointHash(subscriptions[k]!.endpoint),
        endpoint: subscriptions[k]!.endpoint,
        ...(options.keys ? options.keys(subscriptions[k]!) : subscriptions[k]!.keys),
        created_ms: since,
      })),
    );
  }
}

/** Goal number `n` for the home club, stored as the live feed stores it. */
export async function storeGoal(football: Knex, n: number): Promise<void> {
  await saveMatchEvents(football, [
    {
      match: { source: 'results-csv', externalId: EXTERNAL_ID },
      key: `goal:${n}`,
      kind: 'goal',
      at: new Date(),
      side: 'home',
      minute: 10 + n,
      scorer: 'Bench Striker',
      score: { home: n, away: 0 },
    },
  ]);
}

/** Waits until an alert sender leads and reads the live feed (it has found the match live and followed). */
export async function waitForAwakeSender(accounts: Knex, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const state = (await accounts('notifier_state').where({ id: 1 }).first('awake_until_ms')) as { awake_until_ms: unknown } | undefined;
    if (Number(state?.awake_until_ms ?? 0) > Date.now()) return;
    if (Date.now() > deadline) throw new Error('no alert sender is reading the live feed');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
