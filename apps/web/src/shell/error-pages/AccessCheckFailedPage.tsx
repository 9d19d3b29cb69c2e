import { useTranslation } from 'react-i18next';
import { BackToWorkbenchButton } from './BackToWorkbenchButton';
import { ErrorPageFrame } from './ErrorPageFrame';

/** /appAccessCheckFailed: the app access check itself failed (not a "no"), so try again later. */
export function AccessCheckFailedPage() {
  const { t } = useTranslation();
  return (
    <ErrorPageFrame
      testId="error-page-access-check-failed"
      documentTitle={t('errorPages.accessCheckFailed')}
      status="warning"
      title={t('errorPages.accessCheckFailed')}
      extra={<BackToWorkbenchButton />}
    />
  );
}
