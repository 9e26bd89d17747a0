import { z } from 'zod';
import { HttpError, parseInput, readEnv } from '../src';

/** The 400 message parseInput throws for `input` against `schema`. */
function messageOf(schema: z.ZodType, input: unknown): string {
  try {
    parseInput(schema, input);
  } catch (error) {
    expect(error).toBeInstanceOf(HttpError);
    return (error as HttpError).message;
  }
  throw new Error('expected a 400');
}

describe('input messages', () => {
  const body = z
    .object({
      code: z.string().min(1).max(8),
      note: z.string().min(3).optional(),
      count: z.number().int().min(1).max(5),
      ratio: z.number().gt(0).optional(),
      on: z.boolean(),
      kind: z.enum(['league', 'team']),
      email: z.email().optional(),
      ids: z.array(z.number()).max(2).optional(),
    })
    .strict();
  const valid = { code: 'ABC', count: 2, on: true, kind: 'team' };

  it.each([
    [{ ...valid, code: undefined }, 'code: is required'],
    [{ ...valid, code: 5 }, 'code: expected text'],
    [{ ...valid, code: '' }, 'code: must not be empty'],
    [{ ...valid, code: 'ABCDEFGHI' }, 'code: at most 8 characters'],
    [{ ...valid, note: 'ab' }, 'note: at least 3 characters'],
    [{ ...valid, count: 'two' }, 'count: expected a number'],
    [{ ...valid, count: 1.5 }, 'count: expected a whole number'],
    [{ ...valid, count: 0 }, 'count: at least 1'],
    [{ ...valid, count: 6 }, 'count: at most 5'],
    [{ ...valid, ratio: 0 }, 'ratio: more than 0'],
    [{ ...valid, on: 'yes' }, 'on: expected true or false'],
    [{ ...valid, kind: 'player' }, 'kind: expected one of "league", "team"'],
    [{ ...valid, email: 'nobody' }, 'email: expected an e-mail address'],
    [{ ...valid, ids: [1, 2, 3] }, 'ids: at most 2 items'],
    [{ ...valid, ids: 'x' }, 'ids: expected a list'],
    [{ ...valid, extra: 1 }, 'extra: unknown field'],
    [null, 'input: expected an object'],
    [[], 'input: expected an object'],
  ])('%j -> %s', (input, expected) => {
    expect(messageOf(body, input)).toBe(expected);
  });

  it("keeps a schema's own words", () => {
    const own = z.object({ id: z.string().regex(/^\d+$/, 'expected a whole number') });
    expect(messageOf(own, { id: 'x' })).toBe('id: expected a whole number');
  });

  it('words configuration errors the same way', () => {
    const schema = z.object({ PORT: z.coerce.number().int().max(65535), NAME: z.string().min(2) });
    expect(() => readEnv(schema, { PORT: '70000', NAME: 'x' })).toThrow(
      'Invalid configuration:\n  PORT: at most 65535\n  NAME: at least 2 characters',
    );
    expect(() => readEnv(schema, { PORT: '1' })).toThrow('NAME: is required');
  });
});
