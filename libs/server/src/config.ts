import path from 'node:path';

/** Repository root (libs/server/src -> ../../..). */
export const repoRoot = path.resolve(__dirname, '..', '..', '..');

/** Where every database, secret and pin file lives. Relative paths are resolved against the repository root. */
export function dataDir(env: NodeJS.ProcessEnv = process.env): string {
  return path.resolve(repoRoot, env.DATA_DIR ?? '.data');
}

export function isProduction(env: NodeJS.ProcessEnv = process.env): boolean {
  return env.NODE_ENV === 'production';
}

/** Reads a required variable; throws a message naming it. */
export function requireEnv(name: string, env: NodeJS.ProcessEnv = process.env): string {
  const value = env[name];
  if (!value) throw new Error(`Environment variable ${name} is required`);
  return value;
}

export function intEnv(name: string, fallback: number, env: NodeJS.ProcessEnv = process.env): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0) throw new Error(`Environment variable ${name} must be a non-negative integer, got "${raw}"`);
  return value;
}
