import { CommentOutlined } from '@ant-design/icons';
import { Button, Flex, FloatButton, Layout, Result, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { useMatch, useSearchParams } from 'react-router';
import { lazyPart } from '../../../shell/app/lazy-chunk';
import { inPluginModal } from '../../../shell/dialogs/plugin-modal';
import { AppTypeHeader } from '../../../shell/header/AppTypeHeader';
import { MAIN_CONTENT_ID, SkipLink } from '../../../shell/layout/SkipLink';
import { useDocumentTitle } from '../../../shell/layout/useDocumentTitle';
import { useAppNavigate } from '../../../shell/navigation/useAppNavigate';
import { RolePreviewBanner } from '../../app-roles/components/RolePreviewBanner';
import { AppWorkspaceContext } from '../hooks/app-context';
import { useWorkspaceValue } from '../hooks/useWorkspaceValue';
import { AdminModeSwitch } from './AdminModeSwitch';
import { AppContent } from './AppContent';
import { AppMenu } from './menu/AppMenu';
import { AppSettingsButton } from './settings/AppSettingsButton';

// The app's settings page (the role matrix, member picker, sharing, publishing: trees, forms,
// dialogs) is not needed to draw the app's first page: fetched when it is opened.
const AppSettingsPage = lazyPart(() => import('./settings/AppSettingsPage').then((m) => m.AppSettingsPage));

/** The feedback form for this app, remembering the page it was opened on. */
function feedbackHref(appCode: string): string {
  const from = `${window.location.pathname}${window.location.search}`;
  return `/feedback?${new URLSearchParams({ appCode, from })}`;
}

interface AppWorkspaceProps {
  appCode: string;
  adminMode: boolean;
  canUseAdminMode: boolean;
  onAdminModeChange: (on: boolean) => void;
}

/** Inside an app: the app-type header, the menu on the left and the selected item's content. */
export function AppWorkspace({ appCode, adminMode, canUseAdminMode, onAdminModeChange }: AppWorkspaceProps) {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const navigate = useAppNavigate();
  const { context, failed, retry } = useWorkspaceValue(appCode, adminMode);
  const inSettings = useMatch('/app/:appCode/settings/*') !== null;
  useDocumentTitle(context?.app.displayName ?? t('pages.app.title'));

  if (failed) {
    return (
      <Layout style={{ minHeight: '100vh' }} data-testid="app-page">
        <AppTypeHeader title={appCode} color={search.get('color')} />
        <Result
          status="warning"
          title={t('appPage.loadFailed')}
          extra={<Button onClick={retry}>{t('common.retry')}</Button>}
        />
      </Layout>
    );
  }
  if (!context) {
    // The route's colour paints the header while the app loads (spec §2: the app route passes its colour).
    return (
      <Layout style={{ height: '100vh' }} data-testid="app-page-loading">
        <AppTypeHeader title="" color={search.get('color')} />
        <Flex flex={1} align="center" justify="center">
          <Spin size="large" description={t('appPage.loading')} />
        </Flex>
      </Layout>
    );
  }

  const { app } = context;
  // Inside another page's plugin modal: only the page itself, without the app's header and menu.
  if (inPluginModal())
    return (
      <AppWorkspaceContext value={context}>
        <Layout style={{ height: '100vh' }} data-testid="app-page">
          <Layout.Content style={{ overflowY: 'auto' }} data-testid="app-content">
            <AppContent />
          </Layout.Content>
        </Layout>
      </AppWorkspaceContext>
    );
  return (
    <AppWorkspaceContext value={context}>
      <Layout style={{ height: '100vh' }} data-testid="app-page">
        <SkipLink />
        <AppTypeHeader
          title={app.displayName}
          color={app.color}
          icon={app.icon}
          titleExtra={<AppSettingsButton />}
          actionsBefore={
            canUseAdminMode ? <AdminModeSwitch checked={adminMode} onChange={onAdminModeChange} /> : undefined
          }
        />
        <RolePreviewBanner appCode={app.code} />
        {inSettings ? (
          <Layout.Content id={MAIN_CONTENT_ID} tabIndex={-1} style={{ overflow: 'hidden' }} data-testid="app-content">
            <AppSettingsPage />
          </Layout.Content>
        ) : (
          <Layout hasSider>
            <Layout.Sider
              width={240}
              theme="light"
              style={{ borderRight: '1px solid rgba(5,5,5,0.06)', overflowY: 'auto' }}
              data-testid="app-menu-sider"
            >
              <AppMenu />
            </Layout.Sider>
            <Layout.Content id={MAIN_CONTENT_ID} tabIndex={-1} style={{ overflowY: 'auto' }} data-testid="app-content">
              <AppContent />
            </Layout.Content>
          </Layout>
        )}
        <FloatButton
          icon={<CommentOutlined />}
          tooltip={t('header.appFeedback')}
          aria-label={t('header.appFeedback')}
          onClick={() => navigate(feedbackHref(appCode))}
          data-testid="app-feedback-entry"
        />
      </Layout>
    </AppWorkspaceContext>
  );
}
