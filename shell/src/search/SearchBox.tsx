import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import styled from 'styled-components';
import { SEARCH_MAX_LENGTH, SHELL_ROUTES } from '@matchday/contracts';
import { MOBILE_BREAKPOINT } from '@matchday/ui';
import { afterLoadAndIdle } from '../lib/after-load';
import { searchKey, useDebounced } from './api';

// The results dropdown (the search query, its panel and the results list) is not part of the first screen: it is
// fetched with the header's lazy parts (the "header" chunk) once the first screen has had the page to itself, or at
// once when the box is focused or pointed at. The box itself is drawn at once, so nothing moves and nothing typed is lost.
const loadDropdown = () => import(/* webpackChunkName: "header" */ './SearchDropdown');
const SearchDropdown = lazy(loadDropdown);

export const SearchInput = styled.input`
  width: 100%;
  padding: 0.5rem 0.75rem 0.5rem 2.1rem;
  border-radius: 999px;
  border: 1px solid ${({ theme }) => theme.border};
  background: ${({ theme }) => theme.surfaceRaised}
    url("data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 24 24' fill='none' stroke='%2394a3b8' stroke-width='2' stroke-linecap='round'%3E%3Ccircle cx='11' cy='11' r='6.5'/%3E%3Cpath d='M16 16l4.5 4.5'/%3E%3C/svg%3E")
    no-repeat 0.7rem center / 1rem;
  color: ${({ theme }) => theme.text};
  &::placeholder {
    color: ${({ theme }) => theme.textMuted};
  }
`;

const Box = styled.div`
  position: relative;
  flex: 1;
  max-width: 22rem;
  @media (max-width: ${MOBILE_BREAKPOINT}px) {
    display: none;
  }
`;

/** The header's search box (wider screens): results drop down as the fan types; Enter opens the search screen. */
export function SearchBox() {
  const [query, setQuery] = useState('');
  const [open, setOpen] = useState(false);
  const boxRef = useRef<HTMLDivElement>(null);
  const panelId = useId();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  // the same debounced key the dropdown asks for: the dropdown (and aria-controls) only while it asks
  const active = searchKey(useDebounced(query)) !== null;

  useEffect(() => void afterLoadAndIdle.then(loadDropdown), []);
  useEffect(() => setOpen(false), [pathname]);
  useEffect(() => {
    if (!open) return;
    const close = (event: MouseEvent) => {
      if (!boxRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', close);
    return () => document.removeEventListener('mousedown', close);
  }, [open]);

  const pick = () => {
    setOpen(false);
    setQuery('');
  };
  return (
    <Box ref={boxRef} role="search" data-testid="header-search" onPointerEnter={() => void loadDropdown()}>
      <SearchInput
        type="search"
        aria-label="Search teams, players and competitions"
        placeholder="Search teams, players, leagues"
        maxLength={SEARCH_MAX_LENGTH}
        value={query}
        aria-controls={open && active ? panelId : undefined}
        autoComplete="off"
        onChange={(event) => {
          setQuery(event.target.value);
          setOpen(true);
        }}
        onFocus={() => {
          void loadDropdown();
          setOpen(true);
        }}
        onKeyDown={(event) => {
          if (event.key === 'Escape') setOpen(false);
          if (event.key === 'Enter' && query.trim()) {
            navigate(`${SHELL_ROUTES.search}?q=${encodeURIComponent(query.trim())}`);
            pick();
          }
        }}
      />
      {open && active && (
        <Suspense fallback={null}>
          <SearchDropdown id={panelId} query={query} onPick={pick} />
        </Suspense>
      )}
    </Box>
  );
}
