import type { Knex } from 'knex';
import type { z } from 'zod';
import { systemClock, type Clock } from './clock';
import { databaseEnvSchema, logLevelOf, readEnv, type ServiceEnv } from './config';
import { migrateLatest, openDatabase, resolveDatabaseTarget, type DatabaseEnv, type MigrationList } from './db';
import { createLogger, setLogLevel } from './logger';
import { listen } from './listen';
import { WARM_UP_HEADER, warmUpMark } from './http';
import { IDENTITY_HEADER, signIdentity } from './identity';
import { createServiceApp, type ServiceRouter } from './service-app';
import { warmUp } from './warm-up';

/**
 * Everything that makes a service: the same shape for football, accounts and insights. `Parts`: the objects a service
 * makes once per start and shares between its routers and its start-up (e.g. football's sync, insights' engines).
 */
export interface ServiceDefinition<Parts = unknown> {
  name: string;
  migrations: MigrationList;
  /**
   * Makes the service's parts on its database, once per start (runService, libs/testing's startService), before
   * `onStart` and `routers`, which are both handed them: what a router reads is what start-up started and its stop
   * stops. Starts nothing itself. `clock`: the service's one source of "now" (./clock); production's is the system clock.
   */
  parts(db: Knex, clock: Clock): Parts;
  routers(db: Knex, clock: Clock, parts: Parts): ServiceRouter[];
  /** Paths polled many times a second (e.g. the live feed the gateway reads every 100 ms): successes are logged at debug. */
  quietPaths?: readonly string[];
  /**
   * Read paths the service sends itself (as the gateway would, anonymously) once it listens, before its /readyz says
   * ready, so that the first real request does not pay for compiling them (libs/server's warmUp).
   */
  warmUpPaths?(db: Knex): Promise<string[]>;
  /** Fills an empty database with demo data; must leave a non-empty (e.g. imported) database alone. */
  seedIfEmpty?(db: Knex, clock: Clock): Promise<'seeded' | 'skipped'>;
  /**
   * Runs after migrations and seeding at every start (e.g. moving demo fixtures to the current date). May
   * return a stop function (e.g. of a timer it started), called before the database is closed.
   */
  onStart?(db: Knex, clock: Clock, parts: Parts): Promise<void | (() => Promise<void>)>;
}

/** Opens and migrates the service's database: every command that touches a database goes through here. */
export async function openServiceDatabase(definition: Pick<ServiceDefinition, 'name' | 'migrations'>, env: DatabaseEnv): Promise<Knex> {
  const db = await openDatabase(resolveDatabaseTarget(definition.name, env));
  await migrateLatest(db, definition.migrations);
  return db;
}

/** The service's app on `db`; `parts`: the ones its start-up was handed (made here when it had none, e.g. a script's). */
export function buildServiceApp<Parts>(
  definition: ServiceDefinition<Parts>,
  db: Knex,
  internalSecret: string,
  metricsToken?: string,
  warmingUp?: () => boolean,
  clock: Clock = systemClock,
  parts: Parts = definition.parts(db, clock),
) {
  const logger = createLogger(definition.name);
  return createServiceApp({
    name: definition.name,
    db,
    logger,
    internalSecret,
    routers: definition.routers(db, clock, parts),
    metricsToken,
    quietPaths: definition.quietPaths,
    warmingUp,
  });
}

/**
 * `tsx src/server.ts`: the service's environment is checked first against its one schema (its src/config.ts;
 * a bad variable stops the start), `define` makes the service from it; then migrate, seed when empty
 * (unless SEED_DEMO=0), listen on PORT (loopback unless HOST is set).
 */
export async function runService<Env extends ServiceEnv, Parts>(
  schema: z.ZodType<Env>,
  define: (env: Env) => ServiceDefinition<Parts>,
): Promise<void> {
  const env = readEnv(schema);
  setLogLevel(logLevelOf(env));
  const definition = define(env);
  const logger = createLogger(definition.name);
  const db = await openServiceDatabase(definition, env);
  if (env.SEED_DEMO !== '0' && definition.seedIfEmpty) {
    const outcome = await definition.seedIfEmpty(db, systemClock);
    // said in words: a bare "demo seed" read as if a replay of real data had been replaced by the demo
    logger.info({ outcome }, outcome === 'seeded' ? 'demo data seeded into the empty database' : 'data present: no demo seed');
  }
  const parts = definition.parts(db, systemClock);
  const stop = await definition.onStart?.(db, systemClock, parts);
  let warmingUp = definition.warmUpPaths !== undefined;
  const app = buildServiceApp(definition, db, env.INTERNAL_JWT_SECRET, env.METRICS_TOKEN, () => warmingUp, systemClock, parts);
  const server = await listen(app, env.PORT ?? 0, env.HOST ?? '127.0.0.1', logger, async () => {
    if (stop) await stop();
    await db.destroy();
  });
  const address = server.address();
  if (definition.warmUpPaths && address && typeof address === 'object') {
    const identity = await signIdentity({ scope: 'anonymous', isAdmin: false }, env.INTERNAL_JWT_SECRET, definition.name);
    const paths = await definition.warmUpPaths(db).catch(() => []);
    await warmUp(address.port, paths, { [IDENTITY_HEADER]: identity, [WARM_UP_HEADER]: warmUpMark(env.INTERNAL_JWT_SECRET) });
  }
  warmingUp = false;
}

/** `tsx src/cli.ts migrate|seed` (reads only where the database is: databaseEnvSchema). */
export async function runServiceCli(definition: ServiceDefinition<unknown>, argv: string[]): Promise<void> {
  const command = argv[0];
  const db = await openServiceDatabase(definition, readEnv(databaseEnvSchema(definition.name)));
  try {
    if (command === 'migrate') {
      console.log(`${definition.name}: migrated`);
    } else if (command === 'seed') {
      const outcome = definition.seedIfEmpty ? await definition.seedIfEmpty(db, systemClock) : 'skipped';
      console.log(`${definition.name}: demo seed ${outcome}`);
    } else {
      throw new Error(`Unknown command "${command ?? ''}". Use: migrate | seed`);
    }
  } finally {
    await db.destroy();
  }
}
