import { EyeOutlined } from '@ant-design/icons';
import { Alert, Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { rolePreview } from '../../../shell/api/role-preview';

/**
 * Where the preview starts and ends. A full page load each time: every cached answer (menu, rights,
 * records) was the designer's own and must be asked for again.
 */
export function startRolePreview(appCode: string, roleKey: string, roleName: string) {
  rolePreview.start({ appCode, roleKey, roleName });
  window.location.assign(`/app/${encodeURIComponent(appCode)}`);
}

/** Above the app while a designer previews it as a role: what they see, and the way back. */
export function RolePreviewBanner({ appCode }: { appCode: string }) {
  const { t } = useTranslation();
  const preview = rolePreview.of(appCode);
  if (!preview) return null;
  const stop = () => {
    rolePreview.stop();
    window.location.assign(`/app/${encodeURIComponent(appCode)}/settings/permissions`);
  };
  return (
    <Alert
      banner
      type="warning"
      icon={<EyeOutlined />}
      message={t('roleMatrix.previewing', { name: preview.roleName })}
      action={
        <Button size="small" onClick={stop} data-testid="role-preview-stop">
          {t('roleMatrix.previewStop')}
        </Button>
      }
      data-testid="role-preview-banner"
    />
  );
}
