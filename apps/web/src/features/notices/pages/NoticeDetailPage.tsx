import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { PageContainer } from '../../../shell/layout/PageContainer';
import { UpcomingState } from '../../../shell/layout/UpcomingState';
import { useGoBack } from '../../../shell/navigation/useAppNavigate';

/** /notice/detail: one notification. Without a detail API there is nothing to show yet. */
export function NoticeDetailPage() {
  const { t } = useTranslation();
  const goBack = useGoBack();
  return (
    <PageContainer title={t('pages.notice.detailTitle')} testId="notice-detail-page">
      <UpcomingState
        title={t('pages.notice.detailEmpty')}
        hint={t('pages.notice.hint')}
        extra={<Button onClick={goBack}>{t('common.back')}</Button>}
      />
    </PageContainer>
  );
}
