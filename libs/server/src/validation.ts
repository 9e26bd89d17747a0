import { z } from 'zod';
import { badRequest } from './errors';
import './input-messages';

/**
 * Parses query/body input with a zod schema; on failure throws 400 whose message names the first bad field,
 * e.g. "leagueId: expected a whole number".
 */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  // an unknown field is named itself: "teamId: unknown field", like a query's "teamId: unknown parameter"
  const path = issue?.code === 'unrecognized_keys' ? [...issue.path, issue.keys[0]!] : (issue?.path ?? []);
  const field = path.join('.') || 'input';
  throw badRequest(`${field}: ${issue?.message ?? 'invalid'}`, result.error.issues);
}

/** Query parameters every endpoint accepts and ignores: the frontends' cache buster (`_cb`, spec §7). */
export const IGNORED_QUERY_PARAMETERS: readonly string[] = ['_cb'];

/** An endpoint that takes no query parameter (other than the ignored ones). */
export const noQuery = z.object({});

/**
 * The one reader of a query string (`ctx.query`) for every router: a parameter the schema does not name
 * gets 400 "<name>: unknown parameter", one given twice or in bracket form (`teamId[]=1`, `teamId[0]=1`)
 * gets 400 "<name>: expected a single value", before the schema's own rules (whose messages stay as they were).
 */
export function parseQuery<S extends z.ZodObject>(schema: S, query: Record<string, unknown>): z.infer<S> {
  const known = new Set(Object.keys(schema.shape));
  const values: Record<string, string> = {};
  for (const [key, value] of Object.entries(query)) {
    const base = key.replace(/\[.*$/, '');
    if (base !== key && known.has(base)) throw badRequest(`${base}: expected a single value`);
    if (Array.isArray(value) && (known.has(key) || IGNORED_QUERY_PARAMETERS.includes(key))) {
      throw badRequest(`${key}: expected a single value`);
    }
    if (IGNORED_QUERY_PARAMETERS.includes(key)) continue;
    if (!known.has(key)) throw badRequest(`${key.slice(0, 60) || '(empty name)'}: unknown parameter`);
    if (typeof value !== 'string') throw badRequest(`${key}: expected a single value`);
    values[key] = value;
  }
  return parseInput(schema, values);
}

/** Query-string integer id: "39" -> 39; rejects "", "abc", "1.5", negatives. */
export const idParam = z
  .string({ error: (issue) => (issue.input === undefined ? 'is required' : 'expected a whole number') })
  .regex(/^\d{1,12}$/, 'expected a whole number')
  .transform(Number);

export const optionalIdParam = idParam.optional();
