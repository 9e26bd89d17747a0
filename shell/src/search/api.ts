import { useEffect, useState } from 'react';
import { SEARCH_MAX_LENGTH, SEARCH_MIN_LENGTH, type SearchResults } from '@matchday/contracts';
import { apiQuery, useApiQuery } from '@matchday/ui/unshared';

export const searchQuery = apiQuery<[term: string], SearchResults>((term) => `/api/search?q=${encodeURIComponent(term)}`, 'Search failed');

/** What is asked for a typed query: nothing below 2 characters, at most SEARCH_MAX_LENGTH. */
function searchTerm(query: string): string | null {
  const q = query.trim();
  return q.length < SEARCH_MIN_LENGTH ? null : q.slice(0, SEARCH_MAX_LENGTH);
}

/** The value after the fan has stopped typing for `ms`. */
export function useDebounced<T>(value: T, ms = 180): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/** Results as the fan types (debounced); nothing is asked below 2 characters. */
export function useSearch(query: string) {
  const settled = useDebounced(query);
  const term = searchTerm(settled);
  const result = useApiQuery(searchQuery, term === null ? null : [term], { keepPreviousData: true, revalidateOnFocus: false });
  return { ...result, pending: term !== searchTerm(query) || result.isLoading, active: term !== null };
}
