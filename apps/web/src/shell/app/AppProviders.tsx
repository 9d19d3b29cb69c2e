import { QueryClientProvider } from '@tanstack/react-query';
import { App, ConfigProvider } from 'antd';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { setFeedbackApi } from '../api/feedback';
import { antdLocales } from '../i18n/antd-locale';
import { currentLanguage } from '../i18n/i18n';
import { queryClient } from './query-client';
import { theme } from './theme';

/** Hands the themed, localised toast/notification instances to code outside React. */
function FeedbackBridge() {
  const { message, notification } = App.useApp();
  useEffect(() => {
    setFeedbackApi({ message, notification });
    return () => setFeedbackApi(null);
  }, [message, notification]);
  return null;
}

/** Providers shared by the SPA and the auth pages: server state, antd theme + locale, feedback. */
export function AppProviders({ children }: { children: ReactNode }) {
  // Re-renders on language change, so antd's locale follows i18next.
  useTranslation();
  const language = currentLanguage();
  return (
    <QueryClientProvider client={queryClient}>
      <ConfigProvider locale={antdLocales[language]} theme={theme}>
        {/* Spec §9: at most one toast at a time. */}
        <App message={{ maxCount: 1 }} notification={{ placement: 'topRight' }}>
          <FeedbackBridge />
          {children}
        </App>
      </ConfigProvider>
    </QueryClientProvider>
  );
}
