import { CopyOutlined, LinkOutlined } from '@ant-design/icons';
import { type AppShareInfo, sharePagePath } from '@canopy/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Empty, Flex, Input, List, Modal, Popconfirm, Select, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../shell/api/api-error';
import { errorText } from '../../../shell/api/form-errors';
import { templateKeys, templatesApi } from '../api/templates-api';

const EXPIRIES = [0, 7, 30, 90] as const;

/**
 * 分享应用 (feature appShare): a link anyone signed in (of any team) opens to preview the app's design
 * and install it into their own team. The link is shown once when made (only its hash is kept);
 * links can be revoked.
 */
export function ShareAppDialog({ appCode, onClose }: { appCode: string; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [days, setDays] = useState<number>(7);
  const [creating, setCreating] = useState(false);
  const [link, setLink] = useState<string | null>(null);
  const shares = useQuery({ queryKey: templateKeys.shares(appCode), queryFn: () => templatesApi.shares(appCode) });

  const create = async () => {
    setCreating(true);
    try {
      const made = await templatesApi.createShare(appCode, days || undefined);
      setLink(`${window.location.origin}${sharePagePath(made.token)}`);
      await queryClient.invalidateQueries({ queryKey: templateKeys.shares(appCode) });
    } catch (error) {
      message.error(isApiError(error) ? errorText(error) : t('templates.shareFailed'));
    } finally {
      setCreating(false);
    }
  };
  const revoke = async (share: AppShareInfo) => {
    try {
      await templatesApi.revokeShare(appCode, share.id);
      message.success(t('templates.revoked'));
      await queryClient.invalidateQueries({ queryKey: templateKeys.shares(appCode) });
    } catch (error) {
      message.error(isApiError(error) ? errorText(error) : t('templates.shareFailed'));
    }
  };
  const state = (s: AppShareInfo) => {
    if (s.revoked) return <Tag>{t('templates.stateRevoked')}</Tag>;
    if (s.expiresAt && s.expiresAt <= Date.now()) return <Tag color="orange">{t('templates.stateExpired')}</Tag>;
    return <Tag color="green">{t('templates.stateActive')}</Tag>;
  };

  return (
    <Modal open title={t('templates.shareTitle')} onCancel={onClose} footer={null} width={560} destroyOnHidden>
      <Flex vertical gap={16} data-testid="share-app-dialog">
        <Typography.Text type="secondary">{t('templates.shareIntro')}</Typography.Text>
        <Flex gap={8} align="center">
          <Typography.Text>{t('templates.expiry')}</Typography.Text>
          <Select
            value={days}
            onChange={setDays}
            style={{ width: 140 }}
            options={EXPIRIES.map((d) => ({
              value: d,
              label: d ? t('templates.expiryDays', { count: d }) : t('templates.expiryNever'),
            }))}
          />
          <Button type="primary" icon={<LinkOutlined />} loading={creating} onClick={() => void create()}>
            {t('templates.createLink')}
          </Button>
        </Flex>
        {link && (
          <Alert
            type="success"
            showIcon
            message={t('templates.linkOnce')}
            description={
              <Flex gap={8}>
                <Input value={link} readOnly data-testid="share-link" />
                <Button
                  icon={<CopyOutlined />}
                  onClick={() =>
                    void navigator.clipboard?.writeText(link).then(() => message.success(t('templates.copied')))
                  }
                >
                  {t('templates.copy')}
                </Button>
              </Flex>
            }
          />
        )}
        <List
          loading={shares.isLoading}
          dataSource={shares.data?.shares ?? []}
          locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('templates.noLinks')} /> }}
          renderItem={(s) => (
            <List.Item
              actions={
                s.revoked
                  ? []
                  : [
                      <Popconfirm
                        key="revoke"
                        title={t('templates.revokeConfirm')}
                        okButtonProps={{ danger: true }}
                        onConfirm={() => revoke(s)}
                      >
                        <Button type="link" danger size="small">
                          {t('templates.revoke')}
                        </Button>
                      </Popconfirm>,
                    ]
              }
            >
              <List.Item.Meta
                title={
                  <Flex gap={8} align="center">
                    {state(s)}
                    {t('templates.linkBy', {
                      name: s.creatorName,
                      time: dayjs(s.createdAt).format('YYYY-MM-DD HH:mm'),
                    })}
                  </Flex>
                }
                description={
                  s.expiresAt
                    ? t('templates.expiresAt', { time: dayjs(s.expiresAt).format('YYYY-MM-DD HH:mm') })
                    : t('templates.expiryNever')
                }
              />
            </List.Item>
          )}
        />
      </Flex>
    </Modal>
  );
}
