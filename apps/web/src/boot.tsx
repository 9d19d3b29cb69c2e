import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import './shell/app/global.css';
import { AppProviders } from './shell/app/AppProviders';
import { router } from './shell/app/router';
import { i18nReady } from './shell/i18n/i18n';
import { setRouterNavigate } from './shell/navigation/router-bridge';
import { localStore, StorageKey } from './shell/storage/local-store';

// This page load already runs the newest build: a pending "reload on next navigation" is done.
localStore.remove(StorageKey.newVersion);
setRouterNavigate((to, options) => void router.navigate(to, options));

const root = document.getElementById('root');
if (root) {
  // The page renders once its language's texts are there (Chinese is bundled; others are a chunk).
  void i18nReady.then(() =>
    createRoot(root).render(
      <StrictMode>
        <AppProviders>
          <RouterProvider router={router} />
        </AppProviders>
      </StrictMode>,
    ),
  );
}
