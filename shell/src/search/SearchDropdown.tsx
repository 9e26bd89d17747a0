import { lazy, Suspense } from 'react';
import styled from 'styled-components';
import { useSearch } from './api';

// The results list (and the league table it links through) loads when the first results arrive.
const SearchResultsList = lazy(async () => ({ default: (await import('./SearchResultsList')).SearchResultsList }));

const Panel = styled.div`
  position: absolute;
  top: calc(100% + 0.4rem);
  left: 0;
  right: 0;
  min-width: 18rem;
  max-height: 70vh;
  overflow-y: auto;
  padding: 0.5rem;
  border-radius: 10px;
  background: ${({ theme }) => theme.surface};
  border: 1px solid ${({ theme }) => theme.border};
  box-shadow: 0 12px 30px rgb(0 0 0 / 0.3);
  p.hint {
    margin: 0;
    padding: 0.5rem;
    color: ${({ theme }) => theme.textMuted};
  }
`;

/**
 * The header search box's results, dropped down below it while the fan types (SearchBox draws it only while the
 * query is long enough to be asked). Loaded with the header's lazy parts, or when the box is reached for.
 */
export default function SearchDropdown({ id, query, onPick }: { id: string; query: string; onPick: () => void }) {
  const { data } = useSearch(query);
  return (
    <Panel id={id}>
      {data ? (
        <Suspense fallback={<p className="hint">Searching…</p>}>
          <SearchResultsList results={data} onPick={onPick} />
        </Suspense>
      ) : (
        <p className="hint">Searching…</p>
      )}
    </Panel>
  );
}
