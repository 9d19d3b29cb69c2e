import { SettingOutlined } from '@ant-design/icons';
import { Button, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { useAppNavigate } from '../../../../shell/navigation/useAppNavigate';
import { useAppWorkspace } from '../../hooks/app-context';

/** The gear beside the app's name: opens the app's settings page (a popover ran off short screens). */
export function AppSettingsButton() {
  const { t } = useTranslation();
  const { appCode } = useAppWorkspace();
  const navigate = useAppNavigate();
  return (
    <Tooltip title={t('appSettings.title')}>
      <Button
        type="text"
        shape="circle"
        icon={<SettingOutlined />}
        aria-label={t('appSettings.title')}
        onClick={() => navigate(`/app/${encodeURIComponent(appCode)}/settings`)}
        data-testid="app-settings-trigger"
      />
    </Tooltip>
  );
}
