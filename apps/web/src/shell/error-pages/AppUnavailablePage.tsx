import { Button, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { safeRedirect } from '../navigation/auth-redirect';
import { logout } from '../session/logout';
import { BackToWorkbenchButton } from './BackToWorkbenchButton';
import { ErrorPageFrame } from './ErrorPageFrame';

/**
 * /appNotFound: the app was deleted or moved to another team or account. Logging out (perhaps to
 * sign in with the account that has the app) comes back to the app page that sent the user here.
 */
export function AppUnavailablePage() {
  const { t } = useTranslation();
  return (
    <ErrorPageFrame
      testId="error-page-app-unavailable"
      documentTitle={t('errorPages.appUnavailable')}
      status="404"
      title={t('errorPages.appUnavailable')}
      subTitle={t('errorPages.appUnavailableHint')}
      extra={
        <Space>
          <Button data-testid="error-page-logout" onClick={() => logout(safeRedirect(document.referrer))}>
            {t('header.logout')}
          </Button>
          <BackToWorkbenchButton />
        </Space>
      }
    />
  );
}
