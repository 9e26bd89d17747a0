import type { Knex } from '@matchday/server';
import { migrateLatest, type MigrationList } from '@matchday/server';
import type { SharedBus } from '../shared/bus';
import { growingLru } from '../shared/lru';

/**
 * Server-side sessions in the gateway's own database (SQLite under DATA_DIR, or MySQL through
 * GATEWAY_DATABASE_URL / DATABASE_URL): they survive a restart and several gateway instances share them.
 * The cookie holds only the signed session id.
 */
export const sessionMigrations: MigrationList = {
  '20261122a-sessions': {
    async up(knex) {
      await knex.schema.createTable('sessions', (t) => {
        t.string('id', 80).primary();
        t.integer('user_id').unsigned().nullable().index();
        t.text('data').notNullable();
        t.bigInteger('expires_at').notNullable().index();
      });
    },
    async down(knex) {
      await knex.schema.dropTable('sessions');
    },
  },
  // A session id is a secret: it compares bytes. MySQL databases are created utf8mb4_unicode_ci, which compares
  // without case (SQLite compares bytes already).
  '20261128a-session-ids-compare-bytes': {
    async up(knex) {
      if (knex.client.config.client !== 'mysql2') return;
      await knex.raw('ALTER TABLE sessions MODIFY id VARCHAR(80) CHARACTER SET utf8mb4 COLLATE utf8mb4_bin NOT NULL');
    },
    async down(knex) {
      if (knex.client.config.client !== 'mysql2') return;
      await knex.raw('ALTER TABLE sessions MODIFY id VARCHAR(80) CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci NOT NULL');
    },
  },
};

export interface SessionData {
  user?: { id: number; email: string };
  grant?: { nonce?: string; response?: Record<string, unknown> };
  /** Sign-in time (ms): the absolute lifetime counts from here (sessions/lifetime.ts). */
  signedInAt?: number;
  /** Fingerprint of the SESSION_SECRET the session was made under. */
  keyId?: string;
  /** During a sign-in: the page to come back to (auth/routes.ts signInReturnPath). */
  returnTo?: string;
  [key: string]: unknown;
}

/**
 * How long a session read is reused in this process before the database is asked again. A session
 * ended on another gateway instance stays usable here for at most this long; on this one, at once; with
 * REDIS_URL the other instances drop it as soon as they hear of it (sharing, below), well within 1 s.
 */
export const SESSION_READ_CACHE_MS = 5000;

/** A session read lately: its stored JSON, and the object peek() shares, made at its first peek. */
interface RecentSession {
  data: string;
  view?: Readonly<SessionData>;
}

export class KnexSessionStore {
  private sweeper?: NodeJS.Timeout;
  /** Recently read sessions (their stored JSON), so a burst of API calls costs one lookup. */
  private readonly recent = growingLru<string, RecentSession>(100_000, { ttl: SESSION_READ_CACHE_MS });
  private bus: SharedBus | undefined;
  constructor(private readonly db: Knex) {}

  /** Tells the other gateways of every session ended here, and forgets the ones they end. */
  sharing(bus: SharedBus): void {
    this.bus = bus;
    bus.subscribe((message) => {
      if (message.kind !== 'session-ended') return;
      if (message.key === undefined) this.recent.clear();
      else this.recent.delete(message.key);
    });
  }

  static async open(db: Knex): Promise<KnexSessionStore> {
    await migrateLatest(db, sessionMigrations);
    const store = new KnexSessionStore(db);
    store.sweeper = setInterval(() => void store.sweep().catch(() => undefined), 10 * 60_000);
    store.sweeper.unref();
    return store;
  }

  async get(key: string): Promise<SessionData | undefined> {
    let data = this.recent.get(key)?.data;
    if (data === undefined) {
      const row = await this.db('sessions').where({ id: key }).andWhere('expires_at', '>', Date.now()).first();
      if (!row) return undefined;
      data = String(row.data);
      this.recent.set(key, { data });
    }
    return JSON.parse(data) as SessionData;
  }

  /**
   * The session as read within SESSION_READ_CACHE_MS, without asking the database (undefined when not at hand): one
   * object shared by every caller until the next read, so it must not be changed (get() hands out a copy to change).
   */
  peek(key: string): Readonly<SessionData> | undefined {
    const recent = this.recent.get(key);
    if (!recent) return undefined;
    recent.view ??= Object.freeze(JSON.parse(recent.data) as SessionData);
    return recent.view;
  }

  async set(key: string, session: SessionData, maxAge: number | 'session' | undefined): Promise<void> {
    const ttl = typeof maxAge === 'number' ? maxAge : 86_400_000;
    this.recent.delete(key);
    await this.db('sessions')
      .insert({ id: key, user_id: session.user?.id ?? null, data: JSON.stringify(session), expires_at: Date.now() + ttl })
      .onConflict('id')
      .merge();
  }

  async destroy(key: string): Promise<void> {
    this.recent.delete(key);
    await this.db('sessions').where({ id: key }).delete();
    this.bus?.publish({ kind: 'session-ended', key });
  }

  /**
   * The sessions among `keys` that exist and have not expired, read from the database (not the read cache): the
   * live streams' check that their sessions still stand, one query per 500 sessions.
   */
  async alive(keys: readonly string[]): Promise<Set<string>> {
    const alive = new Set<string>();
    for (let i = 0; i < keys.length; i += 500) {
      const rows = (await this.db('sessions')
        .whereIn('id', keys.slice(i, i + 500))
        .andWhere('expires_at', '>', Date.now())
        .select('id')) as Array<{ id: string }>;
      for (const row of rows) alive.add(String(row.id));
    }
    return alive;
  }

  /** Ends every session of a user (account deletion). */
  async destroyForUser(userId: number): Promise<number> {
    this.recent.clear();
    const ended = await this.db('sessions').where({ user_id: userId }).delete();
    this.bus?.publish({ kind: 'session-ended' });
    return ended;
  }

  async sweep(): Promise<number> {
    return this.db('sessions').where('expires_at', '<=', Date.now()).delete();
  }

  close(): void {
    if (this.sweeper) clearInterval(this.sweeper);
  }
}
