import { useEffect, useState } from 'react';
import useSWR from 'swr';
import { SEARCH_MAX_LENGTH, SEARCH_MIN_LENGTH, type SearchResults } from '@matchday/contracts';

export function searchKey(query: string): string | null {
  const q = query.trim();
  if (q.length < SEARCH_MIN_LENGTH) return null;
  return `/api/search?q=${encodeURIComponent(q.slice(0, SEARCH_MAX_LENGTH))}`;
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
  const key = searchKey(settled);
  // the app's SWR fetcher (apiGet): the search box is in the header, first-render code kept lean (shell size budget)
  const result = useSWR<SearchResults | null>(key, { keepPreviousData: true, revalidateOnFocus: false });
  return { ...result, pending: key !== searchKey(query) || result.isLoading, active: key !== null };
}
