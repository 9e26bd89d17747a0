import type { Theme } from '@matchday/contracts';
import { plainSlice } from './slice';

export const THEME_STORAGE_KEY = 'theme';
export const MOBILE_BREAKPOINT = 768;

export interface Palette {
  mode: Theme;
  background: string;
  surface: string;
  surfaceRaised: string;
  border: string;
  text: string;
  textMuted: string;
  accent: string;
  accentText: string;
  danger: string;
  success: string;
  warning: string;
}

export const palettes: Record<Theme, Palette> = {
  dark: {
    mode: 'dark',
    background: '#0b1120',
    surface: '#111a2e',
    surfaceRaised: '#1a2540',
    border: '#26324d',
    text: '#e2e8f0',
    textMuted: '#94a3b8',
    accent: '#22c55e',
    accentText: '#052e16',
    danger: '#f87171',
    success: '#4ade80',
    warning: '#fbbf24',
  },
  light: {
    mode: 'light',
    background: '#f8fafc',
    surface: '#ffffff',
    surfaceRaised: '#f1f5f9',
    border: '#e2e8f0',
    text: '#0f172a',
    textMuted: '#475569',
    accent: '#15803d',
    accentText: '#ffffff',
    danger: '#b91c1c',
    success: '#15803d',
    warning: '#b45309',
  },
};

/** The phone layout's media query (below MOBILE_BREAKPOINT), for styles (`media.mobile`) and for matchMedia alike. */
export const MOBILE_QUERY = `(max-width: ${MOBILE_BREAKPOINT - 1}px)`;

export const media = { mobile: `@media ${MOBILE_QUERY}` };

declare module 'styled-components' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  export interface DefaultTheme extends Palette {}
}

export function storedTheme(): Theme {
  try {
    return localStorage.getItem(THEME_STORAGE_KEY) === 'light' ? 'light' : 'dark';
  } catch {
    return 'dark';
  }
}

/** Stores the theme under the `theme` key and toggles the `dark` class on the document root. */
export function applyTheme(theme: Theme): void {
  try {
    localStorage.setItem(THEME_STORAGE_KEY, theme);
  } catch {
    // private mode: the class still applies for this page
  }
  document.documentElement.classList.toggle('dark', theme === 'dark');
}

export interface ThemeState {
  mode: Theme;
}

/** The theme of the app's one store (store.ts); no Redux Toolkit, so that it works before Redux is loaded. */
export const themeSlice = plainSlice('theme', { mode: 'dark' } as ThemeState, {
  setTheme: (state: ThemeState, mode: Theme): ThemeState => (state.mode === mode ? state : { ...state, mode }),
});
