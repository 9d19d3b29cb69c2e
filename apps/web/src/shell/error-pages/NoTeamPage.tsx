import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { safeRedirect } from '../navigation/auth-redirect';
import { logout } from '../session/logout';
import { ErrorPageFrame } from './ErrorPageFrame';

/**
 * /engineNotFound: no authorized team (closed, expired, or the list could not be had). Re-login
 * keeps the way back: the page the user was sent here from (its `redirect` parameter).
 */
export function NoTeamPage() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const returnTo = safeRedirect(search.get('redirect'));
  return (
    <ErrorPageFrame
      testId="error-page-no-team"
      documentTitle={t('errorPages.noTeamTitle')}
      status="403"
      title={t('errorPages.noTeamTitle')}
      subTitle={t('errorPages.noTeam')}
      extra={
        <Button type="primary" data-testid="error-page-relogin" onClick={() => logout(returnTo)}>
          {t('errorPages.relogin')}
        </Button>
      }
    />
  );
}
