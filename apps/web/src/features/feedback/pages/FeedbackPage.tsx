import { useTranslation } from 'react-i18next';
import { PageContainer } from '../../../shell/layout/PageContainer';
import { UpcomingState } from '../../../shell/layout/UpcomingState';

/** /feedback: the feedback sub-application (loaded separately once it exists). */
export function FeedbackPage() {
  const { t } = useTranslation();
  return (
    <PageContainer title={t('pages.feedback.title')} testId="feedback-page">
      <UpcomingState title={t('pages.feedback.empty')} hint={t('pages.feedback.hint')} />
    </PageContainer>
  );
}
