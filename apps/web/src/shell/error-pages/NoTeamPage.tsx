import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { logout } from '../session/logout';
import { ErrorPageFrame } from './ErrorPageFrame';

/** /engineNotFound: no authorized team (closed, expired, or the list could not be had). */
export function NoTeamPage() {
  const { t } = useTranslation();
  return (
    <ErrorPageFrame
      testId="error-page-no-team"
      documentTitle={t('errorPages.noTeamTitle')}
      status="403"
      title={t('errorPages.noTeamTitle')}
      subTitle={t('errorPages.noTeam')}
      extra={
        <Button type="primary" data-testid="error-page-relogin" onClick={() => void logout()}>
          {t('errorPages.relogin')}
        </Button>
      }
    />
  );
}
