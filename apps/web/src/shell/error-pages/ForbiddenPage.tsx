import { useTranslation } from 'react-i18next';
import { BackToWorkbenchButton } from './BackToWorkbenchButton';
import { ErrorPageFrame } from './ErrorPageFrame';

/** /403: the user lacks the permission this page needs. */
export function ForbiddenPage() {
  const { t } = useTranslation();
  return (
    <ErrorPageFrame
      testId="error-page-forbidden"
      documentTitle={t('errorPages.forbidden')}
      status="403"
      title={t('errorPages.forbiddenTitle')}
      subTitle={t('errorPages.forbidden')}
      extra={<BackToWorkbenchButton />}
    />
  );
}
