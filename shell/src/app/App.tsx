import { lazy, memo, Suspense, useDeferredValue } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import styled from 'styled-components';
import { Toaster } from '@matchday/ui';
import { Footer } from '../components/Footer';
import { Header } from '../components/Header';
import { BOTTOM_BAR_SPACE, PrimaryNav } from '../components/PrimaryNav';
import { LoadingScreen } from '../components/LoadingScreen';
import { ReplayBanner } from '../components/ReplayBanner';
import { usePageViewReporting } from '../lib/analytics';
import { useAuthUser } from '../lib/auth';
import { useNavigationGuard } from '../lib/navigation-guard';
import { useServerTheme } from '../lib/server-theme';
import { RemoteArea } from '../remotes/RemoteArea';
import { AREA_ROUTES, SHELL_ROUTES, type AuthUser } from '@matchday/contracts';

// Screens a signed-in visitor's first page never needs: loaded when shown, not with the shell.
const LoginPage = lazy(async () => ({ default: (await import('../components/LoginPage')).LoginPage }));
const NotFound = lazy(async () => ({ default: (await import('../components/NotFound')).NotFound }));
const SearchScreen = lazy(async () => ({ default: (await import('../search/SearchScreen')).SearchScreen }));

const Layout = styled.div`
  min-height: 100vh;
  display: flex;
  flex-direction: column;
  > main,
  > div.area {
    flex: 1;
  }
  /* the footer starts below the fold until the screen has drawn: nothing visible moves when it arrives */
  > div.area {
    min-height: calc(100vh - 3.5rem);
  }
  ${BOTTOM_BAR_SPACE}
`;

/** Page views (spec §7): its own component, so that the gateway's configuration arriving re-renders nothing else. */
function PageViewReporting() {
  usePageViewReporting();
  return null;
}

/**
 * The signed-in app. Memoised on the user: what arrives after it during a first load (the gateway's configuration,
 * the dataset, the header's lazy parts) re-renders only the part that reads it, not the header, the area and the
 * footer again (each re-render in its own task added to the first load's blocking time on a phone).
 */
const SignedInApp = memo(function SignedInApp({ user }: { user: AuthUser }) {
  return (
    <Layout>
      <Header user={user} loading={false} />
      <div className="area">
        <Suspense fallback={null}>
          <Routes>
            {AREA_ROUTES.map((route) => (
              <Route
                key={route.path}
                path={route.path}
                element={<RemoteArea key={route.remote} name={route.remote} screen={route.screen} />}
              />
            ))}
            <Route path={SHELL_ROUTES.search} element={<SearchScreen />} />
            <Route path="/login" element={<Navigate to="/" replace />} />
            <Route path="*" element={<NotFound />} />
          </Routes>
        </Suspense>
      </div>
      <Footer />
      <PrimaryNav placement="bottom" />
      <Toaster />
    </Layout>
  );
});

export function App() {
  useNavigationGuard();
  const auth = useAuthUser();
  // The signed-in app replaces the loading screen as a transition: SWR delivers the user synchronously
  // (useSyncExternalStore), and drawing the header, the navigation and the area in that one task was the
  // longest task of a first load on a phone. Deferred, React draws them in slices.
  const user = useDeferredValue(auth.user);
  const loading = useDeferredValue(auth.loading);
  useServerTheme(user);
  let screen;
  if (loading) screen = <LoadingScreen />;
  else if (!user)
    screen = (
      <>
        <Suspense fallback={<LoadingScreen />}>
          <LoginPage />
        </Suspense>
        <Toaster />
      </>
    );
  else screen = <SignedInApp user={user} />;
  return (
    <>
      <PageViewReporting />
      <ReplayBanner />
      {screen}
    </>
  );
}
