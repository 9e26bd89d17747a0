/**
 * While auth state loads: the logo with 'Loading...' (spec §2). The same markup as the app shell in
 * the HTML page (libs/config/src/index.html), styled by that page's inline critical CSS, so the first
 * render changes nothing on screen.
 */
export function LoadingScreen() {
  return (
    <div data-testid="app-shell">
      <header className="shell-header">
        <span className="shell-logo">
          <svg width="28" height="28" viewBox="0 0 32 32" aria-hidden="true">
            <circle cx="16" cy="16" r="15" fill="#22c55e" />
            <path d="M16 7l6 4.5-2.3 7h-7.4L10 11.5z" fill="#052e16" />
            <path d="M16 7v-4M22 11.5l4-1.5M19.7 18.5l2.8 4.5M12.3 18.5l-2.8 4.5M10 11.5l-4-1.5" stroke="#052e16" strokeWidth="1.6" />
          </svg>
          Matchday
        </span>
        <span className="shell-avatar" />
      </header>
      <main className="shell-loading" role="status" aria-live="polite">
        <p>Loading...</p>
        <p className="shell-tagline">{APP_TAGLINE}</p>
      </main>
    </div>
  );
}

/** The line under 'Loading...', the same as in the HTML page. */
export const APP_TAGLINE = 'Fixtures, standings, player and team statistics, head-to-head records and tips.';
