import { SafetyCertificateOutlined } from '@ant-design/icons';
import { App, Flex, Switch, Tooltip, Typography } from 'antd';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

/** 管理模式 for team owners/admins (spec §4/§6): while on, requests carry the corporate-admin header. */
export function AdminModeSwitch({ checked, onChange }: { checked: boolean; onChange: (on: boolean) => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const id = useId();
  return (
    <Tooltip title={t('appPage.adminModeHint')}>
      <Flex align="center" gap={6} data-testid="admin-mode">
        <SafetyCertificateOutlined style={{ color: checked ? '#fa8c16' : undefined }} />
        <Typography.Text>
          <label htmlFor={id}>{t('appPage.adminMode')}</label>
        </Typography.Text>
        <Switch
          id={id}
          size="small"
          checked={checked}
          onChange={(on) => {
            onChange(on);
            message.info(on ? t('appPage.adminModeOn') : t('appPage.adminModeOff'));
          }}
          data-testid="admin-mode-switch"
        />
      </Flex>
    </Tooltip>
  );
}
