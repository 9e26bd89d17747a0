import { z } from 'zod';
import { SEARCH_MAX_LENGTH, SEARCH_MIN_LENGTH } from '@matchday/contracts';

/** ?q=: 2 to 100 characters once trimmed (counted as the fan typed them, before normalising). */
export const searchQuery = z.object({
  q: z
    .string({ error: (issue) => (issue.input === undefined ? 'is required' : 'expected text') })
    .trim()
    .min(SEARCH_MIN_LENGTH, `type at least ${SEARCH_MIN_LENGTH} characters`)
    .max(SEARCH_MAX_LENGTH, `at most ${SEARCH_MAX_LENGTH} characters`),
});
