import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import fs from 'node:fs';
import { randomBytes } from 'node:crypto';
import type Koa from 'koa';
import {
  buildServiceApp,
  systemClock,
  type Clock,
  configureServer,
  dropMysqlDatabase,
  IDENTITY_HEADER,
  migrateLatest,
  openDatabase,
  signIdentity,
  type DatabaseTarget,
  type Identity,
  type Knex,
  type ServiceDefinition,
} from '@matchday/server';

export const TEST_SECRET = 'test-internal-secret-0123456789abcdef0123';

/**
 * The databases a service test runs on: always SQLite in a temp dir, plus MySQL when TEST_MYSQL_URL
 * (e.g. mysql://root:pw@127.0.0.1:3306) is set. Use with describe.each.
 */
export function testDatabases(): Array<[label: string, make: (service: string) => DatabaseTarget]> {
  const targets: Array<[string, (service: string) => DatabaseTarget]> = [
    [
      'sqlite',
      (service) => ({ client: 'sqlite', location: path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'matchday-')), `${service}.sqlite`) }),
    ],
  ];
  const mysql = process.env.TEST_MYSQL_URL;
  if (mysql) {
    targets.push([
      'mysql',
      (service) => {
        const url = new URL(mysql);
        url.pathname = `/matchday_test_${service}_${randomBytes(4).toString('hex')}`;
        return { client: 'mysql', location: url.toString() };
      },
    ]);
  }
  return targets;
}

export interface RunningService<Parts = unknown> {
  url: string;
  db: Knex;
  /** The service's parts (ServiceDefinition's), those its routers and its start-up were handed. */
  parts: Parts;
  /** Sends a request with a valid gateway identity. */
  request(pathname: string, init?: RequestInit & { identity?: Partial<Identity> }): Promise<Response>;
  /** Stops the service; `keepDatabase` leaves a MySQL database in place (to start again on it, a restart). serveService's leaves its database open. */
  close(options?: { keepDatabase?: boolean }): Promise<void>;
}

/**
 * Starts a service in-process on port 0 against a fresh database (migrated; seeded when asked), on `clock` (default the
 * system's): everything the service runs reads "now" from it.
 */
export async function startService<Parts>(
  definition: ServiceDefinition<Parts>,
  target: DatabaseTarget,
  options: { seed?: boolean; clock?: Clock } = {},
): Promise<RunningService<Parts>> {
  const clock = options.clock ?? systemClock;
  const db = await openDatabase(target);
  await migrateLatest(db, definition.migrations);
  if (options.seed && definition.seedIfEmpty) await definition.seedIfEmpty(db, clock);
  const running = await serveService(definition, db, { clock });
  return {
    ...running,
    async close(closeOptions = {}) {
      await running.close();
      await db.destroy();
      if (target.client === 'mysql' && !closeOptions.keepDatabase) await dropMysqlDatabase(target.location);
    },
  };
}

/**
 * One start of a service on a database already open and migrated, as runService makes it: its parts, its start-up on
 * them (onStart), its app on port 0. Its close stops what the start-up started and leaves the database open (a second
 * start on the same handle, as a restart in the same process, has parts of its own).
 */
export async function serveService<Parts>(
  definition: ServiceDefinition<Parts>,
  db: Knex,
  options: { clock?: Clock } = {},
): Promise<RunningService<Parts>> {
  const clock = options.clock ?? systemClock;
  const parts = definition.parts(db, clock);
  const stop = await definition.onStart?.(db, clock, parts);
  const app: Koa<any> = buildServiceApp(definition, db, TEST_SECRET, undefined, undefined, clock, parts);
  const server = http.createServer(app.callback());
  // the production timeouts: a keep-alive timeout that outlasts fetch's idle sockets (no reset on reuse)
  configureServer(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  return {
    url,
    db,
    parts,
    async request(pathname, init = {}) {
      const { identity, ...rest } = init;
      const token = await signIdentity({ scope: 'user', isAdmin: false, userId: 1, ...identity }, TEST_SECRET, definition.name);
      return fetch(`${url}${pathname}`, { ...rest, headers: { ...(rest.headers ?? {}), [IDENTITY_HEADER]: token } });
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      if (stop) await stop();
    },
  };
}

export {
  encryptForSubscription,
  startPushService,
  type FailOptions,
  type NewSubscriptionOptions,
  type PushMessage,
  type PushRejection,
  type PushServiceOptions,
  type PushServiceStandIn,
  type PushSubscriptionJson,
  type PushUrgency,
  type SubscriptionRef,
} from './push-service';

export { selfSignedCertificate, type SelfSignedCertificate } from './self-signed';
export { startStaticUpstream, type Misbehaviour, type StaticUpstreamStandIn, type UpstreamRequest } from './static-upstream';
