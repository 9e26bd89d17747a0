import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import './input-messages';

/**
 * The nearest folder at or above `from` whose package.json declares workspaces: the repository root, found the
 * same way from the sources (libs/server/src) and from a compiled output (e.g. services/football/dist).
 */
export function findRepoRoot(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    try {
      const manifest = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')) as { workspaces?: unknown };
      if (manifest.workspaces) return dir;
    } catch {
      // no package.json here
    }
    if (path.dirname(dir) === dir) throw new Error(`No package.json with "workspaces" at or above ${from}`);
  }
}

/** Repository root. */
export const repoRoot = findRepoRoot(__dirname);

/** Where every database, secret and pin file lives. Relative paths are resolved against the repository root. */
export function dataDir(env: { readonly DATA_DIR?: string } = process.env): string {
  return path.resolve(repoRoot, env.DATA_DIR ?? '.data');
}

/** The public origin links are built from (never from request headers); PUBLIC_URL is required in production. */
export function publicUrl(env: { readonly PUBLIC_URL?: string } = process.env): string {
  return (env.PUBLIC_URL || 'http://localhost:8080').replace(/\/$/, '');
}

/* ---- The one way every process reads its environment: a zod schema checked at start-up. ---- */

const blankToUndefined = (value: unknown) => (value === '' ? undefined : value);

/** A variable that may be left out (an empty value counts as left out). */
export const optional = <T extends z.ZodType>(schema: T) => z.preprocess(blankToUndefined, schema.optional());

export const portVar = z.coerce
  .number({ error: 'must be a port number (0-65535)' })
  .int('must be a whole number')
  .min(0)
  .max(65_535, 'must be a port number (0-65535)');
export const countVar = (min: number, max: number) =>
  z.coerce
    .number({ error: 'must be a whole number' })
    .int('must be a whole number')
    .min(min, `must be at least ${min}`)
    .max(max, `must be at most ${max}`);
export const urlVar = z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' });
export const mysqlUrlVar = z.url({ protocol: /^mysql2?$/, error: 'must be a mysql://user:pass@host:port URL' });
/**
 * SHA-256 of secrets that were once committed to the repository (a development session secret under .data-dev/,
 * commit 6917e58). They are public: no environment may use them.
 */
const PUBLISHED_SECRET_HASHES: ReadonlySet<string> = new Set(['e06f16896ec607b0b180a37556ed1417604c02da35608e11051765fde0678df3']);

/** Whether a secret is one that was published (so it protects nothing). */
export function isPublishedSecret(secret: string): boolean {
  return PUBLISHED_SECRET_HASHES.has(createHash('sha256').update(secret.trim()).digest('hex'));
}

export const secretVar = z
  .string()
  .min(32, 'must be at least 32 characters')
  .refine((secret) => !isPublishedSecret(secret), 'was published in the repository: generate a new one (openssl rand -hex 32)');

export const logLevelVar = z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']);
export type LogLevel = z.infer<typeof logLevelVar>;

/** The pino level of a process: LOG_LEVEL, else info (silent under NODE_ENV=test, as jest runs). */
export function logLevelOf(env: { LOG_LEVEL?: LogLevel; NODE_ENV?: string }): LogLevel {
  return env.LOG_LEVEL ?? (env.NODE_ENV === 'test' ? 'silent' : 'info');
}

/** Variables every back-end process (gateway and services) reads. */
export const processEnvSchema = z.object({
  NODE_ENV: optional(z.enum(['development', 'production', 'test'])),
  LOG_LEVEL: optional(logLevelVar),
  HOST: optional(z.string()),
  DATA_DIR: optional(z.string()),
  DATABASE_URL: optional(mysqlUrlVar),
  PUBLIC_URL: optional(urlVar),
  INTERNAL_JWT_SECRET: secretVar,
  /** Bearer token that /metrics asks for; without one /metrics is 404. */
  METRICS_TOKEN: optional(z.string().min(16, 'must be at least 16 characters')),
});

/** Variables every service reads: the common ones, its port and SEED_DEMO. Loose: <SERVICE>_DATABASE_URL varies. */
const serviceCommonSchema = processEnvSchema
  .extend({
    PORT: optional(portVar),
    /** 0: never fill an empty database with the demo data (default 1). */
    SEED_DEMO: optional(z.enum(['0', '1'], { error: 'must be 0 (no demo seed) or 1' })),
  })
  .loose();

/** What every service's schema gives (a service's own variables come on top). */
export type ServiceEnv = z.infer<typeof serviceCommonSchema>;

function checkServiceEnv(service: string, env: ServiceEnv, ctx: z.RefinementCtx): void {
  const own = `${service.toUpperCase()}_DATABASE_URL`;
  const ownUrl = env[own];
  if (typeof ownUrl === 'string' && ownUrl && !mysqlUrlVar.safeParse(ownUrl).success)
    ctx.addIssue({ code: 'custom', path: [own], message: 'must be a mysql://user:pass@host:port/database URL' });
  if (env.NODE_ENV === 'production' && !env.PUBLIC_URL)
    ctx.addIssue({ code: 'custom', path: ['PUBLIC_URL'], message: 'is required in production (share links are built from it)' });
}

/**
 * A service's one schema: the common service variables, its optional <SERVICE>_DATABASE_URL, and `own`
 * (the service's own variables, declared in its src/config.ts).
 */
export function serviceEnvSchema<Own extends z.ZodRawShape = Record<never, never>>(service: string, own?: Own) {
  return serviceCommonSchema
    .extend(own ?? ({} as Own))
    .superRefine((env, ctx) => checkServiceEnv(service, env as unknown as ServiceEnv, ctx));
}

/** Where a service's database is (db.ts resolveDatabaseTarget): what a CLI that only opens the database checks. */
export function databaseEnvSchema(service: string) {
  return z
    .object({
      DATA_DIR: optional(z.string()),
      DATABASE_URL: optional(mysqlUrlVar),
      [`${service.toUpperCase()}_DATABASE_URL`]: optional(mysqlUrlVar),
    })
    .loose();
}

/**
 * Checks the environment against a schema and returns the parsed values; otherwise stops the start
 * with one line per bad variable, e.g. "INTERNAL_JWT_SECRET: must be at least 32 characters".
 */
export function readEnv<S extends z.ZodType>(schema: S, env: NodeJS.ProcessEnv = process.env): z.infer<S> {
  const result = schema.safeParse(env);
  if (result.success) return result.data;
  const lines = result.error.issues.map((issue) => {
    const name = issue.path.join('.');
    const given = issue.code === 'invalid_type' && env[name] === undefined ? 'is required' : issue.message;
    return `  ${name}: ${given}`;
  });
  throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** How a process's start-up failure is reported: a configuration error as its message alone, anything else in full. */
export function failStart(name: string, error: unknown): never {
  console.error(error instanceof ConfigError ? `${name}: ${error.message}` : error);
  process.exit(1);
}
