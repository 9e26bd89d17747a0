import { startTransition } from 'react';
import { preload } from 'swr';
import { createRoot } from 'react-dom/client';
import { unstable_HistoryRouter as HistoryRouter } from 'react-router-dom';
import { apiGet, AppProviders, setBootAppConfig, setReplayShift, startRedux } from '@matchday/ui';
import { AUTH_USER_KEY, readAuthUser } from '@matchday/ui/unshared';
import type { PublicAppConfig } from '@matchday/contracts';
import { App } from './app/App';
import { afterLoadAndIdle } from './lib/after-load';
import { startEarlyPwa } from './pwa/early';
import { appHistory } from './lib/navigation-guard';
import { preloadFirstRead } from './remotes/first-reads';
import { initRemotes, preloadAreaOf } from './remotes/registry';

window.addEventListener('unhandledrejection', (event) => {
  // Spec §8: rejections mentioning 401 are ignored; others are logged.
  if (String((event.reason as Error | undefined)?.message ?? event.reason).includes('401')) event.preventDefault();
});

// The service worker is registered at the load event and an early install prompt is held (pwa/early.ts).
// Workbox with the update flows, the install prompt, online state and the automatic update checks (30 s,
// then every 5 min) are requested once the first screen has had the page to itself (lib/after-load.ts):
// its chunk fetched and run at boot was part of the JavaScript and the long tasks before Home's first card.
startEarlyPwa();
const pwa = afterLoadAndIdle.then(() => import(/* webpackChunkName: "pwa" */ './pwa/runtime'));
void pwa.then(({ startPwa }) => startPwa());
// Redux Toolkit (with Immer and React Redux) takes over the UI kit's store then too: the theme and the toasts run
// without it until then (libs/ui/src/store.ts). It stays a shared singleton for the remotes that import it.
void afterLoadAndIdle.then(() => startRedux());
// The signed-in user is asked for now rather than by the first render (useAuthUser takes this read). For a signed-in
// visitor, the App of the page's area is loaded as soon as the read says so, usually before the signed-in layout is
// drawn: the area then draws it without suspending (see loadedRemoteApp).
const signedIn = preload(AUTH_USER_KEY, readAuthUser).then(
  (user) => user !== null,
  () => false,
);
// A deep link's first read (Standings' table) is asked alongside the remote's code (remotes/first-reads.ts).
void signedIn.then((yes) => yes && preloadFirstRead(window.location));
// The gateway's configuration is read alongside the manifest: while a replay of a real season is served, every screen
// writes a match's real date (the kick-offs it is given are moved by the replay's shift), from the first screen on.
const configured = preload('/app-config.json', apiGet<PublicAppConfig>).then(
  (config) => {
    setReplayShift(config?.replay?.shiftMs ?? 0);
    setBootAppConfig(config);
  },
  () => undefined,
);
void Promise.all([initRemotes(), configured]).then(([manifest]) => {
  void signedIn.then((yes) => yes && preloadAreaOf(window.location.pathname));
  // What the update check compares with: read alongside, not before the first render.
  void pwa.then(({ rememberLoadedVersions }) => rememberLoadedVersions(manifest));
  const root = createRoot(document.getElementById('root')!);
  // A transition: React renders the first screen in slices of about 5 ms and lets the browser answer
  // input in between, instead of one long task (the static skeleton in index.html stays until the commit).
  startTransition(() => {
    root.render(
      <AppProviders>
        <HistoryRouter history={appHistory()}>
          <App />
        </HistoryRouter>
      </AppProviders>,
    );
  });
});
