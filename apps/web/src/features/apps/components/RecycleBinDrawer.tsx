import type { AppItem } from '@canopy/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Drawer, Empty, List, Result, Space, Typography } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../shell/api/form-errors';
import { useSession } from '../../../shell/session/session-context';
import { appKeys, appsApi } from '../api/apps-api';
import { AppIcon } from './AppIcon';

/** 应用回收站: deleted apps the member may restore or delete for good (with a confirmation). */
export function RecycleBinDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const { current } = useSession();
  const engineCode = current?.engineCode ?? '';
  const queryClient = useQueryClient();
  const bin = useQuery({
    queryKey: appKeys.recycleBin(engineCode),
    queryFn: appsApi.recycleBin,
    enabled: open && Boolean(engineCode),
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: appKeys.all(engineCode) });

  const restore = useMutation({
    mutationFn: (app: AppItem) => appsApi.restore(app.code),
    onSuccess: (_data, app) => {
      message.success(t('recycleBin.restored', { name: app.displayName }));
      return refresh();
    },
    onError: (error) => message.error(errorText(error)),
  });
  const purge = useMutation({
    mutationFn: (app: AppItem) => appsApi.purge(app.code),
    onSuccess: () => {
      message.success(t('recycleBin.purged'));
      return refresh();
    },
    onError: (error) => message.error(errorText(error)),
  });

  const confirmPurge = (app: AppItem) =>
    modal.confirm({
      title: t('recycleBin.purgeTitle', { name: app.displayName }),
      content: t('recycleBin.purgeContent'),
      okText: t('recycleBin.purge'),
      okButtonProps: { danger: true },
      // The failure is already shown; the dialog just closes.
      onOk: () => purge.mutateAsync(app).catch(() => undefined),
    });

  return (
    <Drawer open={open} onClose={onClose} title={t('recycleBin.title')} size={480} data-testid="recycle-bin">
      <Typography.Paragraph type="secondary">{t('recycleBin.intro')}</Typography.Paragraph>
      {bin.isError ? (
        <Result
          status="warning"
          title={t('recycleBin.loadFailed')}
          extra={<Button onClick={() => void bin.refetch()}>{t('common.retry')}</Button>}
        />
      ) : (
        <List
          loading={bin.isPending}
          dataSource={bin.data ?? []}
          locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('recycleBin.empty')} /> }}
          renderItem={(app) => (
            <List.Item
              data-testid={`recycle-item-${app.displayName}`}
              actions={[
                <Button
                  key="restore"
                  size="small"
                  loading={restore.isPending && restore.variables?.code === app.code}
                  onClick={() => restore.mutate(app)}
                  data-testid="recycle-restore"
                >
                  {t('recycleBin.restore')}
                </Button>,
                <Button key="purge" size="small" danger onClick={() => confirmPurge(app)} data-testid="recycle-purge">
                  {t('recycleBin.purge')}
                </Button>,
              ]}
            >
              <List.Item.Meta
                avatar={<AppIcon icon={app.icon} color={app.color} size={36} />}
                title={app.displayName}
                description={
                  <Space size={12} wrap>
                    <span>{t('recycleBin.deletedAt', { time: dayjs(app.deletedAt).format('YYYY-MM-DD HH:mm') })}</span>
                    {app.ownerName && <span>{t('recycleBin.owner', { name: app.ownerName })}</span>}
                  </Space>
                }
              />
            </List.Item>
          )}
        />
      )}
    </Drawer>
  );
}
