import { useState } from 'react';
import styled from 'styled-components';
import { useSWRConfig } from 'swr';
import { apiSend, Button, Card } from '@matchday/ui';
import { FollowButton, PREFERENCES_URL, useApiQuery, apiQuery } from '@matchday/ui/unshared';
import { SEARCH_MAX_LENGTH, SEARCH_MIN_LENGTH, type SearchResults, type UserPreferences } from '@matchday/contracts';

const Prompt = styled(Card)`
  display: grid;
  gap: 0.75rem;
  margin-bottom: 1.25rem;
  h2 {
    margin: 0;
    font-size: 1.1rem;
  }
  p {
    margin: 0;
    color: ${({ theme }) => theme.textMuted};
  }
  ul {
    list-style: none;
    margin: 0;
    padding: 0;
    display: grid;
    gap: 0.4rem;
  }
  li {
    display: flex;
    align-items: center;
    justify-content: space-between;
    gap: 0.5rem;
  }
  input {
    min-height: 2.5rem;
    padding: 0.4rem 0.6rem;
    border-radius: 8px;
    border: 1px solid ${({ theme }) => theme.border};
    background: ${({ theme }) => theme.surface};
    color: ${({ theme }) => theme.text};
    font: inherit;
  }
`;

const Footer = styled.div`
  display: flex;
  justify-content: flex-end;
`;

const searchQuery = apiQuery<[q: string], SearchResults>((q) => `/api/search?q=${encodeURIComponent(q)}`, 'Search failed');

/**
 * The first visit's one gentle prompt: search for teams and leagues and star them; "Not now"
 * dismisses it for good (a preference kept on the server, so every device respects it).
 */
export function FollowPrompt() {
  const [text, setText] = useState('');
  const q = text.trim().slice(0, SEARCH_MAX_LENGTH);
  const { data: results } = useApiQuery(searchQuery, q.length >= SEARCH_MIN_LENGTH ? [q] : null, { keepPreviousData: true });
  const { mutate } = useSWRConfig();
  const dismiss = () =>
    void mutate<UserPreferences | null>(
      PREFERENCES_URL,
      apiSend<UserPreferences>('POST', PREFERENCES_URL, { followPromptDismissed: true }),
      {
        optimisticData: (prefs) => (prefs ? { ...prefs, followPromptDismissed: true } : null),
        rollbackOnError: false,
      },
    ).catch(() => undefined);
  const picks = [
    ...(results?.teams ?? []).map((t) => ({ kind: 'team' as const, id: t.id, name: t.name, detail: t.country })),
    ...(results?.leagues ?? []).map((l) => ({ kind: 'league' as const, id: l.id, name: l.name, detail: l.country })),
  ];
  return (
    <Prompt as="section" aria-labelledby="follow-prompt-heading" data-testid="follow-prompt">
      <h2 id="follow-prompt-heading">Follow your teams</h2>
      <p>Their matches come first here, and Settings can alert you to their goals.</p>
      <label htmlFor="follow-search" className="visually-hidden">
        Search teams and leagues
      </label>
      <input
        id="follow-search"
        type="search"
        placeholder="Search teams and leagues"
        autoComplete="off"
        value={text}
        onChange={(event) => setText(event.target.value)}
      />
      {picks.length > 0 && (
        <ul aria-label="Search results">
          {picks.map((pick) => (
            <li key={`${pick.kind}-${pick.id}`}>
              <span>
                {pick.name}
                {pick.detail ? ` · ${pick.detail}` : ''}
              </span>
              <FollowButton kind={pick.kind} id={pick.id} name={pick.name} />
            </li>
          ))}
        </ul>
      )}
      <Footer>
        <Button type="button" $variant="ghost" onClick={dismiss}>
          Not now
        </Button>
      </Footer>
    </Prompt>
  );
}
