import { z } from 'zod';

/**
 * The words of every 400 and configuration error that a schema does not word itself, in the house style of
 * "leagueId: expected a whole number" and "referralCode: is required", instead of zod's own
 * ("Invalid input: expected number, received string", "Too big: expected string to have <=3 characters").
 * Set once per process on import (zod's global `customError`); a schema's own message still wins.
 */
const TYPE_WORDS: Readonly<Record<string, string>> = {
  string: 'expected text',
  number: 'expected a number',
  int: 'expected a whole number',
  boolean: 'expected true or false',
  array: 'expected a list',
  object: 'expected an object',
  date: 'expected a date',
};

const FORMAT_WORDS: Readonly<Record<string, string>> = {
  email: 'expected an e-mail address',
  url: 'expected a URL',
  datetime: 'expected a date and time (ISO 8601)',
  date: 'expected a date (YYYY-MM-DD)',
};

function bound(origin: string, limit: number | bigint, inclusive: boolean | undefined, most: boolean): string | undefined {
  const amount = String(limit);
  if (origin === 'string')
    return most ? `at most ${amount} characters` : Number(limit) === 1 ? 'must not be empty' : `at least ${amount} characters`;
  if (origin === 'array' || origin === 'set') return `${most ? 'at most' : 'at least'} ${amount} item${Number(limit) === 1 ? '' : 's'}`;
  if (origin === 'number' || origin === 'int' || origin === 'bigint') {
    if (inclusive === false) return `${most ? 'less' : 'more'} than ${amount}`;
    return `${most ? 'at most' : 'at least'} ${amount}`;
  }
  return undefined;
}

export function inputMessage(issue: z.core.$ZodRawIssue): string | undefined {
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined) return 'is required';
      return TYPE_WORDS[issue.expected] ?? `expected ${issue.expected}`;
    case 'too_big':
      return bound(issue.origin, issue.maximum, issue.inclusive, true);
    case 'too_small':
      return bound(issue.origin, issue.minimum, issue.inclusive, false);
    case 'invalid_value': {
      const values = issue.values.map((value) => JSON.stringify(value));
      return values.length === 1 ? `expected ${values[0]}` : `expected one of ${values.join(', ')}`;
    }
    case 'invalid_format':
      return FORMAT_WORDS[issue.format] ?? 'has the wrong format';
    case 'unrecognized_keys':
      return 'unknown field';
    case 'not_multiple_of':
      return `expected a multiple of ${String(issue.divisor)}`;
    case 'invalid_union':
    case 'invalid_key':
    case 'invalid_element':
      return 'has an invalid value';
    default:
      return undefined;
  }
}

z.config({ customError: inputMessage });
