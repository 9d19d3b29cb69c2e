import { FeatureCode } from '@canopy/contract';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { PageContainer } from '../../../shell/layout/PageContainer';
import { UpcomingState } from '../../../shell/layout/UpcomingState';
import { FullPageLoading } from '../../../shell/session/FullPageLoading';
import { useSession } from '../../../shell/session/session-context';

/** /applog: the application log, only where the feature Applog is on (spec §6). */
export function ApplogPage() {
  const { t } = useTranslation();
  const { hasFeature, featuresSettled } = useSession();
  // Opened directly (address bar, reload) the stored list may be old: decide on the server's list.
  if (!featuresSettled) return <FullPageLoading />;
  if (!hasFeature(FeatureCode.applog)) return <Navigate to="/403" replace />;
  return (
    <PageContainer title={t('pages.applog.title')} testId="applog-page">
      <UpcomingState title={t('pages.applog.empty')} hint={t('pages.applog.hint')} />
    </PageContainer>
  );
}
