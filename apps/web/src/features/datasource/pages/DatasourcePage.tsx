import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { PageContainer } from '../../../shell/layout/PageContainer';
import { UpcomingState } from '../../../shell/layout/UpcomingState';

/** /datasource/:appCode: the data-source sub-application of one app. */
export function DatasourcePage() {
  const { t } = useTranslation();
  const { appCode = '' } = useParams();
  return (
    <PageContainer title={t('pages.datasource.title')} testId="datasource-page">
      <UpcomingState title={t('pages.datasource.empty')} hint={t('pages.datasource.hint', { appCode })} />
    </PageContainer>
  );
}
