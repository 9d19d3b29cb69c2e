import {
  ArrowLeftOutlined,
  CloudUploadOutlined,
  DatabaseOutlined,
  DeleteOutlined,
  ExportOutlined,
  FileTextOutlined,
  FormatPainterOutlined,
  LockOutlined,
  LogoutOutlined,
  MenuOutlined,
  RestOutlined,
  SafetyOutlined,
  ShareAltOutlined,
  SwapOutlined,
  TeamOutlined,
  ThunderboltOutlined,
} from '@ant-design/icons';
import { FeatureCode } from '@canopy/contract';
import { App, Button, Card, Flex, Grid, Menu, type MenuProps, Result, theme } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { PageHeading } from '../../../../shell/layout/PageHeading';
import { useAppNavigate } from '../../../../shell/navigation/useAppNavigate';
import { useSession } from '../../../../shell/session/session-context';
import { RoleMatrix } from '../../../app-roles/components/RoleMatrix';
import { PublishTemplateDialog } from '../../../templates/components/PublishTemplateDialog';
import { ShareAppDialog } from '../../../templates/components/ShareAppDialog';
import { useAppWorkspace } from '../../hooks/app-context';
import { IntroEditorDialog } from '../intro/IntroEditorDialog';
import { TableTrashDrawer } from '../TableTrashDrawer';
import { AppLookForm } from './AppLookForm';
import { AppRolesDialog } from './AppRolesDialog';
import { CustomMenuDialog } from './CustomMenuDialog';
import { ExportPackageDialog } from './ExportPackageDialog';
import { TransferDialog } from './TransferDialog';
import { useAppSettingsActions } from './useAppSettingsActions';

type Dialog = 'intro' | 'menu' | 'roles' | 'transfer' | 'tableTrash' | 'exportPackage' | 'publish' | 'share';
const DIALOGS: readonly string[] = [
  'intro',
  'menu',
  'roles',
  'transfer',
  'tableTrash',
  'exportPackage',
  'publish',
  'share',
];
/** Sections shown in the page itself (the rest of the menu opens dialogs or other pages). */
type Section = 'general' | 'permissions';

/**
 * 应用设置 (spec §6, issue 27): a page of the app rather than a popover, so it fits any screen. With
 * edit permission: the name and look, 权限 (the role matrix), members, introduction, custom menu,
 * tables' recycle bin, data sources, packages, publishing, sharing, transfer, exit and delete;
 * without it a menu reading 无编辑权限 (and exit for app members).
 */
export function AppSettingsPage() {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const { app, appCode, permission, canEdit, canOwn } = useAppWorkspace();
  const actions = useAppSettingsActions();
  const { hasFeature } = useSession();
  const screens = Grid.useBreakpoint();
  const { token } = theme.useToken();
  const { section: rawSection } = useParams();
  const section: Section = rawSection === 'permissions' ? 'permissions' : 'general';
  // Spec: sharing and publishing appear only with the features appShare / templatePublish on.
  const canPublish = hasFeature(FeatureCode.templatePublish);
  const canShare = hasFeature(FeatureCode.appShare);
  const navigate = useAppNavigate();
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const isOwner = permission.isAppOwner;
  const hasRole = permission.roleName === 'manager' || permission.roleName === 'member' || isOwner;
  const base = `/app/${encodeURIComponent(appCode)}`;

  const confirmExit = () => {
    if (isOwner) {
      modal.confirm({
        title: t('appSettings.ownerExitTitle'),
        content: t('appSettings.ownerExitContent'),
        okText: t('appSettings.goTransfer'),
        onOk: () => setDialog('transfer'),
      });
      return;
    }
    modal.confirm({
      title: t('appSettings.exitTitle', { name: app.displayName }),
      content: t('appSettings.exitContent'),
      okText: t('appSettings.exitConfirm'),
      okButtonProps: { danger: true },
      onOk: () => actions.exit.mutateAsync().catch(() => undefined),
    });
  };
  const confirmDelete = () =>
    modal.confirm({
      title: t('appSettings.deleteTitle', { name: app.displayName }),
      content: t('appSettings.deleteContent'),
      okText: t('appSettings.deleteConfirm'),
      okButtonProps: { danger: true },
      onOk: () => actions.remove.mutateAsync().catch(() => undefined),
    });

  const items: MenuProps['items'] = canEdit
    ? [
        { key: 'general', icon: <FormatPainterOutlined />, label: t('appSettings.general') },
        { key: 'permissions', icon: <SafetyOutlined />, label: t('appSettings.permissions') },
        { key: 'roles', icon: <TeamOutlined />, label: t('appSettings.roles') },
        { key: 'intro', icon: <FileTextOutlined />, label: t('appSettings.intro') },
        { key: 'menu', icon: <MenuOutlined />, label: t('appSettings.customMenu') },
        { type: 'divider' },
        { key: 'tableTrash', icon: <RestOutlined />, label: t('appSettings.tableTrash') },
        { key: 'automations', icon: <ThunderboltOutlined />, label: t('automations.menuEntry') },
        { key: 'datasource', icon: <DatabaseOutlined />, label: t('datasource.menuEntry') },
        { key: 'exportPackage', icon: <ExportOutlined />, label: t('packages.exportTitle') },
        ...(canPublish ? [{ key: 'publish', icon: <CloudUploadOutlined />, label: t('templates.publishMenu') }] : []),
        ...(canShare ? [{ key: 'share', icon: <ShareAltOutlined />, label: t('templates.shareMenu') }] : []),
        { type: 'divider' },
        ...(canOwn ? [{ key: 'transfer', icon: <SwapOutlined />, label: t('appSettings.transfer') }] : []),
        ...(hasRole ? [{ key: 'exit', icon: <LogoutOutlined />, label: t('appSettings.exit') }] : []),
        ...(canOwn ? [{ key: 'delete', icon: <DeleteOutlined />, label: t('appSettings.delete'), danger: true }] : []),
      ]
    : [
        { key: 'noEdit', icon: <LockOutlined />, label: t('appSettings.noEdit'), disabled: true },
        ...(hasRole && !isOwner ? [{ key: 'exit', icon: <LogoutOutlined />, label: t('appSettings.exit') }] : []),
      ];
  const onClick: MenuProps['onClick'] = ({ key }) => {
    if (key === 'general') navigate(`${base}/settings`);
    else if (key === 'permissions') navigate(`${base}/settings/permissions`);
    else if (DIALOGS.includes(key)) setDialog(key as Dialog);
    else if (key === 'automations') navigate(`/automations/${encodeURIComponent(appCode)}`);
    else if (key === 'datasource') navigate(`/datasource/${encodeURIComponent(appCode)}`);
    else if (key === 'exit') confirmExit();
    else if (key === 'delete') confirmDelete();
  };

  let content = <Result status="403" title={t('appSettings.noEdit')} subTitle={t('appSettings.noEditHint')} />;
  if (canEdit && section === 'general')
    content = (
      <Card title={t('appSettings.general')} style={{ maxWidth: 520 }} data-testid="app-settings-general">
        <AppLookForm update={actions.update} />
      </Card>
    );
  else if (canEdit) content = <RoleMatrix />;

  const wide = screens.md !== false;
  return (
    <Flex vertical style={{ height: '100%', minHeight: 0 }} data-testid="app-settings">
      <Flex align="center" gap={12} wrap style={{ padding: '12px 24px', borderBottom: '1px solid rgba(5,5,5,0.06)' }}>
        <Button icon={<ArrowLeftOutlined />} onClick={() => navigate(base)} data-testid="app-settings-back">
          {t('appSettings.back')}
        </Button>
        <PageHeading style={{ margin: 0 }}>{t('appSettings.title')}</PageHeading>
      </Flex>
      <Flex vertical={!wide} flex={1} style={{ minHeight: 0 }}>
        <nav
          aria-label={t('appSettings.title')}
          style={{
            width: wide ? 220 : '100%',
            flex: 'none',
            overflowY: 'auto',
            borderInlineEnd: wide ? `1px solid ${token.colorSplit}` : undefined,
            background: token.colorBgContainer,
          }}
        >
          <Menu
            mode={wide ? 'inline' : 'horizontal'}
            selectedKeys={canEdit ? [section] : []}
            items={items}
            onClick={onClick}
            style={{ border: 'none' }}
            data-testid="app-settings-menu"
          />
        </nav>
        <section style={{ flex: 1, minWidth: 0, overflow: 'auto', padding: wide ? 24 : 16 }}>{content}</section>
      </Flex>
      {dialog === 'intro' && <IntroEditorDialog onClose={() => setDialog(null)} />}
      {dialog === 'menu' && <CustomMenuDialog onClose={() => setDialog(null)} />}
      {dialog === 'roles' && <AppRolesDialog onClose={() => setDialog(null)} />}
      {dialog === 'exportPackage' && <ExportPackageDialog appCode={app.code} onClose={() => setDialog(null)} />}
      {dialog === 'publish' && <PublishTemplateDialog app={app} onClose={() => setDialog(null)} />}
      {dialog === 'share' && <ShareAppDialog appCode={app.code} onClose={() => setDialog(null)} />}
      <TableTrashDrawer open={dialog === 'tableTrash'} onClose={() => setDialog(null)} />
      <TransferDialog open={dialog === 'transfer'} transfer={actions.transfer} onClose={() => setDialog(null)} />
    </Flex>
  );
}
