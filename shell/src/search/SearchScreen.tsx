import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router-dom';
import styled from 'styled-components';
import { SEARCH_MAX_LENGTH, SEARCH_MIN_LENGTH } from '@matchday/contracts';
import { Card, Heading, Page, usePageMeta } from '@matchday/ui';
import { useSearch } from './api';
import { SearchInput } from './SearchBox';
import { SearchResultsList } from './SearchResultsList';

const Hint = styled.p`
  margin: 0.5rem;
  color: ${({ theme }) => theme.textMuted};
`;

/** The search screen (/search?q=): the phone's way to search; the query stays in the URL. */
export function SearchScreen() {
  const [params, setParams] = useSearchParams();
  const query = params.get('q') ?? '';
  const input = useRef<HTMLInputElement>(null);
  const { data, active } = useSearch(query);
  usePageMeta({ title: 'Search', description: 'Find teams, players and competitions on Matchday.' });
  useEffect(() => input.current?.focus(), []);

  return (
    <Page>
      <Heading>Search</Heading>
      <form role="search" onSubmit={(event) => event.preventDefault()} style={{ marginBottom: '1rem' }}>
        <SearchInput
          ref={input}
          type="search"
          aria-label="Search teams, players and competitions"
          placeholder="Search teams, players, leagues"
          maxLength={SEARCH_MAX_LENGTH}
          autoComplete="off"
          value={query}
          onChange={(event) => setParams(event.target.value ? { q: event.target.value } : {}, { replace: true })}
        />
      </form>
      <Card>
        {!active ? (
          <Hint>Type at least {SEARCH_MIN_LENGTH} letters of a team, player or competition.</Hint>
        ) : data ? (
          <SearchResultsList results={data} />
        ) : (
          <Hint role="status">Searching…</Hint>
        )}
      </Card>
    </Page>
  );
}
