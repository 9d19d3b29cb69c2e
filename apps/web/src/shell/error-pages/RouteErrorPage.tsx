import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { ErrorPageFrame } from './ErrorPageFrame';

/**
 * A page that failed to render or whose code failed to load (often: a deploy replaced the chunks
 * this tab knew about). A reload fixes both; no stack trace is shown to the user.
 */
export function RouteErrorPage() {
  const { t } = useTranslation();
  return (
    <ErrorPageFrame
      testId="error-page-crashed"
      documentTitle={t('errors.pageCrashedTitle')}
      status="error"
      title={t('errors.pageCrashedTitle')}
      subTitle={t('errors.pageCrashedHint')}
      extra={
        <Button type="primary" onClick={() => window.location.reload()}>
          {t('common.refresh')}
        </Button>
      }
    />
  );
}
