import {
  CloudUploadOutlined,
  DatabaseOutlined,
  DeleteOutlined,
  ExportOutlined,
  FileTextOutlined,
  LockOutlined,
  LogoutOutlined,
  MenuOutlined,
  RestOutlined,
  SettingOutlined,
  ShareAltOutlined,
  SwapOutlined,
  TeamOutlined,
} from '@ant-design/icons';
import { FeatureCode } from '@canopy/contract';
import { App, Button, Divider, Menu, type MenuProps, Popover, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useSession } from '../../../../shell/session/session-context';
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

type Dialog = 'intro' | 'menu' | 'roles' | 'transfer' | 'tableTrash' | 'exportPackage' | 'publish' | 'share' | null;

/**
 * 应用设置 (spec §6): with edit permission the name, colour, icon, mode, introduction, custom menu,
 * roles, transfer, exit and delete; without it a menu reading 无编辑权限 (and exit for app members).
 */
export function AppSettingsPopover() {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const { app, permission, canEdit, canOwn } = useAppWorkspace();
  const actions = useAppSettingsActions();
  const { hasFeature } = useSession();
  // Spec: sharing and publishing appear only with the features appShare / templatePublish on.
  const canPublish = hasFeature(FeatureCode.templatePublish);
  const canShare = hasFeature(FeatureCode.appShare);
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [dialog, setDialog] = useState<Dialog>(null);
  const isOwner = permission.isAppOwner;
  const hasRole = permission.roleName === 'manager' || permission.roleName === 'member' || isOwner;

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
        { key: 'intro', icon: <FileTextOutlined />, label: t('appSettings.intro') },
        { key: 'menu', icon: <MenuOutlined />, label: t('appSettings.customMenu') },
        { key: 'roles', icon: <TeamOutlined />, label: t('appSettings.roles') },
        { key: 'tableTrash', icon: <RestOutlined />, label: t('appSettings.tableTrash') },
        { key: 'datasource', icon: <DatabaseOutlined />, label: t('datasource.menuEntry') },
        { key: 'exportPackage', icon: <ExportOutlined />, label: t('packages.exportTitle') },
        ...(canPublish ? [{ key: 'publish', icon: <CloudUploadOutlined />, label: t('templates.publishMenu') }] : []),
        ...(canShare ? [{ key: 'share', icon: <ShareAltOutlined />, label: t('templates.shareMenu') }] : []),
        ...(canOwn ? [{ key: 'transfer', icon: <SwapOutlined />, label: t('appSettings.transfer') }] : []),
        ...(hasRole ? [{ key: 'exit', icon: <LogoutOutlined />, label: t('appSettings.exit') }] : []),
        ...(canOwn ? [{ key: 'delete', icon: <DeleteOutlined />, label: t('appSettings.delete'), danger: true }] : []),
      ]
    : [
        { key: 'noEdit', icon: <LockOutlined />, label: t('appSettings.noEdit'), disabled: true },
        ...(hasRole && !isOwner ? [{ key: 'exit', icon: <LogoutOutlined />, label: t('appSettings.exit') }] : []),
      ];
  const onClick: MenuProps['onClick'] = ({ key }) => {
    setOpen(false);
    if (
      key === 'intro' ||
      key === 'menu' ||
      key === 'roles' ||
      key === 'transfer' ||
      key === 'tableTrash' ||
      key === 'exportPackage' ||
      key === 'publish' ||
      key === 'share'
    )
      setDialog(key);
    else if (key === 'datasource') navigate(`/datasource/${encodeURIComponent(app.code)}`);
    else if (key === 'exit') confirmExit();
    else if (key === 'delete') confirmDelete();
  };

  const content = (
    <div style={{ width: canEdit ? 320 : 200 }} data-testid="app-settings">
      {canEdit && (
        <>
          <AppLookForm update={actions.update} />
          <Divider style={{ margin: '14px 0 6px' }} />
        </>
      )}
      <Menu
        mode="vertical"
        selectable={false}
        items={items}
        onClick={onClick}
        style={{ border: 'none', boxShadow: 'none' }}
        data-testid="app-settings-menu"
      />
    </div>
  );

  return (
    <>
      <Popover
        open={open}
        onOpenChange={setOpen}
        trigger="click"
        placement="bottomLeft"
        title={<Typography.Text strong>{t('appSettings.title')}</Typography.Text>}
        content={content}
        destroyOnHidden
      >
        <Tooltip title={t('appSettings.title')} open={open ? false : undefined}>
          <Button
            type="text"
            shape="circle"
            icon={<SettingOutlined />}
            aria-label={t('appSettings.title')}
            data-testid="app-settings-trigger"
          />
        </Tooltip>
      </Popover>
      {dialog === 'intro' && <IntroEditorDialog onClose={() => setDialog(null)} />}
      {dialog === 'menu' && <CustomMenuDialog onClose={() => setDialog(null)} />}
      {dialog === 'roles' && <AppRolesDialog onClose={() => setDialog(null)} />}
      {dialog === 'exportPackage' && <ExportPackageDialog appCode={app.code} onClose={() => setDialog(null)} />}
      {dialog === 'publish' && <PublishTemplateDialog app={app} onClose={() => setDialog(null)} />}
      {dialog === 'share' && <ShareAppDialog appCode={app.code} onClose={() => setDialog(null)} />}
      <TableTrashDrawer open={dialog === 'tableTrash'} onClose={() => setDialog(null)} />
      <TransferDialog open={dialog === 'transfer'} transfer={actions.transfer} onClose={() => setDialog(null)} />
    </>
  );
}
