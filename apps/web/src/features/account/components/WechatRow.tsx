import { WechatOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Flex, Image, Popconfirm, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../shell/api/form-errors';
import { sessionKeys } from '../../../shell/session/query-keys';
import { useSession } from '../../../shell/session/session-context';
import { wechatBindCheck, wechatQrCode, wechatUnbind } from '../api/account-api';
import { SettingRow } from './SettingRow';

/** WeChat binding: a QR code to scan, or the server's answer why there is none (not configured). */
export function WechatRow() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { user } = useSession();
  const queryClient = useQueryClient();
  const bound = user.thirdBinds.wechat.openName;
  const [qr, setQr] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const attempt = async (action: () => Promise<void>) => {
    setBusy(true);
    setProblem(null);
    try {
      await action();
    } catch (e) {
      setProblem(errorText(e));
    } finally {
      setBusy(false);
    }
  };

  const bind = () =>
    attempt(async () => {
      setQr((await wechatQrCode()).url);
    });
  const check = () =>
    attempt(async () => {
      if (await wechatBindCheck()) {
        setQr(null);
        await queryClient.invalidateQueries({ queryKey: sessionKeys.basicUser });
        message.success(t('account.wechatBound'));
      } else message.info(t('account.wechatNotYet'));
    });
  const unbind = () =>
    attempt(async () => {
      await wechatUnbind();
      await queryClient.invalidateQueries({ queryKey: sessionKeys.basicUser });
      message.success(t('account.wechatUnbound'));
    });

  const action = bound ? (
    <Popconfirm title={t('account.wechatUnbindConfirm')} onConfirm={unbind}>
      <Button loading={busy}>{t('account.wechatUnbind')}</Button>
    </Popconfirm>
  ) : qr ? (
    <Button loading={busy} onClick={() => void check()}>
      {t('account.wechatCheck')}
    </Button>
  ) : (
    <Button loading={busy} onClick={() => void bind()} data-testid="wechat-bind">
      {t('account.wechatBind')}
    </Button>
  );

  return (
    <SettingRow
      icon={<WechatOutlined />}
      label={t('account.wechat')}
      value={bound || t('account.notBound')}
      action={action}
    >
      {qr && (
        <Flex vertical align="center" gap={8} style={{ paddingTop: 8 }}>
          <Image src={qr} width={160} preview={false} alt={t('account.wechatQrAlt')} />
          <Typography.Text type="secondary">{t('account.wechatScan')}</Typography.Text>
        </Flex>
      )}
      {problem && (
        <Alert type="warning" showIcon title={problem} style={{ marginTop: 8 }} data-testid="wechat-problem" />
      )}
    </SettingRow>
  );
}
