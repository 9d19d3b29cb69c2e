import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { lazyPart } from '../../../shell/app/lazy-chunk';
import { FullPageLoading } from '../../../shell/session/FullPageLoading';
import { AppWorkspaceContext } from '../../apps/hooks/app-context';
import { useAppRequestContext } from '../../apps/hooks/useAppRequestContext';
import { useWorkspaceValue } from '../../apps/hooks/useWorkspaceValue';
import { TableServices } from '../../tables/components/TableServices';
import { AutomationListPage } from './AutomationListPage';

// The canvas and its forms load only when someone opens an automation.
const AutomationDesignerPage = lazyPart(
  () => import('./AutomationDesignerPage').then((m) => m.AutomationDesignerPage),
  <FullPageLoading />,
);

/**
 * /automations/:appCode: the app's automations (issue 28), for its designers;
 * /automations/:appCode/:automationId the designer of one. The router's AppAccessGate has run the
 * app access check; the server answers only to members with the app's edit right.
 */
export function AutomationsPage() {
  const { appCode = '', '*': sub = '' } = useParams();
  const context = useAppRequestContext(appCode);
  if (!context.ready) return <FullPageLoading />;
  return <AutomationsApp key={appCode} appCode={appCode} automationId={sub} adminMode={context.adminMode} />;
}

function AutomationsApp({
  appCode,
  automationId,
  adminMode,
}: {
  appCode: string;
  automationId: string;
  adminMode: boolean;
}) {
  const { t } = useTranslation();
  const { context, failed, retry } = useWorkspaceValue(appCode, adminMode);
  if (failed)
    return (
      <Result
        status="warning"
        title={t('appPage.loadFailed')}
        extra={<Button onClick={retry}>{t('common.retry')}</Button>}
      />
    );
  if (!context) return <FullPageLoading />;
  return (
    <AppWorkspaceContext value={context}>
      <TableServices>
        <div style={{ height: '100%' }} data-testid="automations-page">
          {!context.canEdit ? (
            <Result status="403" title={t('automations.noEditRight')} data-testid="automations-no-right" />
          ) : automationId ? (
            <AutomationDesignerPage key={automationId} automationId={automationId} />
          ) : (
            <AutomationListPage />
          )}
        </div>
      </TableServices>
    </AppWorkspaceContext>
  );
}
