import type { ComponentType } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import type { RemoteAppProps, RemoteName } from '@matchday/contracts';
import { AppProviders } from './providers';
import { Toaster } from './toasts';

/**
 * Runs a remote on its own for development (`npm run dev -w mf-stats`): the same providers as the
 * shell and the remote's routes from the shared route table, without the shell around it. The route table is
 * imported on demand: the UI kit is a shared singleton, bundled whole into the shell's first screen, which never
 * calls this (the shell has its own copy of the table).
 */
export function renderStandalone(remote: RemoteName, App: ComponentType<RemoteAppProps>): void {
  void import(/* webpackExports: ["AREA_ROUTES"] */ '@matchday/contracts').then(({ AREA_ROUTES }) => {
    const routes = AREA_ROUTES.filter((route) => route.remote === remote);
    createRoot(document.getElementById('root')!).render(
      <AppProviders>
        <BrowserRouter>
          <Routes>
            {routes.map((route) => (
              <Route key={route.path} path={route.path} element={<App screen={route.screen} />} />
            ))}
            <Route path="*" element={<App screen={routes[0]?.screen ?? ''} />} />
          </Routes>
          <Toaster />
        </BrowserRouter>
      </AppProviders>,
    );
  });
}
