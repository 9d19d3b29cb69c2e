import { theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigation } from 'react-router';

/** A thin bar at the top while the next page's code is loading (every route is lazy). */
export function NavigationProgress() {
  const navigation = useNavigation();
  const { token } = theme.useToken();
  const { t } = useTranslation();
  if (navigation.state === 'idle') return null;
  return (
    <div
      role="progressbar"
      aria-label={t('common.loading')}
      data-testid="navigation-progress"
      style={{
        position: 'fixed',
        insetInline: 0,
        top: 0,
        height: 2,
        zIndex: 2000,
        background: `linear-gradient(90deg, transparent, ${token.colorPrimary}, transparent)`,
        backgroundSize: '200% 100%',
        animation: 'canopy-progress 1s linear infinite',
      }}
    />
  );
}
