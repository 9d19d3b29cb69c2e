import { useTranslation } from 'react-i18next';
import { BackToWorkbenchButton } from './BackToWorkbenchButton';
import { ErrorPageFrame } from './ErrorPageFrame';

/** Catch-all: "Sorry, the page cannot be accessed", with a way back to the workbench. */
export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <ErrorPageFrame
      testId="error-page-not-found"
      documentTitle={t('errorPages.notFound')}
      status="404"
      title={t('errorPages.notFoundTitle')}
      subTitle={t('errorPages.notFound')}
      extra={<BackToWorkbenchButton />}
    />
  );
}
