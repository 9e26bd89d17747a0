import { useEffect, type ReactNode } from 'react';
import { SWRConfig } from 'swr';
import { createGlobalStyle, ThemeProvider } from 'styled-components';
import { swrConfig } from './api';
import { store, useAppSelector } from './store';
import { applyTheme, palettes, storedTheme, themeSlice } from './theme';

const GlobalStyle = createGlobalStyle`
  *, *::before, *::after { box-sizing: border-box; }
  body {
    margin: 0;
    background: ${({ theme }) => theme.background};
    color: ${({ theme }) => theme.text};
    font-family: system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif;
    line-height: 1.45;
    -webkit-font-smoothing: antialiased;
  }
  a { color: inherit; }
  button, input, select { font: inherit; }
  :focus-visible { outline: 2px solid ${({ theme }) => theme.accent}; outline-offset: 2px; }
  .visually-hidden {
    position: absolute; width: 1px; height: 1px; padding: 0; margin: -1px;
    overflow: hidden; clip: rect(0, 0, 0, 0); white-space: nowrap; border: 0;
  }
`;

store.dispatch(themeSlice.actions.setTheme(storedTheme()));

function ThemeBridge({ children }: { children: ReactNode }) {
  const mode = useAppSelector((state) => state.theme.mode);
  useEffect(() => applyTheme(mode), [mode]);
  return (
    <ThemeProvider theme={palettes[mode]}>
      <GlobalStyle />
      {children}
    </ThemeProvider>
  );
}

/**
 * The one set of providers: theme and SWR configuration. Used by the shell and by remotes running standalone. The
 * store needs no provider: its hooks read it directly (store.ts).
 */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <ThemeBridge>
      <SWRConfig value={swrConfig}>{children}</SWRConfig>
    </ThemeBridge>
  );
}
