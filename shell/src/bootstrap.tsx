import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { AppProviders } from '@matchday/ui';
import { App } from './app/App';
import { rememberBuildTime } from './components/Footer';
import { initRemotes } from './remotes/registry';

window.addEventListener('unhandledrejection', (event) => {
  // Spec §8: rejections mentioning 401 are ignored; others are logged.
  if (String((event.reason as Error | undefined)?.message ?? event.reason).includes('401')) event.preventDefault();
});

// The build time is only needed for the update check: fetched alongside, not before the first render.
void rememberBuildTime();
void initRemotes().then(() => {
  createRoot(document.getElementById('root')!).render(
    <AppProviders>
      <BrowserRouter>
        <App />
      </BrowserRouter>
    </AppProviders>,
  );
});
