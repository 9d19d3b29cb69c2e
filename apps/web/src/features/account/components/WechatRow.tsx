import { WechatOutlined } from '@ant-design/icons';
import type { WechatQrCode } from '@canopy/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Flex, QRCode, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../shell/api/form-errors';
import { sessionKeys } from '../../../shell/session/query-keys';
import { useSession } from '../../../shell/session/session-context';
import { wechatBindCheck, wechatQrCode, wechatUnbind } from '../api/account-api';
import { SettingRow } from './SettingRow';

/** How often the dialog asks whether the code has been scanned. */
const BIND_POLL_MS = 2000;

/**
 * WeChat binding: a one-time QR code, polled with bind/check until the scan binds the account; then
 * the bound WeChat name with an unbind action (confirmed first). On an instance without an official
 * account the code comes from the developer provider, and says so.
 */
export function WechatRow() {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const { user } = useSession();
  const queryClient = useQueryClient();
  const bound = user.thirdBinds.wechat.openName;
  const [qr, setQr] = useState<WechatQrCode | null>(null);
  const [expired, setExpired] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const polling = qr !== null && !expired;
  const check = useQuery({
    queryKey: ['account', 'wechat-bind-check', qr?.url],
    queryFn: wechatBindCheck,
    enabled: polling,
    refetchInterval: polling ? BIND_POLL_MS : false,
    gcTime: 0,
  });

  useEffect(() => {
    if (!qr) return;
    const left = qr.expiresAt - Date.now();
    const timer = window.setTimeout(() => setExpired(true), Math.max(0, left));
    return () => window.clearTimeout(timer);
  }, [qr]);

  useEffect(() => {
    if (!check.data) return;
    setQr(null);
    void queryClient.invalidateQueries({ queryKey: sessionKeys.basicUser });
    message.success(t('account.wechatBound'));
  }, [check.data, queryClient, message, t]);

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
  const showCode = () =>
    attempt(async () => {
      const code = await wechatQrCode();
      setExpired(false);
      setQr(code);
    });
  const unbind = () =>
    modal.confirm({
      title: t('account.wechatUnbindTitle', { name: bound }),
      content: t('account.wechatUnbindConfirm'),
      okText: t('account.wechatUnbind'),
      okButtonProps: { danger: true, id: 'wechat-unbind-confirm' },
      onOk: () =>
        attempt(async () => {
          await wechatUnbind();
          await queryClient.invalidateQueries({ queryKey: sessionKeys.basicUser });
          message.success(t('account.wechatUnbound'));
        }),
    });

  const action = bound ? (
    <Button loading={busy} onClick={unbind} data-testid="wechat-unbind">
      {t('account.wechatUnbind')}
    </Button>
  ) : qr ? (
    <Button onClick={() => setQr(null)}>{t('common.cancel')}</Button>
  ) : (
    <Button loading={busy} onClick={() => void showCode()} data-testid="wechat-bind">
      {t('account.wechatBind')}
    </Button>
  );

  return (
    <SettingRow
      icon={<WechatOutlined />}
      label={t('account.wechat')}
      value={<span data-testid="wechat-bound-name">{bound || t('account.notBound')}</span>}
      action={action}
      testId="wechat-row"
    >
      {qr && (
        <Flex vertical align="center" gap={8} style={{ paddingTop: 8 }} data-testid="wechat-qr">
          <QRCode
            value={qr.url}
            size={160}
            status={expired ? 'expired' : 'active'}
            onRefresh={() => void showCode()}
            aria-label={t('account.wechatQrAlt')}
          />
          <Typography.Text type="secondary">{t('account.wechatScan')}</Typography.Text>
          {qr.developer && (
            <Alert
              type="info"
              showIcon
              title={t('account.wechatDeveloper')}
              style={{ width: '100%' }}
              data-testid="wechat-developer"
            />
          )}
        </Flex>
      )}
      {problem && (
        <Alert type="warning" showIcon title={problem} style={{ marginTop: 8 }} data-testid="wechat-problem" />
      )}
    </SettingRow>
  );
}
