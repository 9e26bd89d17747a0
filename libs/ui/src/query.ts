import { useDeferredValue, useMemo } from 'react';
import useSWR, { type SWRConfiguration, type SWRResponse } from 'swr';
import { apiGet } from '@matchday/ui';

/**
 * One thing a screen reads from the API, in one place: the URL that is its SWR key, the reader and the message a
 * failure carries. Two screens that read the same URL use the same query, so they share one reader and one cache entry.
 */
export interface ApiQuery<Args extends unknown[], T> {
  key: (...args: Args) => string;
  /** GET through apiGet (401 -> null); a failure is an Error with the query's message and the "status: body" as its cause. */
  read: (url: string) => Promise<T | null>;
}

/**
 * Defines a query: `message` is what a failed read says (spec §8, e.g. 'Failed to fetch players'); null keeps
 * apiGet's own error ("403: ...", a network TypeError) for screens that tell failures apart by it (admin).
 * `map` turns the reply into the value the screens use (an object where a list is expected, ...).
 */
export function apiQuery<Args extends unknown[], T, Reply = T>(
  key: (...args: Args) => string,
  message: string | null,
  map?: (reply: Reply) => T,
): ApiQuery<Args, T> {
  const read = async (url: string): Promise<T | null> => {
    let reply: Reply | null;
    try {
      reply = await apiGet<Reply>(url);
    } catch (error) {
      if (message === null) throw error;
      throw new Error(message, { cause: error });
    }
    if (reply === null || !map) return reply as T | null;
    return map(reply);
  };
  return { key, read };
}

/**
 * Reads a query; `args` null asks nothing (a route id is missing or invalid, spec §5).
 *
 * What arrives is drawn as a transition: SWR hands new data to React through useSyncExternalStore, which
 * renders synchronously, so a screen's whole table or list would be drawn in one long task. Here the
 * data is a deferred value: the synchronous render still shows the loading state (cheap), and the screen
 * with its data follows in a background render that React slices and interrupts for input. `isLoading`
 * stays true until the data is drawn, so a screen never shows "no data", or the previous key's data, in
 * between. The other fields are SWR's own, read on access (SWR re-renders only for the fields a screen reads).
 */
export function useApiQuery<Args extends unknown[], T>(
  query: ApiQuery<Args, T>,
  args: Args | null,
  options?: SWRConfiguration<T | null>,
): SWRResponse<T | null> {
  const key = args ? query.key(...args) : null;
  const response = useSWR<T | null>(key, query.read, options);
  const arrived = response.data;
  // Deferred with the key it belongs to: after a change of key (another tab or filter), the previous
  // key's data is never shown as the new one's while the new one is being drawn.
  const current = useMemo(() => ({ key, data: arrived }), [key, arrived]);
  const shown = useDeferredValue(current);
  const data = shown.key === key ? shown.data : undefined;
  return {
    data,
    get error() {
      return response.error;
    },
    get isLoading() {
      return response.isLoading || (data === undefined && arrived !== undefined);
    },
    get isValidating() {
      return response.isValidating;
    },
    mutate: response.mutate,
  };
}

/** The "status: body" detail behind a failed read, for a secondary line under the screen's message. */
export function errorDetail(error: unknown): string | undefined {
  if (!(error instanceof Error)) return undefined;
  return error.cause instanceof Error ? error.cause.message : error.message;
}
