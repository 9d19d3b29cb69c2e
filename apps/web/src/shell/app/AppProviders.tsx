import { QueryClientProvider } from '@tanstack/react-query';
import { App, ConfigProvider } from 'antd';
import { type ReactNode, useEffect, useMemo, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { setFeedbackApi } from '../api/feedback';
import { antdLocale } from '../i18n/antd-locale';
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

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

/** The system's "reduce motion" setting, followed live. */
function useReducedMotion(): boolean {
  return useSyncExternalStore(
    (changed) => {
      const query = window.matchMedia(REDUCED_MOTION);
      query.addEventListener('change', changed);
      return () => query.removeEventListener('change', changed);
    },
    () => window.matchMedia(REDUCED_MOTION).matches,
    () => false,
  );
}

/** Providers shared by the SPA and the auth pages: server state, antd theme + locale, feedback. */
export function AppProviders({ children }: { children: ReactNode }) {
  // Re-renders on language change, so antd's locale follows i18next.
  useTranslation();
  const language = currentLanguage();
  // People who asked their system for less motion get dialogs and menus without zoom and slide.
  const reduced = useReducedMotion();
  const themed = useMemo(() => (reduced ? { ...theme, token: { ...theme.token, motion: false } } : theme), [reduced]);
  return (
    <QueryClientProvider client={queryClient}>
      <ConfigProvider locale={antdLocale(language)} theme={themed}>
        {/* Spec §9: at most one toast at a time. */}
        <App message={{ maxCount: 1 }} notification={{ placement: 'topRight' }}>
          <FeedbackBridge />
          {children}
        </App>
      </ConfigProvider>
    </QueryClientProvider>
  );
}
