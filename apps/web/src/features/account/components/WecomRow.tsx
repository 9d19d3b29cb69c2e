import { WechatWorkOutlined } from '@ant-design/icons';
import { WECOM_START_PATH, WecomEndpoints } from '@canopy/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { call } from '../../../shell/api/client';
import { isMobileClient, isWeComClient } from '../../../shell/environment/user-agent';
import { SettingRow } from './SettingRow';

const bindingKey = ['account', 'wecom-binding'] as const;

/**
 * WeCom binding (spec §5): made from the WeCom PC client, where WeCom's OAuth names the member; then
 * opening the app inside WeCom signs them in. Elsewhere the row says where to bind. Shown only when
 * the instance has WeCom set up.
 */
export function WecomRow() {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const queryClient = useQueryClient();
  const binding = useQuery({
    queryKey: bindingKey,
    queryFn: () => call(WecomEndpoints.binding, { tenant: false }),
  });
  if (!binding.data?.available) return null;
  const bound = binding.data.wecomUserId;
  const canBindHere = isWeComClient() && !isMobileClient();
  const back = `${window.location.pathname}${window.location.search}`;

  const unbind = () =>
    modal.confirm({
      title: t('wecom.unbindTitle'),
      content: t('wecom.unbindConfirm'),
      okText: t('wecom.unbind'),
      okButtonProps: { danger: true, id: 'wecom-unbind-confirm' },
      onOk: async () => {
        const next = await call(WecomEndpoints.unbind, { tenant: false });
        queryClient.setQueryData(bindingKey, next);
        message.success(t('wecom.unbound'));
      },
    });

  const action = bound ? (
    <Button onClick={unbind} data-testid="wecom-unbind">
      {t('wecom.unbind')}
    </Button>
  ) : canBindHere ? (
    <Button href={`${WECOM_START_PATH}?purpose=bind&redirect=${encodeURIComponent(back)}`} data-testid="wecom-bind">
      {t('wecom.bind')}
    </Button>
  ) : (
    <Typography.Text type="secondary" data-testid="wecom-bind-hint">
      {t('wecom.bindInClient')}
    </Typography.Text>
  );

  return (
    <SettingRow
      icon={<WechatWorkOutlined />}
      label={t('wecom.row')}
      value={<span data-testid="wecom-bound">{bound ? t('wecom.boundAs', { id: bound }) : t('account.notBound')}</span>}
      action={action}
      testId="wecom-row"
    />
  );
}
