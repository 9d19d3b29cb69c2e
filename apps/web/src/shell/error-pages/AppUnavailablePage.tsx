import { Button, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { logout } from '../session/logout';
import { BackToWorkbenchButton } from './BackToWorkbenchButton';
import { ErrorPageFrame } from './ErrorPageFrame';

/** /appNotFound: the app was deleted or moved to another team or account. */
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
          <Button data-testid="error-page-logout" onClick={() => void logout()}>
            {t('header.logout')}
          </Button>
          <BackToWorkbenchButton />
        </Space>
      }
    />
  );
}
