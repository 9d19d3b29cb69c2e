import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AuthApp } from './features/auth/AuthApp';
import './shell/app/global.css';
import './shell/i18n/i18n';
import { AppProviders } from './shell/app/AppProviders';

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <AppProviders>
        <AuthApp />
      </AppProviders>
    </StrictMode>,
  );
}
