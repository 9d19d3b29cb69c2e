import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { PageContainer } from '../../../shell/layout/PageContainer';
import { UpcomingState } from '../../../shell/layout/UpcomingState';

/**
 * /workflow/:appCode (with header) and /workflow/:appCode/* (sub-pages, no header): the workflow
 * sub-application, loaded on demand once it exists.
 */
export function WorkflowPage() {
  const { t } = useTranslation();
  const { appCode = '' } = useParams();
  return (
    <PageContainer title={t('pages.workflow.title')} testId="workflow-page">
      <UpcomingState title={t('pages.workflow.empty')} hint={t('pages.workflow.hint', { appCode })} />
    </PageContainer>
  );
}
