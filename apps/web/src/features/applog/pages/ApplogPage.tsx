import { FeatureCode } from '@canopy/contract';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { PageContainer } from '../../../shell/layout/PageContainer';
import { UpcomingState } from '../../../shell/layout/UpcomingState';
import { useSession } from '../../../shell/session/session-context';

/** /applog: the application log, only where the feature Applog is on (spec §6). */
export function ApplogPage() {
  const { t } = useTranslation();
  const { hasFeature } = useSession();
  if (!hasFeature(FeatureCode.applog)) return <Navigate to="/403" replace />;
  return (
    <PageContainer title={t('pages.applog.title')} testId="applog-page">
      <UpcomingState title={t('pages.applog.empty')} hint={t('pages.applog.hint')} />
    </PageContainer>
  );
}
