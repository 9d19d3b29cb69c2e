import { useQuery } from '@tanstack/react-query';
import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { lazyPart } from '../../../shell/app/lazy-chunk';
import { FullPageLoading } from '../../../shell/session/FullPageLoading';
import { useSession } from '../../../shell/session/session-context';
import { appKeys, appsApi } from '../../apps/api/apps-api';
import { AppWorkspaceContext } from '../../apps/hooks/app-context';
import { useAppRequestContext } from '../../apps/hooks/useAppRequestContext';
import { useWorkspaceValue } from '../../apps/hooks/useWorkspaceValue';
import { TableServices } from '../../tables/components/TableServices';

// The designer and the approval view are separate chunks: people who only approve never load the canvas.
const DesignerPage = lazyPart(() => import('./DesignerPage').then((m) => m.DesignerPage), <FullPageLoading />);
const ApprovalPage = lazyPart(
  () => import('../approval/ApprovalPage').then((m) => m.ApprovalPage),
  <FullPageLoading />,
);

/**
 * The workflow sub-application (spec §2): /workflow/:appCode is the designer (under the shell
 * header), /workflow/:appCode/approval the approval view of one work item (a sub-page: no shell
 * header, no app header). The router's AppAccessGate has run the app access check before the
 * designer; the approval view is opened by people without a role in the app too (the server's view
 * context decides).
 */
export function WorkflowPage() {
  const { appCode = '', '*': sub = '' } = useParams();
  const context = useAppRequestContext(appCode);
  if (!context.ready) return <FullPageLoading />;
  if (sub === 'approval') return <ApprovalApp key={appCode} appCode={appCode} adminMode={context.adminMode} />;
  return <WorkflowApp key={appCode} appCode={appCode} sub={sub} adminMode={context.adminMode} />;
}

function WorkflowApp({ appCode, sub, adminMode }: { appCode: string; sub: string; adminMode: boolean }) {
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
  let page = <NotFoundSubPage />;
  if (sub === '') page = <DesignerPage />;
  else if (sub === 'approval') page = <ApprovalPage />;
  return (
    <AppWorkspaceContext value={context}>
      <TableServices>
        <div style={{ height: '100%' }} data-testid="workflow-page">
          {page}
        </div>
      </TableServices>
    </AppWorkspaceContext>
  );
}

/**
 * The approval view: members of the app get their workspace; a participant or originator without a
 * role gets one with no rights and no menu (nothing of the app is read for them: those calls would
 * refuse), and the view context brings the table and form as their node shows them.
 */
function ApprovalApp({ appCode, adminMode }: { appCode: string; adminMode: boolean }) {
  const engineCode = useSession().current?.engineCode ?? '';
  const access = useQuery({
    queryKey: appKeys.access(engineCode, appCode),
    queryFn: () => appsApi.accessCheck(appCode),
    retry: false,
    gcTime: 0,
  });
  if (access.isPending) return <FullPageLoading />;
  if (access.data?.okFlag) return <WorkflowApp appCode={appCode} sub="approval" adminMode={adminMode} />;
  const outsider: AppWorkspaceContext = {
    engineCode,
    appCode,
    app: {
      code: appCode,
      displayName: '',
      color: 0,
      icon: '',
      displayMode: 'list',
      description: '',
      isStoreUp: false,
      roleName: '',
      ownerName: '',
      ownerUserId: '',
      schemas: [],
      deletedAt: 0,
    },
    permission: { isAppOwner: false, roleName: '', app: { edit: false }, adminMode: false },
    tree: [],
    nodes: [],
    nodesLoading: false,
    canEdit: false,
    canOwn: false,
    adminMode: false,
  };
  return (
    <AppWorkspaceContext value={outsider}>
      <TableServices>
        <div style={{ height: '100%' }} data-testid="workflow-page">
          <ApprovalPage />
        </div>
      </TableServices>
    </AppWorkspaceContext>
  );
}

function NotFoundSubPage() {
  const { t } = useTranslation();
  return <Result status="404" title={t('workflow.notFoundPage')} data-testid="workflow-not-found" />;
}
