import { Navigate, Route, Routes } from 'react-router-dom';
import styled from 'styled-components';
import { Toaster } from '@matchday/ui';
import { Footer } from '../components/Footer';
import { Header } from '../components/Header';
import { BOTTOM_BAR_SPACE, PrimaryNav } from '../components/PrimaryNav';
import { LoadingScreen } from '../components/LoadingScreen';
import { LoginPage } from '../components/LoginPage';
import { NotFound } from '../components/NotFound';
import { useAuthUser } from '../lib/auth';
import { useNavigationGuard } from '../lib/navigation-guard';
import { useServerTheme } from '../lib/server-theme';
import { RemoteArea } from '../remotes/RemoteArea';
import { SearchScreen } from '../search/SearchScreen';
import { AREA_ROUTES, SHELL_ROUTES } from '@matchday/contracts';

const Layout = styled.div`
  min-height: 100vh;
  display: flex;
  flex-direction: column;
  > main,
  > div.area {
    flex: 1;
  }
  ${BOTTOM_BAR_SPACE}
`;

export function App() {
  useNavigationGuard();
  const { user, loading } = useAuthUser();
  useServerTheme(user);
  if (loading) return <LoadingScreen />;
  if (!user) {
    return (
      <>
        <LoginPage />
        <Toaster />
      </>
    );
  }
  return (
    <Layout>
      <Header user={user} loading={loading} />
      <div className="area">
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
      </div>
      <Footer />
      <PrimaryNav placement="bottom" />
      <Toaster />
    </Layout>
  );
}
