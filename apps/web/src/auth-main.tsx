import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AuthApp } from './features/auth/AuthApp';
import './shell/app/global.css';
import { AppProviders } from './shell/app/AppProviders';
import { i18nReady } from './shell/i18n/i18n';

const root = document.getElementById('root');
if (root) {
  // The page renders once its language's texts are there (Chinese is bundled; others are a chunk).
  void i18nReady.then(() =>
    createRoot(root).render(
      <StrictMode>
        <AppProviders>
          <AuthApp />
        </AppProviders>
      </StrictMode>,
    ),
  );
}
