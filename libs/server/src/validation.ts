import { z } from 'zod';
import { badRequest } from './errors';

/**
 * Parses query/body input with a zod schema; on failure throws 400 whose message names the first bad field,
 * e.g. "leagueId: expected a whole number".
 */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const field = issue?.path.join('.') || 'input';
  throw badRequest(`${field}: ${issue?.message ?? 'invalid'}`, result.error.issues);
}

/** Query-string integer id: "39" -> 39; rejects "", "abc", "1.5", negatives. */
export const idParam = z
  .string({ error: (issue) => (issue.input === undefined ? 'is required' : 'expected a whole number') })
  .regex(/^\d{1,12}$/, 'expected a whole number')
  .transform(Number);

export const optionalIdParam = idParam.optional();
